import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanyStatsSchema } from '../../../../shared/companies.js';
import { REFERRAL_MESSAGE_TEXTS } from '../../../../shared/referral-messages.js';
import { CreateReferralRequestResultSchema } from '../../../../shared/referrals.js';
import { referralMessages, referralRequests, referralStatusChanges, referrals } from '../../../db/schema.js';
import {
  companyWithReferrers,
  currentReferral,
  declineAndSettle,
  referralsOf,
  referrerList,
  seekerList,
  sweeper,
} from '../../../testing/handoff-fixtures.js';
import { pdfBytes, uploadResume } from '../../../testing/profile-fixtures.js';
import { notificationsOf, requestBody } from '../../../testing/referral-fixtures.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../../testing/test-app.js';
import { runReferralSweep } from '../handoffs/sweep.js';
import { erasureNoticeMs } from './retention.js';

const DAY = 24 * 3600_000;
const MINUTE = 60_000;
/** RETENTION_AFTER_CLOSE in these tests: 30 days, so the notice goes 30 × 14/180 days before. */
const RETENTION = 30 * DAY;
const LEAD = erasureNoticeMs(RETENTION);

/**
 * Issue 24 item 11 (docs/decisions/036-retention.md): RETENTION_AFTER_CLOSE after a request closed, its
 * free text, thread and packet are erased on the referral sweep and its referrers lose the applicant; the
 * seeker is told once before and keeps a line; company stats count the same.
 */
describe.each(testDatabases)('retention after a request closes (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false }, { RETENTION_AFTER_CLOSE: '30d' });
  });
  afterAll(async () => {
    await t.close();
  });

  const ok = async (p: ReturnType<SignedIn['get']>, status = 200) => {
    const res = await p;
    expect(res.statusCode, res.body).toBe(status);
    return res;
  };
  const ask = async (seeker: SignedIn, company: string, message: string) => {
    const res = await ok(
      seeker.post(
        '/api/referral-requests',
        requestBody({ companyId: null, detectedCompanyName: company, message }),
      ),
      201,
    );
    return CreateReferralRequestResultSchema.parse(res.json());
  };
  const requestRow = async (id: number) =>
    (await t.database.db.select().from(referralRequests).where(eq(referralRequests.id, id)))[0]!;
  const retentionNotices = async (userId: number) =>
    (await notificationsOf(t, userId)).filter((n) => n.type === 'referral_retention');
  const statsOf = async (who: SignedIn, companyId: number) =>
    CompanyStatsSchema.parse((await ok(who.get(`/api/companies/${companyId}/stats`))).json());

  it('tells the seeker once, erases after the period and not before, and keeps the line and the stats', async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Rex Keeper');
    const rex = referrers[0]!;
    const seeker = await t.signIn('Sasha Retained');
    await uploadResume(seeker, pdfBytes('sasha'));
    const created = await ask(seeker, company, 'I built the billing system at my last job.');
    const id = created.id;
    const open = await ask(seeker, company, 'This one stays open.');
    const referral = (await currentReferral(t, id))!;
    const status = (body: Record<string, unknown>) => rex.put(`/api/referrals/${referral.id}/status`, body);
    await ok(status({ status: 'accepted', feedback: 'Happy to refer you.' }));
    await ok(rex.post(`/api/referrals/${referral.id}/messages`, { body: 'Which team do you prefer?' }), 201);
    await ok(seeker.post(`/api/referrals/${referral.id}/messages`, { body: 'Payments, please.' }), 201);
    await ok(status({ status: 'submitted', feedback: 'Sent to payments.', candidateId: 'C-42' }));
    await ok(status({ status: 'successful', feedback: 'They hired you!' }));
    const closedAt = (await requestRow(id)).closedAt!;
    expect(closedAt).toBeInstanceOf(Date);
    expect((await requestRow(open.id)).closedAt).toBeNull();
    const statsBefore = await statsOf(seeker, created.companyId);

    const { sweep, at } = sweeper(t);
    // Before the notice is due: nothing.
    expect(await sweep(RETENTION - LEAD - MINUTE)).toMatchObject({ erasureNoticed: 0, erased: 0 });
    expect(await retentionNotices(seeker.user.id)).toEqual([]);

    // The notice, once: a second sweep (as a second instance would) sends nothing more.
    const [first, second] = await Promise.all([
      sweep(RETENTION - LEAD + MINUTE),
      sweep(RETENTION - LEAD + MINUTE),
    ]);
    expect(first.erasureNoticed + second.erasureNoticed).toBe(1);
    expect((await sweep(RETENTION - LEAD + 2 * MINUTE)).erasureNoticed).toBe(0);
    const notices = await retentionNotices(seeker.user.id);
    expect(notices).toHaveLength(1);
    // The period's end, or the lead after the notice when the sweep came later than exactly on time.
    const on = new Date(
      Math.max(closedAt.getTime() + RETENTION, at(RETENTION - LEAD + MINUTE).getTime() + LEAD),
    ).toISOString();
    expect(notices[0]).toMatchObject({
      title: 'Request details will be erased',
      message: expect.stringContaining(
        `Your request for Software Engineer at ${company} will be erased on {{time:${on}}}.`,
      ),
      link: '/my-referrals',
    });

    // Just before the period ends: still there, for both.
    expect((await sweep(RETENTION - MINUTE)).erased).toBe(0);
    expect((await referrerList(rex)).map((r) => r.id)).toContain(id);
    await ok(rex.get(`/api/users/${seeker.user.id}`));
    await ok(rex.get(`/api/referrals/${referral.id}/packet`));

    // After it: erased.
    expect(await sweep(RETENTION + MINUTE)).toMatchObject({ erased: 1 });
    expect((await sweep(RETENTION + 2 * MINUTE)).erased).toBe(0);

    // The referrer: no card, no applicant, no packet, no thread, no more moves.
    const rexList = await referrerList(rex);
    expect(rexList.map((r) => r.id)).not.toContain(id);
    // The other request (it expired meanwhile on the same sweeps) keeps its card: it never closed that long.
    expect(rexList.map((r) => r.id)).toContain(open.id);
    await ok(rex.get(`/api/referrals/${referral.id}/packet`), 404);
    await ok(rex.get(`/api/referrals/${referral.id}/messages`), 404);
    await ok(seeker.get(`/api/referrals/${referral.id}/messages`), 404);
    // Its two people are told why the thread takes nothing more (issue 46); anyone else still learns nothing.
    const late = await ok(rex.post(`/api/referrals/${referral.id}/messages`, { body: 'Still there?' }), 409);
    expect(late.json()).toEqual({ error: REFERRAL_MESSAGE_TEXTS.erased });
    await ok(status({ status: 'unsuccessful' }), 404);
    await ok(seeker.post(`/api/referrals/${referral.id}/confirmation`, { received: true }), 404);

    // The seeker's line: position, company, status, dates; nothing of the text or the thread.
    const line = (await seekerList(seeker)).find((r) => r.id === id)!;
    expect(line).toMatchObject({
      position: 'Software Engineer',
      company: { name: company },
      status: 'successful',
      message: null,
      resumeLink: null,
      referral: null,
      handoffs: [],
      timeline: [],
      closedAt: closedAt.toISOString(),
      erasedAt: expect.any(String),
    });
    expect(line.createdAt).toEqual(expect.any(String));
    expect((await seekerList(seeker)).find((r) => r.id === open.id)).toMatchObject({
      message: 'This one stays open.',
      erasedAt: null,
    });

    // In the database: every note, the candidate id and the thread are gone; the counts' rows stay.
    const row = await requestRow(id);
    expect(row).toMatchObject({ message: null, status: 'successful', position: 'Software Engineer' });
    const [kept] = await referralsOf(t, id);
    expect(kept).toMatchObject({
      status: 'successful',
      feedback: null,
      candidateId: null,
      declineReason: null,
    });
    expect(kept!.answeredAt).toBeInstanceOf(Date);
    const changes = await t.database.db
      .select()
      .from(referralStatusChanges)
      .where(eq(referralStatusChanges.referralId, referral.id));
    expect(changes.map((c) => c.status)).toEqual(['accepted', 'submitted', 'successful']);
    expect(changes.every((c) => c.note === null)).toBe(true);
    expect(
      await t.database.db.select().from(referralMessages).where(eq(referralMessages.referralId, referral.id)),
    ).toEqual([]);

    expect(await statsOf(seeker, created.companyId)).toEqual(statsBefore);
  });

  it("denies the referrer the applicant once their only request is erased, and drops earlier referrers' cards", async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Dana Decliner', 'Hal Holder');
    const [dana, hal] = referrers as [SignedIn, SignedIn];
    const seeker = await t.signIn('Wes Withdrawn');
    const resume = (await uploadResume(seeker, pdfBytes('wes'))).json() as { id: number };
    const { id } = await ask(seeker, company, 'Please refer me.');
    const first = (await currentReferral(t, id))!;
    expect(first.referrerId).toBe(dana.user.id);
    await declineAndSettle(t, dana, first.id, 'Not my team, sorry.');
    const second = (await currentReferral(t, id))!;
    expect(second.referrerId).toBe(hal.user.id);
    await ok(hal.get(`/api/users/${seeker.user.id}`));
    expect((await referrerList(dana)).find((r) => r.id === id)?.referral?.passedOnAt).toEqual(
      expect.any(String),
    );

    await ok(seeker.post(`/api/referral-requests/${id}/withdraw`));
    expect((await requestRow(id)).closedAt).toBeInstanceOf(Date);
    // Withdrawn already took Hal's access; the card stays in both referrers' history until the erasure.
    expect((await referrerList(hal)).map((r) => r.id)).toContain(id);

    const { sweep } = sweeper(t);
    await sweep(RETENTION - LEAD + MINUTE);
    expect(await retentionNotices(seeker.user.id)).toHaveLength(1);
    await sweep(RETENTION + MINUTE);
    expect((await requestRow(id)).erasedAt).toBeInstanceOf(Date);

    for (const who of [dana, hal]) {
      expect((await referrerList(who)).map((r) => r.id)).not.toContain(id);
      await ok(who.get(`/api/users/${seeker.user.id}`), 404);
      await ok(who.get(`/api/resumes/${resume.id}/file`), 404);
    }
    const rows = await referralsOf(t, id);
    expect(rows.map((r) => [r.status, r.feedback, r.declineReason])).toEqual([
      ['declined', null, null],
      ['withdrawn', null, null],
    ]);
    expect((await seekerList(seeker)).find((r) => r.id === id)).toMatchObject({
      status: 'withdrawn',
      handoffs: [],
      timeline: [],
    });
  });

  it('gives a long-closed request its full notice before erasing it, as after the backfill', async () => {
    const { company } = await companyWithReferrers(t, 'Olga Old');
    const seeker = await t.signIn('Otis Oldtimer');
    const { id } = await ask(seeker, company, 'An old request.');
    await ok(seeker.post(`/api/referral-requests/${id}/withdraw`));
    await t.database.db
      .update(referralRequests)
      .set({ closedAt: new Date(Date.now() - 400 * DAY) })
      .where(eq(referralRequests.id, id));

    const { sweep, at } = sweeper(t);
    await sweep(MINUTE);
    expect((await requestRow(id)).erasedAt).toBeNull();
    const notices = await retentionNotices(seeker.user.id);
    expect(notices).toHaveLength(1);
    // The date is the notice's plus the lead, not the period's long-past end.
    const on = new Date(at(MINUTE).getTime() + LEAD).toISOString();
    expect(notices[0]!.message).toContain(`{{time:${on}}}`);
    await sweep(LEAD);
    expect((await requestRow(id)).erasedAt).toBeNull();
    await sweep(LEAD + 2 * MINUTE);
    expect((await requestRow(id)).erasedAt).toBeInstanceOf(Date);
  });

  it('counts a submitted request from its submission, and again from a later outcome', async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Sid Submitter');
    const sid = referrers[0]!;
    const seeker = await t.signIn('Sue Submitted');
    const { id } = await ask(seeker, company, 'Thanks!');
    const referral = (await currentReferral(t, id))!;
    await ok(sid.put(`/api/referrals/${referral.id}/status`, { status: 'accepted' }));
    expect((await requestRow(id)).closedAt).toBeNull();
    await ok(sid.put(`/api/referrals/${referral.id}/status`, { status: 'submitted' }));
    const submittedAt = (await requestRow(id)).closedAt!;
    expect(submittedAt).toBeInstanceOf(Date);
    await t.database.db
      .update(referralRequests)
      .set({ erasureNoticedAt: new Date() })
      .where(eq(referralRequests.id, id));

    await ok(sid.put(`/api/referrals/${referral.id}/status`, { status: 'unsuccessful' }));
    const after = await requestRow(id);
    expect(after.closedAt!.getTime()).toBeGreaterThanOrEqual(submittedAt.getTime());
    // A new date is owed a new notice.
    expect(after.erasureNoticedAt).toBeNull();
  });

  it('leaves open requests alone however long they wait', async () => {
    const { company } = await companyWithReferrers(t, 'Penny Pending');
    const seeker = await t.signIn('Pat Patient');
    const { id } = await ask(seeker, company, 'Still waiting.');
    await runReferralSweep(t.database.db, sweeper(t).deps, new Date(Date.now() + 10 * RETENTION));
    const row = await requestRow(id);
    expect(row.erasedAt).toBeNull();
    expect(row.message).toBe('Still waiting.');
    const rows = await t.database.db
      .select()
      .from(referrals)
      .where(inArray(referrals.requestId, [id]));
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('the notice lead', () => {
  it('is 14 days at 180 days and more, and 14/180 of a shorter period', () => {
    expect(erasureNoticeMs(180 * DAY)).toBe(14 * DAY);
    expect(erasureNoticeMs(365 * DAY)).toBe(14 * DAY);
    expect(erasureNoticeMs(18 * DAY)).toBe((14 * DAY) / 10);
    expect(erasureNoticeMs(1000)).toBe(78);
  });
});
