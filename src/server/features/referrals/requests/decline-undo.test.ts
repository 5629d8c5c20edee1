import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLINE_REASON_ERRORS, DECLINE_REASON_SENTENCES } from '../../../../shared/referral-texts.js';
import { runReferralSweep } from '../handoffs/sweep.js';
import {
  ask,
  companyWithReferrers,
  currentReferral,
  referralsOf,
  referrerList,
  requestStatus,
  seekerList,
} from '../../../testing/handoff-fixtures.js';
import { notificationsOf, referralDepsOf } from '../../../testing/referral-fixtures.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../../testing/test-app.js';

/**
 * Issue 24 item 3 (docs/decisions/033-request-lifecycle.md): a decline's reason, and its undo within
 * DECLINE_UNDO_WINDOW (3 s here) on a fake clock. The hand-off waits for the window; the seeker hears of
 * the decline only then, so an undone one never reaches them.
 */
describe.each(testDatabases)('decline reasons and undo (%s)', (kind) => {
  let t: TestApp;
  let clock = new Date();
  const tick = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  const sweep = () => runReferralSweep(t.database.db, referralDepsOf(t), clock);
  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { referralSweep: false, now: () => clock },
      { DECLINE_UNDO_WINDOW: '3s', REFERRAL_MAX_HANDOFFS: '2' },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const status = (who: SignedIn, id: number, body: Record<string, unknown>) =>
    who.put(`/api/referrals/${id}/status`, body);
  /** What the seeker was told about the request (the welcome note aside). */
  const referralNotes = async (who: SignedIn) =>
    (await notificationsOf(t, who.user.id)).filter((n) => n.type !== 'welcome');
  const undo = (who: SignedIn, id: number) => who.post(`/api/referrals/${id}/undo`);

  async function world() {
    const { company, referrers } = await companyWithReferrers(t, 'Dana Decliner', 'Ned Next');
    const seeker = await t.signIn('Sal Seeker');
    const requestId = await ask(seeker, company);
    const referral = (await currentReferral(t, requestId))!;
    const [dana, ned] = referrers as [SignedIn, SignedIn];
    return { company, dana, ned, seeker, requestId, referral };
  }

  it('refuses an unknown reason, a reason without a decline, and other without feedback; the payload of docs/product.md, The API stays valid', async () => {
    const { dana, referral } = await world();
    const bad = await status(dana, referral.id, { status: 'declined', reason: 'too_busy' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ reason: [DECLINE_REASON_ERRORS.unknown] });
    const other = await status(dana, referral.id, { status: 'declined', reason: 'other', feedback: '  ' });
    expect(other.statusCode).toBe(400);
    expect(other.json().fieldErrors).toEqual({ feedback: [DECLINE_REASON_ERRORS.otherNeedsFeedback] });
    const accepted = await status(dana, referral.id, { status: 'accepted', reason: 'not_a_fit' });
    expect(accepted.statusCode).toBe(400);
    expect(accepted.json().fieldErrors).toEqual({ reason: [DECLINE_REASON_ERRORS.onlyWithDecline] });
    expect((await currentReferral(t, referral.requestId))?.status).toBe('pending');
    const plain = await status(dana, referral.id, { status: 'declined', feedback: null });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ status: 'declined', declineReason: null });
    const other2 = await world();
    const explained = await status(other2.dana, other2.referral.id, {
      status: 'declined',
      reason: 'other',
      feedback: 'Moving teams',
    });
    expect(explained.json()).toMatchObject({ declineReason: 'other', feedback: 'Moving teams' });
    // Each test's sweeps count only its own declines.
    tick(5000);
    expect(await sweep()).toMatchObject({ declined: 2 });
  });

  it('holds the hand-off through the window, then passes on with the reason in both lists and the timeline', async () => {
    const { company, dana, ned, seeker, requestId, referral } = await world();
    const res = await status(dana, referral.id, {
      status: 'declined',
      reason: 'level_mismatch',
      feedback: 'Looking for staff level',
    });
    expect(res.json()).toMatchObject({ status: 'declined', declineReason: 'level_mismatch' });

    // Inside the window: nothing moves, the seeker sees it pending, Dana sees until when she may undo.
    tick(2000);
    expect(await sweep()).toMatchObject({ declined: 0 });
    expect((await currentReferral(t, requestId))?.id).toBe(referral.id);
    expect(await requestStatus(t, requestId)).toBe('pending');
    const [mine] = await seekerList(seeker);
    expect(mine?.referral).toMatchObject({ status: 'pending', feedback: null, declineReason: null });
    expect(await referralNotes(seeker)).toEqual([]);
    const [danas] = await referrerList(dana);
    expect(danas?.referral).toMatchObject({ status: 'declined', declineReason: 'level_mismatch' });
    expect(danas?.referral?.undoUntil).toBe(new Date(clock.getTime() + 1000).toISOString());
    // Nobody else hears of it while the window runs.
    expect((await referrerList(ned)).map((r) => r.id)).not.toContain(requestId);

    tick(1500);
    expect(await sweep()).toMatchObject({ declined: 1 });
    expect((await currentReferral(t, requestId))?.referrerId).toBe(ned.user.id);
    const [after] = await seekerList(seeker);
    expect(after?.handoffs).toEqual([
      {
        referrerFirstName: 'Dana',
        outcome: 'declined',
        at: clock.toISOString(),
        declineReason: 'level_mismatch',
        feedback: 'Looking for staff level',
      },
    ]);
    const [note] = await notificationsOf(t, seeker.user.id);
    expect(note?.message).toBe(
      `Your referral request for Software Engineer at ${company} was declined by Dana, so it now goes to another referrer there. ${DECLINE_REASON_SENTENCES.level_mismatch} Feedback: Looking for staff level`,
    );
    const [danasLater] = await referrerList(dana);
    expect(danasLater?.referral).toMatchObject({ declineReason: 'level_mismatch', undoUntil: null });
    // Passed on, the referral is over for Dana (issue 46): not hers to undo, nor to hear about.
    expect((await undo(dana, referral.id)).statusCode).toBe(404);
  });

  it('ends the request declined only after the window, when nobody is left, with the sentence', async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Lone Ranger');
    const seeker = await t.signIn('Solo Seeker');
    const requestId = await ask(seeker, company);
    const referral = (await currentReferral(t, requestId))!;
    await status(referrers[0]!, referral.id, { status: 'declined', reason: 'not_a_fit' });
    tick(2000);
    await sweep();
    expect(await requestStatus(t, requestId)).toBe('pending');
    tick(2000);
    await sweep();
    expect(await requestStatus(t, requestId)).toBe('declined');
    const [mine] = await seekerList(seeker);
    expect(mine).toMatchObject({
      status: 'declined',
      referral: { status: 'declined', declineReason: 'not_a_fit', feedback: null },
    });
    const [note] = await notificationsOf(t, seeker.user.id);
    expect([note?.title, note?.message]).toEqual([
      'Referral declined',
      `Your referral request for Software Engineer at ${company} was declined by your referrer. ${DECLINE_REASON_SENTENCES.not_a_fit}`,
    ]);
  });

  it('undoes within the window: pending again, never handed on, the seeker never told', async () => {
    const { dana, ned, seeker, requestId, referral } = await world();
    await status(dana, referral.id, { status: 'declined', reason: 'cannot_vouch', feedback: 'Hmm' });
    tick(2900);
    const res = await undo(dana, referral.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: referral.id,
      status: 'pending',
      feedback: null,
      declineReason: null,
      createdAt: referral.createdAt.toISOString(),
    });
    tick(60_000);
    expect(await sweep()).toMatchObject({ declined: 0 });
    expect((await referralsOf(t, requestId)).map((r) => [r.referrerId, r.status])).toEqual([
      [dana.user.id, 'pending'],
    ]);
    expect(await referralNotes(seeker)).toEqual([]);
    expect((await referrerList(ned)).map((r) => r.id)).not.toContain(requestId);
    // Undone, the referral moves on as before.
    expect((await status(dana, referral.id, { status: 'accepted' })).statusCode).toBe(200);
    expect((await undo(dana, referral.id)).json()).toEqual({
      error: 'This referral is accepted, not declined, so there is nothing to undo.',
    });
  });

  it('answers 409 after the window even before the sweep ran, and 404 to anyone else', async () => {
    const { dana, ned, seeker, requestId, referral } = await world();
    await status(dana, referral.id, { status: 'declined' });
    for (const who of [ned, seeker]) {
      const res = await undo(who, referral.id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Referral not found.' });
    }
    expect((await undo(dana, 2_000_000_000)).statusCode).toBe(404);
    tick(3001);
    const late = await undo(dana, referral.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'The time to undo this decline has passed.' });
    expect((await currentReferral(t, requestId))?.status).toBe('declined');
    // A pending referral has nothing to undo.
    await sweep();
    const next = (await currentReferral(t, requestId))!;
    expect((await undo(ned, next.id)).statusCode).toBe(409);
  });

  it('a withdraw inside the window ends the decline too: no hand-off, no undo', async () => {
    const { dana, ned, seeker, requestId, referral } = await world();
    await status(dana, referral.id, { status: 'declined', reason: 'team_not_hiring' });
    const res = await seeker.post(`/api/referral-requests/${requestId}/withdraw`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'withdrawn', referral: { status: 'withdrawn' } });
    expect((await undo(dana, referral.id)).statusCode).toBe(409);
    tick(10_000);
    expect(await sweep()).toMatchObject({ declined: 0 });
    expect((await referralsOf(t, requestId)).map((r) => r.status)).toEqual(['withdrawn']);
    expect((await referrerList(ned)).map((r) => r.id)).not.toContain(requestId);
  });
});
