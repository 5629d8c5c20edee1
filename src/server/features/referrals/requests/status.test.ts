import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CreateReferralRequestResultSchema, ReferralSchema } from '../../../../shared/referrals.js';
import { referralRequests, referrals } from '../../../db/schema.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../../testing/test-app.js';
import { currentReferral } from '../../../testing/handoff-fixtures.js';
import {
  notificationsOf,
  requestBody,
  setWilling,
  signInReferrer,
} from '../../../testing/referral-fixtures.js';

describe.each(testDatabases)('referral status changes (%s)', (kind) => {
  let t: TestApp;
  let referrer: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind);
    referrer = await signInReferrer(t, 'Amy Amazon', 'Amazon');
  });
  afterAll(async () => {
    await t.close();
  });

  /** A seeker with a request at Amazon, assigned to `referrer`; answers the seeker and the referral id. */
  async function assigned(name = 'Sid Seeker', position = 'Data Engineer') {
    const seeker = await t.signIn(name);
    const res = await seeker.post('/api/referral-requests', requestBody({ companyId: 3, position }));
    expect(res.statusCode).toBe(201);
    const created = CreateReferralRequestResultSchema.parse(res.json());
    // The seeker learns the referrer's id (to report or block) and first name, nothing more.
    expect(created.referral?.referrerId).toEqual(expect.any(Number));
    expect((await currentReferral(t, created.id))?.referrerId).toBe(referrer.user.id);
    return { seeker, referralId: created.referral!.id, requestId: created.id };
  }
  const move = (who: SignedIn, id: number, status: string, feedback?: string) =>
    who.put(`/api/referrals/${id}/status`, { status, ...(feedback === undefined ? {} : { feedback }) });
  const rowOf = async (id: number) =>
    (await t.database.db.select().from(referrals).where(eq(referrals.id, id)))[0]!;

  it('walks pending → accepted → submitted → successful, keeping feedback and telling the seeker', async () => {
    const { seeker, referralId, requestId } = await assigned('Sid Seeker', 'Data Engineer');

    const accepted = await move(referrer, referralId, 'accepted', 'Looks like a great fit');
    expect(accepted.statusCode).toBe(200);
    expect(ReferralSchema.parse(accepted.json())).toMatchObject({
      status: 'accepted',
      feedback: 'Looks like a great fit',
      submittedAt: null,
    });

    const submitted = ReferralSchema.parse((await move(referrer, referralId, 'submitted')).json());
    expect(submitted).toMatchObject({ status: 'submitted', feedback: 'Looks like a great fit' });
    expect(submitted.submittedAt).not.toBeNull();

    const done = await move(referrer, referralId, 'successful', 'Invited to interview');
    expect(ReferralSchema.parse(done.json())).toMatchObject({
      status: 'successful',
      feedback: 'Invited to interview',
    });
    const [request] = await t.database.db
      .select()
      .from(referralRequests)
      .where(eq(referralRequests.id, requestId));
    expect(request?.status).toBe('successful');

    const notes = (await notificationsOf(t, seeker.user.id)).filter((n) => n.type === 'referral_status');
    expect(notes.map((n) => n.title)).toEqual([
      'Referral successful',
      'Referral submitted',
      'Referral accepted',
    ]);
    for (const note of notes) {
      expect(note.link).toBe('/my-referrals');
      expect(note.message).toContain('Data Engineer');
      expect(note.message).toContain('Amazon');
    }
    expect(notes[2]!.message).toContain('Feedback: Looks like a great fit');
    expect(notes[0]!.message).toContain('Feedback: Invited to interview');
    expect(notes[1]!.message).not.toContain('Feedback:');
  });

  it('answers 404 to anyone but the assigned referrer and leaves the referral alone', async () => {
    const { seeker, referralId } = await assigned('Pat Private');
    const stranger = await t.signIn('Stan Stranger');
    const otherReferrer = await signInReferrer(t, 'Olga Other', 'Netflix');
    const before = await rowOf(referralId);
    for (const who of [stranger, seeker, otherReferrer]) {
      const res = await move(who, referralId, 'accepted');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Referral not found.' });
    }
    const missing = await move(referrer, 2_000_000_000, 'accepted');
    expect(missing.statusCode).toBe(404);
    expect(await rowOf(referralId)).toEqual(before);
  });

  it('refuses moves off the status machine with 409 naming the current status', async () => {
    const { referralId } = await assigned('Ian Illegal');
    const skip = await move(referrer, referralId, 'submitted');
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toEqual({ error: 'This referral is still pending, so it cannot be submitted.' });
    expect((await move(referrer, referralId, 'accepted')).statusCode).toBe(200);
    const back = await move(referrer, referralId, 'declined');
    expect(back.statusCode).toBe(409);
    expect(back.json()).toEqual({ error: 'This referral is already accepted, so it cannot be declined.' });
    expect((await rowOf(referralId)).status).toBe('accepted');
    const bad = await move(referrer, referralId, 'pending');
    expect(bad.statusCode).toBe(400);
    expect((await referrer.put('/api/referrals/abc/status', { status: 'accepted' })).statusCode).toBe(400);
  });

  it('lets exactly one of two racing changes win', async () => {
    const { referralId } = await assigned('Rae Race');
    const answers = await Promise.all([
      move(referrer, referralId, 'accepted'),
      move(referrer, referralId, 'declined'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = ReferralSchema.parse(answers.find((a) => a.statusCode === 200)!.json());
    expect((await rowOf(referralId)).status).toBe(winner.status);
  });

  it('hands a waiting request to the referrer whose referral closed, when they were at capacity', async () => {
    const small = await createTestApp(kind, {}, { REFERRER_CAPACITY: '1' });
    try {
      const only = await signInReferrer(small, 'Cap One', 'Spotify');
      const first = await small.signIn('First Seeker');
      const res = await first.post('/api/referral-requests', requestBody({ companyId: 13 }));
      const referralId = CreateReferralRequestResultSchema.parse(res.json()).referral!.id;
      // With every referrer full, a new request is refused rather than queued (docs/product.md, Matching).
      const second = await small.signIn('Second Seeker');
      expect((await second.post('/api/referral-requests', requestBody({ companyId: 13 }))).statusCode).toBe(
        409,
      );
      // A request left waiting while the referrer was away is handed over once the slot frees.
      expect((await setWilling(only, false)).statusCode).toBe(200);
      const waiting = await second.post('/api/referral-requests', requestBody({ companyId: 13 }));
      expect(CreateReferralRequestResultSchema.parse(waiting.json()).noReferrers).toBe(true);
      expect((await setWilling(only, true)).statusCode).toBe(200);
      const waitingId = CreateReferralRequestResultSchema.parse(waiting.json()).id;
      const held = () => small.database.db.select().from(referrals).where(eq(referrals.requestId, waitingId));
      expect(await held()).toHaveLength(0);
      expect((await move(only, referralId, 'declined', 'Not a match')).statusCode).toBe(200);
      expect(await held()).toMatchObject([{ referrerId: only.user.id, status: 'pending' }]);
      const notes = (await notificationsOf(small, second.user.id)).filter(
        (n) => n.type === 'referral_assigned',
      );
      expect(notes).toHaveLength(1);
    } finally {
      await small.close();
    }
  });
});
