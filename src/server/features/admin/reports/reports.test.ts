import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminAuditPageSchema } from '../../../../shared/admin.js';
import { AdminReportListSchema, AdminReportSchema, ReportSchema } from '../../../../shared/reports.js';
import {
  ask,
  companyWithReferrers,
  currentReferral,
  declineAndSettle,
} from '../../../testing/handoff-fixtures.js';
import {
  ORIGIN,
  createTestApp,
  testDatabases,
  type SignedIn,
  type TestApp,
} from '../../../testing/test-app.js';

/** Issue 25 item 2: reports between users who share a request, and the admin who resolves them. */
describe.each(testDatabases)('reports (%s)', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let seeker: SignedIn;
  let earlier: SignedIn;
  let holder: SignedIn;
  let stranger: SignedIn;
  let requestId: number;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false }, { ADMIN_EMAILS: 'boss@example.com' });
    admin = await t.signIn('Bo Boss', 'boss@example.com');
    const { company, referrers } = await companyWithReferrers(t, 'Eli Earlier', 'Hana Holder');
    [earlier, holder] = referrers as [SignedIn, SignedIn];
    seeker = await t.signIn('Sid Seeker');
    stranger = await t.signIn('Stan Stranger');
    requestId = await ask(seeker, company);
    const first = (await currentReferral(t, requestId))!;
    expect((await declineAndSettle(t, earlier, first.id)).statusCode).toBe(200);
    expect((await currentReferral(t, requestId))!.referrerId).toBe(holder.user.id);
  });
  afterAll(async () => {
    await t.close();
  });

  const report = (who: SignedIn, body: Record<string, unknown>) => who.post('/api/reports', body);

  it('lets the seeker and every referrer who held the request report each other, once while open', async () => {
    const res = await report(holder, {
      subjectUserId: seeker.user.id,
      requestId,
      reason: 'payment',
      note: 'Offered me $200 in the thread.',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(ReportSchema.parse(res.json())).toMatchObject({
      subjectUserId: seeker.user.id,
      requestId,
      reason: 'payment',
      status: 'open',
    });
    const again = await report(holder, { subjectUserId: seeker.user.id, reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('You already reported this user, and an admin has not looked at it yet.');
    // The earlier referrer held it too; without a request id the shared one is found.
    const byEarlier = await report(earlier, {
      subjectUserId: seeker.user.id,
      reason: 'harassment',
      note: '',
    });
    expect(byEarlier.statusCode).toBe(201);
    expect(byEarlier.json().requestId).toBe(requestId);
    expect(
      (await report(seeker, { subjectUserId: holder.user.id, reason: 'fake_referrer', note: 'Not there' }))
        .statusCode,
    ).toBe(201);
  });

  it('answers 404 about anyone the reporter shares no request with, and 400 on bad input', async () => {
    const notFound = 'There is no such user.';
    for (const [who, subject, extra] of [
      [stranger, seeker.user.id, {}],
      [earlier, holder.user.id, {}],
      [seeker, stranger.user.id, {}],
      [seeker, 999_999, {}],
      [holder, seeker.user.id + 0, { requestId: requestId + 1000 }],
    ] as const) {
      const res = await report(who, { subjectUserId: subject, reason: 'spam', note: '', ...extra });
      expect(res.statusCode, `${who.user.fullName} about ${subject}`).toBe(404);
      expect(res.json().error).toBe(notFound);
    }
    const self = await report(seeker, { subjectUserId: seeker.user.id, reason: 'spam' });
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe('You cannot report yourself.');
    const other = await report(seeker, { subjectUserId: earlier.user.id, reason: 'other', note: '  ' });
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toMatch(/^Say what happened in the note/);
    const long = await report(seeker, {
      subjectUserId: earlier.user.id,
      reason: 'spam',
      note: 'x'.repeat(1001),
    });
    expect(long.statusCode).toBe(400);
    const reason = await report(seeker, { subjectUserId: earlier.user.id, reason: 'rude' });
    expect(reason.statusCode).toBe(400);
    expect(reason.json().error).toMatch(/^The reason must be/);
    const visitor = await t.app.inject({ method: 'POST', url: '/api/reports', headers: ORIGIN, payload: {} });
    expect(visitor.statusCode).toBe(401);
  });

  it('gives admins the open queue with both users, the request and the note; resolving is audited once', async () => {
    expect((await seeker.get('/api/admin/reports')).statusCode).toBe(404);
    const queue = AdminReportListSchema.parse((await admin.get('/api/admin/reports')).json());
    const payment = queue.find((r) => r.reason === 'payment')!;
    expect(payment).toMatchObject({
      note: 'Offered me $200 in the thread.',
      reporter: { id: holder.user.id, fullName: 'Hana Holder' },
      subject: { id: seeker.user.id, fullName: 'Sid Seeker' },
      request: { id: requestId, position: 'Software Engineer' },
      resolution: null,
    });
    expect(queue.map((r) => r.id)).toEqual([...queue.map((r) => r.id)].sort((a, b) => a - b));

    const url = `/api/admin/reports/${payment.id}/resolve`;
    expect((await seeker.post(url, { action: 'dismissed' })).statusCode).toBe(404);
    expect((await admin.post(url, { action: 'banned' })).statusCode).toBe(400);
    const resolved = await admin.post(url, { action: 'warned', note: 'Told them to stop.' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(AdminReportSchema.parse(resolved.json())).toMatchObject({
      status: 'resolved',
      resolution: { action: 'warned', note: 'Told them to stop.' },
    });
    expect((await admin.post(url, { action: 'dismissed' })).statusCode).toBe(409);
    expect((await admin.post('/api/admin/reports/999999/resolve', { action: 'dismissed' })).statusCode).toBe(
      404,
    );
    const after = AdminReportListSchema.parse((await admin.get('/api/admin/reports')).json());
    expect(after.some((r) => r.id === payment.id)).toBe(false);

    const audit = AdminAuditPageSchema.parse((await admin.get('/api/admin/audit')).json());
    expect(audit.filter((e) => e.targetType === 'report')).toEqual([
      expect.objectContaining({
        action: 'report.warned',
        targetId: payment.id,
        reason: 'Told them to stop.',
        actorId: admin.user.id,
        actorEmail: 'boss@example.com',
      }),
    ]);
    // Once resolved, the holder may report the seeker again.
    expect((await report(holder, { subjectUserId: seeker.user.id, reason: 'spam' })).statusCode).toBe(201);
  });
});
