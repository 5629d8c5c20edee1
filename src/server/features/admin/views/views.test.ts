import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminRequestViewSchema, AdminUserViewSchema } from '../../../../shared/admin-views.js';
import {
  ask,
  companyWithReferrers,
  currentReferral,
  declineAndSettle,
} from '../../../testing/handoff-fixtures.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../../testing/test-app.js';

/** Issue 46 item 9: a report links to its user and its request, each an admin's read-only view. */
describe.each(testDatabases)('the admin views of a user and a request (%s)', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let seeker: SignedIn;
  let earlier: SignedIn;
  let holder: SignedIn;
  let requestId: number;
  let company: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false }, { ADMIN_EMAILS: 'boss@example.com' });
    admin = await t.signIn('Bo Boss', 'boss@example.com');
    const made = await companyWithReferrers(t, 'Eli Earlier', 'Hana Holder');
    company = made.company;
    [earlier, holder] = made.referrers as [SignedIn, SignedIn];
    seeker = await t.signIn('Sid Seeker');
    requestId = await ask(seeker, company);
    const first = (await currentReferral(t, requestId))!;
    expect((await declineAndSettle(t, earlier, first.id, 'Not my team.')).statusCode).toBe(200);
    const second = (await currentReferral(t, requestId))!;
    expect((await holder.put(`/api/referrals/${second.id}/status`, { status: 'accepted' })).statusCode).toBe(
      200,
    );
    const reported = await holder.post('/api/reports', {
      subjectUserId: seeker.user.id,
      requestId,
      reason: 'payment',
      note: 'Offered me $200.',
    });
    expect(reported.statusCode, reported.body).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows an admin the reported user: who, their requests, and the reports about them', async () => {
    const res = await admin.get(`/api/admin/users/${seeker.user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const view = AdminUserViewSchema.parse(res.json());
    expect(view.user).toMatchObject({ id: seeker.user.id, fullName: 'Sid Seeker' });
    expect(view.requests).toEqual([
      expect.objectContaining({ id: requestId, companyName: company, status: 'accepted', passedOnAt: null }),
    ]);
    expect(view.referrals).toEqual([]);
    expect(view.reportsAbout).toEqual([
      expect.objectContaining({
        reason: 'payment',
        status: 'open',
        note: 'Offered me $200.',
        requestId,
        reporter: { id: holder.user.id, fullName: 'Hana Holder', email: holder.user.email },
      }),
    ]);
  });

  it("shows a referrer's referrals, one passed on from them", async () => {
    const view = AdminUserViewSchema.parse((await admin.get(`/api/admin/users/${earlier.user.id}`)).json());
    expect(view.referrals).toEqual([
      expect.objectContaining({ id: requestId, status: 'declined', passedOnAt: expect.any(String) }),
    ]);
    expect(view.requests).toEqual([]);
    expect(view.reportsAbout).toEqual([]);
  });

  it('shows an admin the request: who asked, where, each referral with its referrer, and its timeline', async () => {
    const res = await admin.get(`/api/admin/requests/${requestId}`);
    expect(res.statusCode, res.body).toBe(200);
    const view = AdminRequestViewSchema.parse(res.json());
    expect(view).toMatchObject({
      id: requestId,
      position: 'Software Engineer',
      status: 'accepted',
      seeker: { id: seeker.user.id, fullName: 'Sid Seeker', email: seeker.user.email },
      company: { name: company },
      closedAt: null,
    });
    expect(view.referrals.map((r) => [r.referrer.fullName, r.status, r.passedOnAt !== null])).toEqual([
      ['Eli Earlier', 'declined', true],
      ['Hana Holder', 'accepted', false],
    ]);
    expect(view.timeline.map((s) => [s.kind, s.referrerName, s.note])).toEqual([
      ['requested', null, null],
      ['assigned', 'Eli Earlier', null],
      ['declined', 'Eli Earlier', 'Not my team.'],
      ['passed_on', 'Eli Earlier', null],
      ['assigned', 'Hana Holder', null],
      ['accepted', 'Hana Holder', null],
    ]);
  });

  it('answers an id nobody has with 404 and a sentence, and a malformed one with 400', async () => {
    const user = await admin.get('/api/admin/users/999999');
    expect(user.statusCode).toBe(404);
    expect(user.json()).toEqual({ error: 'There is no such user.' });
    const request = await admin.get('/api/admin/requests/999999');
    expect(request.statusCode).toBe(404);
    expect(request.json()).toEqual({ error: 'There is no such request.' });
    const bad = await admin.get('/api/admin/requests/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^The request id must be a positive whole number\./);
  });

  it('answers anyone else, the users themselves and visitors too, the 404 of an unknown endpoint', async () => {
    for (const [who, url] of [
      [seeker, `/api/admin/users/${seeker.user.id}`],
      [holder, `/api/admin/requests/${requestId}`],
      [earlier, `/api/admin/users/${seeker.user.id}`],
    ] as const) {
      const res = await who.get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: `No such endpoint: GET ${url}` });
    }
    const visitor = await t.app.inject({ method: 'GET', url: `/api/admin/requests/${requestId}` });
    expect(visitor.statusCode).toBe(404);
    expect(visitor.json()).toEqual({ error: `No such endpoint: GET /api/admin/requests/${requestId}` });
  });
});
