import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_SENTENCES, CHANGES_ERRORS, CHANGES_TEXTS } from '../../../../shared/referral-changes.js';
import { ReferralRequestSchema, ReferralSchema } from '../../../../shared/referrals.js';
import { mailOutbox, referrals } from '../../../db/schema.js';
import {
  ask,
  companyWithReferrers,
  currentReferral,
  referrerList,
  requestStatus,
  seekerList,
  sweeper,
} from '../../../testing/handoff-fixtures.js';
import { notificationsOf } from '../../../testing/referral-fixtures.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../../testing/test-app.js';

const DAY = 86_400_000;
const WINDOW = 7 * DAY;

/**
 * Issue 50 item 1 (docs/decisions/084-changes-requested.md): a referrer asks for changes instead of a bare
 * decline; the seeker resubmits to the same referrer, twice at most, or the request ends withdrawn after
 * CHANGES_WINDOW; the referral keeps its slot meanwhile. One slot a referrer here, so a held slot shows.
 */
describe.each(testDatabases)('changes asked for (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false }, { REFERRER_CAPACITY: '1' });
  });
  afterAll(() => t.close());

  /** Sam's request at a fresh company whose one referrer, Rita, holds it pending. */
  async function pending() {
    const { company, referrers } = await companyWithReferrers(t, 'Rita Ref');
    const rita = referrers[0]!;
    const seeker = await t.signIn('Sam Seeker', `sam.${Date.now()}.${Math.random()}@example.com`);
    const requestId = await ask(seeker, company);
    const referralId = (await currentReferral(t, requestId))!.id;
    return { rita, seeker, company, requestId, referralId };
  }
  const askChanges = (who: SignedIn, referralId: number, body: Record<string, unknown> = {}) =>
    who.put(`/api/referrals/${referralId}/status`, {
      status: 'changes_requested',
      changes: ['missing_keywords', 'impact_unclear'],
      feedback: 'Name the Kafka work and what it saved.',
      ...body,
    });
  const resubmit = (who: SignedIn, requestId: number, body?: Record<string, unknown>) =>
    who.post(`/api/referral-requests/${requestId}/resubmit`, body);
  const cardOf = async (who: SignedIn, requestId: number, role: 'seeker' | 'referrer') =>
    (role === 'seeker' ? await seekerList(who) : await referrerList(who)).find((r) => r.id === requestId)!;

  it('sends a pending referral back to its seeker with the changes, told at once in the app and by mail', async () => {
    const { rita, seeker, company, requestId, referralId } = await pending();
    const res = await askChanges(rita, referralId);
    expect(res.statusCode, res.body).toBe(200);
    const referral = ReferralSchema.parse(res.json());
    expect(referral).toMatchObject({
      status: 'changes_requested',
      changes: ['missing_keywords', 'impact_unclear'],
      changeRounds: 1,
      feedback: 'Name the Kafka work and what it saved.',
    });
    expect(await requestStatus(t, requestId)).toBe('changes_requested');

    const card = await cardOf(seeker, requestId, 'seeker');
    expect(card.status).toBe('changes_requested');
    expect(card.referral).toMatchObject({
      status: 'changes_requested',
      changes: ['missing_keywords', 'impact_unclear'],
      feedback: 'Name the Kafka work and what it saved.',
      respondBy: null,
    });
    const row = (await currentReferral(t, requestId))!;
    expect(Date.parse(card.referral!.resubmitBy!)).toBe(row.changesRequestedAt!.getTime() + WINDOW);
    expect(card.timeline.map((s) => s.kind)).toEqual(['requested', 'assigned', 'changes_requested']);
    expect(card.timeline.at(-1)?.note).toBe('Name the Kafka work and what it saved.');
    const theirs = await cardOf(rita, requestId, 'referrer');
    expect(theirs.referral).toMatchObject({
      status: 'changes_requested',
      changes: ['missing_keywords', 'impact_unclear'],
    });
    expect(theirs.referral?.resubmitBy).toBe(card.referral?.resubmitBy);

    const told = (await notificationsOf(t, seeker.user.id))[0]!;
    const sentence = CHANGES_TEXTS.told('Software Engineer', company);
    expect(sentence).toBe(
      `Your referrer asked for changes to your request for Software Engineer at ${company}.`,
    );
    expect(told).toMatchObject({ title: 'Changes requested', type: 'referral_status' });
    expect(told.message).toBe(
      `${sentence} ${CHANGE_SENTENCES.missing_keywords} ${CHANGE_SENTENCES.impact_unclear} Feedback: Name the Kafka work and what it saved.`,
    );
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, seeker.user.email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(mail?.subject).toBe('Changes requested');
    expect(mail?.text).toContain(sentence);
  });

  it('refuses bad changes with a sentence and leaves the referral pending', async () => {
    const { rita, requestId, referralId } = await pending();
    const cases: [Record<string, unknown>, string][] = [
      [{ changes: ['shorter'] }, CHANGES_ERRORS.unknown],
      [{ changes: [] }, CHANGES_ERRORS.none],
      [{ changes: null }, CHANGES_ERRORS.none],
      [{ changes: ['other'], feedback: null }, CHANGES_ERRORS.otherNeedsFeedback],
    ];
    for (const [body, sentence] of cases) {
      const res = await askChanges(rita, referralId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(sentence);
    }
    const withAccept = await rita.put(`/api/referrals/${referralId}/status`, {
      status: 'accepted',
      changes: ['impact_unclear'],
    });
    expect(withAccept.statusCode).toBe(400);
    expect(withAccept.body).toContain(CHANGES_ERRORS.onlyWithChangesRequested);
    expect(await requestStatus(t, requestId)).toBe('pending');
    const other = await askChanges(rita, referralId, {
      changes: ['other'],
      feedback: 'Add a link to the demo.',
    });
    expect(other.statusCode).toBe(200);
  });

  it('answers 404 to anyone but the referrer holding it, and 409 once it is not pending', async () => {
    const { rita, seeker, referralId } = await pending();
    const stranger = await t.signIn('Otto Other');
    for (const who of [seeker, stranger]) expect((await askChanges(who, referralId)).statusCode).toBe(404);
    expect((await rita.put(`/api/referrals/${referralId}/status`, { status: 'accepted' })).statusCode).toBe(
      200,
    );
    const late = await askChanges(rita, referralId);
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('cannot be sent back for changes');
  });

  it('is resubmitted by its seeker alone, back to pending with the same referrer and a fresh deadline', async () => {
    const { rita, seeker, requestId, referralId } = await pending();
    const stranger = await t.signIn('Otto Other');
    // Before any change was asked for: nothing to resubmit.
    const early = await resubmit(seeker, requestId);
    expect(early.statusCode).toBe(409);
    expect(early.body).toContain(CHANGES_ERRORS.notWaiting('Pending'));
    expect((await askChanges(rita, referralId)).statusCode).toBe(200);
    // The referrer, another user and an unknown request: 404.
    for (const [who, id] of [
      [rita, requestId],
      [stranger, requestId],
      [seeker, 9_999_999],
    ] as const)
      expect((await resubmit(who, id)).statusCode).toBe(404);
    const paid = await resubmit(seeker, requestId, { message: 'I will pay you $200 for the referral.' });
    expect(paid.statusCode).toBe(400);
    expect(paid.body).toContain(CHANGES_ERRORS.paymentOffer);

    // As if it had waited the whole response time before the changes were asked for.
    const long = new Date(Date.now() - 2 * DAY);
    await t.database.db
      .update(referrals)
      .set({ pendingSince: long, remindedAt: long })
      .where(eq(referrals.id, referralId));
    const res = await resubmit(seeker, requestId, { message: 'Added the Kafka numbers.' });
    expect(res.statusCode, res.body).toBe(200);
    const card = ReferralRequestSchema.parse(res.json());
    expect(card.status).toBe('pending');
    expect(card.referral).toMatchObject({
      id: referralId,
      status: 'pending',
      resubmitBy: null,
      feedback: null,
    });
    expect(card.timeline.map((s) => s.kind)).toEqual([
      'requested',
      'assigned',
      'changes_requested',
      'resubmitted',
    ]);
    expect(card.timeline.at(-1)?.note).toBe('Added the Kafka numbers.');
    const row = (await currentReferral(t, requestId))!;
    expect(row).toMatchObject({
      id: referralId,
      referrerId: rita.user.id,
      status: 'pending',
      remindedAt: null,
    });
    expect(Date.parse(card.referral!.respondBy!)).toBe(
      row.pendingSince.getTime() + t.config.referralResponseMs,
    );
    expect(row.pendingSince.getTime()).toBeGreaterThan(Date.now() - 60_000);

    const notice = (await notificationsOf(t, rita.user.id))[0]!;
    expect(notice.title).toBe('Request resubmitted');
    expect(notice.message).toContain('made the changes you asked for');
    expect(notice.message).toContain('Their message: Added the Kafka numbers.');
    expect((await cardOf(rita, requestId, 'referrer')).referral?.status).toBe('pending');

    // The old clock would have passed it on by now; the fresh one keeps it with Rita.
    const { sweep } = sweeper(t);
    await sweep(60_000);
    expect((await currentReferral(t, requestId))!).toMatchObject({ id: referralId, status: 'pending' });
    await sweep(t.config.referralResponseMs + 60_000);
    const [passed] = await t.database.db.select().from(referrals).where(eq(referrals.id, referralId));
    expect(passed?.status).toBe('expired');

    const again = await resubmit(seeker, requestId);
    expect(again.statusCode).toBe(409);
  });

  it('allows two rounds; a third request for changes answers 409 asking to accept or decline', async () => {
    const { rita, seeker, requestId, referralId } = await pending();
    for (let round = 1; round <= 2; round++) {
      expect((await askChanges(rita, referralId)).statusCode).toBe(200);
      expect((await resubmit(seeker, requestId)).statusCode).toBe(200);
    }
    const third = await askChanges(rita, referralId);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ error: CHANGES_ERRORS.thirdRound });
    expect(CHANGES_ERRORS.thirdRound).toMatch(/accept or decline/);
    expect((await currentReferral(t, requestId))!).toMatchObject({ status: 'pending', changeRounds: 2 });
    const accepted = await rita.put(`/api/referrals/${referralId}/status`, { status: 'accepted' });
    expect(accepted.statusCode).toBe(200);
  });

  it('keeps the slot while waiting; the window ends it withdrawn and frees the slot', async () => {
    const { rita, seeker, company, requestId, referralId } = await pending();
    expect((await askChanges(rita, referralId)).statusCode).toBe(200);
    // Rita's one slot is still taken: the company is full for a new request.
    const other = await t.signIn('Nia Next', `nia.${Date.now()}@example.com`);
    const full = await other.post('/api/referral-requests', {
      jobUrl: `https://careers.example.com/jobs/${Date.now()}`,
      position: 'Designer',
      detectedCompanyName: company,
    });
    expect(full.statusCode).toBe(409);

    const { sweep } = sweeper(t);
    await sweep(WINDOW - 60_000);
    expect(await requestStatus(t, requestId)).toBe('changes_requested');
    const result = await sweep(WINDOW + 60_000);
    expect(result.changesLapsed).toBeGreaterThanOrEqual(1);
    expect(await requestStatus(t, requestId)).toBe('withdrawn');
    expect((await currentReferral(t, requestId))!).toMatchObject({ id: referralId, status: 'withdrawn' });
    const told = (await notificationsOf(t, seeker.user.id))[0]!;
    expect(told.message).toContain('was withdrawn: it was not resubmitted in time');
    expect((await notificationsOf(t, rita.user.id))[0]!.type).toBe('referral_withdrawn');
    expect((await resubmit(seeker, requestId)).statusCode).toBe(409);
    const card = await cardOf(seeker, requestId, 'seeker');
    expect(card.timeline.at(-1)?.kind).toBe('withdrawn');

    // The slot is Rita's to give again.
    const now = await other.post('/api/referral-requests', {
      jobUrl: `https://careers.example.com/jobs/${Date.now()}-2`,
      position: 'Designer',
      detectedCompanyName: company,
    });
    expect(now.statusCode, now.body).toBe(201);
  });

  it('may be withdrawn by its seeker while waiting on the changes, freeing the slot', async () => {
    const { rita, seeker, requestId, referralId } = await pending();
    expect((await askChanges(rita, referralId)).statusCode).toBe(200);
    const res = await seeker.post(`/api/referral-requests/${requestId}/withdraw`);
    expect(res.statusCode).toBe(200);
    expect((await currentReferral(t, requestId))!.status).toBe('withdrawn');
  });
});
