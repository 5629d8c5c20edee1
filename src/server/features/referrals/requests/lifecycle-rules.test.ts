import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referralRequests } from '../../../db/schema.js';
import { openReferralWorld, type ReferralWorld } from '../../../testing/referral-world.js';
import { rejection } from '../../../testing/rejection.js';
import {
  cannotWithdrawMessage,
  REQUEST_NOT_FOUND,
  UNDO_TOO_LATE,
  undoReferralDecline,
  withdrawRequest,
} from './lifecycle.js';
import { changeReferralStatus } from './service.js';
import { REFERRAL_NOT_FOUND } from '../access.js';

/**
 * lifecycle.ts called directly on one bare in-memory database (referral-world.ts): the seeker's withdraw
 * and the referrer's undo of a decline, with exact outcomes. Fast enough for mutation testing;
 * withdraw.test.ts and decline-undo.test.ts walk the same rules through HTTP.
 */

let w: ReferralWorld;
/** The world's clock: each test moves it forward as it needs. */
let clock = new Date('2026-03-02T10:00:00Z');
beforeAll(async () => {
  w = await openReferralWorld({ capacity: 1, now: () => clock });
});
afterAll(() => w.close());

async function assigned(companyName: string) {
  const referrer = await w.referrer('Rita Ref', companyName);
  const seeker = await w.user('Sam Seeker');
  const requestId = await w.ask(seeker, companyName, 'Engineer');
  const referral = (await w.current(requestId))!;
  expect(referral.referrerId).toBe(referrer.id);
  return { referrer, seeker, requestId, referralId: referral.id };
}

const move = (referrer: Awaited<ReturnType<typeof assigned>>['referrer'], id: number, status: string) =>
  changeReferralStatus(w.database.db, w.deps, referrer, id, { status } as Parameters<
    typeof changeReferralStatus
  >[4]);

describe('cannotWithdrawMessage', () => {
  it('names the status, and a closed posting in words of its own', () => {
    expect(cannotWithdrawMessage('submitted')).toBe(
      'This request is already submitted, so it can no longer be withdrawn.',
    );
    expect(cannotWithdrawMessage('declined')).toBe(
      'This request is already declined, so it can no longer be withdrawn.',
    );
    expect(cannotWithdrawMessage('job_closed')).toBe(
      'This request is closed with its posting, so it can no longer be withdrawn.',
    );
  });
});

describe('withdrawRequest', () => {
  it('ends a pending request and its referral; the referrer is told and their slot takes the next', async () => {
    // Two requests wait for the company's first referrer, whose one slot takes the older.
    const company = await w.company();
    const seeker = await w.user('Sam Seeker');
    const requestId = await w.ask(seeker, company.name, 'Engineer');
    const next = await w.ask(await w.user('Next Seeker'), company.name);
    const referrer = await w.referrer('Rita Ref', company.name);
    const referralId = (await w.current(requestId))!.id;
    expect((await w.current(requestId))?.referrerId).toBe(referrer.id);
    expect(await w.current(next)).toBeUndefined();
    const told = await w.noticesOf(seeker.id);

    const view = await withdrawRequest(w.database.db, w.deps, seeker, requestId);
    expect(view.id).toBe(requestId);
    expect(view.status).toBe('withdrawn');
    expect(await w.requestStatus(requestId)).toBe('withdrawn');
    expect((await w.referralsOf(requestId)).map((r) => [r.id, r.status])).toEqual([
      [referralId, 'withdrawn'],
    ]);
    expect((await w.noticesOf(referrer.id)).slice(1)).toEqual([
      {
        title: 'Referral request withdrawn',
        message: `Sam Seeker withdrew their request for Engineer at ${company.name}.`,
        type: 'referral_withdrawn',
        link: '/my-referrals?tab=incoming',
      },
      expect.objectContaining({ title: 'New referral request', type: 'referral_assigned' }),
    ]);
    expect((await w.current(next))?.referrerId).toBe(referrer.id);
    expect(await w.noticesOf(seeker.id)).toEqual(told);
  });

  it('ends an accepted request, and a waiting one without telling anybody', async () => {
    const company = await w.company();
    const { referrer, seeker, requestId, referralId } = await assigned(company.name);
    await move(referrer, referralId, 'accepted');
    expect((await withdrawRequest(w.database.db, w.deps, seeker, requestId)).status).toBe('withdrawn');
    expect((await w.current(requestId))?.status).toBe('withdrawn');

    // Nobody refers at this one: the request waits, and its withdraw tells nobody.
    const waiting = await w.ask(seeker, (await w.company()).name, 'Designer');
    const before = await w.noticesOf(referrer.id);
    const told = await w.noticesOf(seeker.id);
    const view = await withdrawRequest(w.database.db, w.deps, seeker, waiting);
    expect([view.status, view.referral]).toEqual(['withdrawn', null]);
    expect(await w.requestStatus(waiting)).toBe('withdrawn');
    expect(await w.referralsOf(waiting)).toEqual([]);
    expect(await w.noticesOf(referrer.id)).toEqual(before);
    expect(await w.noticesOf(seeker.id)).toEqual(told);
  });

  it('refuses a submitted request and an ended one with 409, changing nothing', async () => {
    const company = await w.company();
    const { referrer, seeker, requestId, referralId } = await assigned(company.name);
    await move(referrer, referralId, 'accepted');
    await move(referrer, referralId, 'submitted');
    const err = await rejection(withdrawRequest(w.database.db, w.deps, seeker, requestId));
    expect([err.statusCode, err.message]).toEqual([409, cannotWithdrawMessage('submitted')]);
    expect(await w.requestStatus(requestId)).toBe('submitted');
    expect((await w.current(requestId))?.status).toBe('submitted');

    const closed = await w.ask(seeker, (await w.company()).name, 'Closed');
    await w.database.db
      .update(referralRequests)
      .set({ status: 'job_closed' })
      .where(eq(referralRequests.id, closed));
    const second = await rejection(withdrawRequest(w.database.db, w.deps, seeker, closed));
    expect([second.statusCode, second.message]).toEqual([409, cannotWithdrawMessage('job_closed')]);
  });

  it("answers 404 to anyone but the request's seeker, and for a request that does not exist", async () => {
    const { requestId, referrer } = await assigned((await w.company()).name);
    const other = await w.user('Olga Other');
    for (const [who, id] of [
      [other, requestId],
      [referrer, requestId],
      [other, 987654321],
    ] as const) {
      const err = await rejection(withdrawRequest(w.database.db, w.deps, who, id));
      expect([err.statusCode, err.message]).toEqual([404, REQUEST_NOT_FOUND]);
    }
    expect(await w.requestStatus(requestId)).toBe('pending');
  });
});

describe('undoReferralDecline', () => {
  it('makes a declined referral pending again within the window, telling nobody', async () => {
    const { referrer, seeker, requestId, referralId } = await assigned((await w.company()).name);
    await move(referrer, referralId, 'declined');
    clock = new Date(clock.getTime() + w.deps.declineUndoMs - 1000);
    const undone = await undoReferralDecline(w.database.db, w.deps, referrer, referralId);
    expect([undone.id, undone.status]).toEqual([referralId, 'pending']);
    expect((await w.current(requestId))?.status).toBe('pending');
    expect(await w.noticesOf(seeker.id)).toEqual([]);
    expect(await w.noticesOf(referrer.id)).toHaveLength(1);
  });

  it('answers 409 once the window has passed, even before the sweep', async () => {
    const { referrer, requestId, referralId } = await assigned((await w.company()).name);
    await move(referrer, referralId, 'declined');
    clock = new Date(clock.getTime() + w.deps.declineUndoMs);
    const err = await rejection(undoReferralDecline(w.database.db, w.deps, referrer, referralId));
    expect([err.statusCode, err.message]).toEqual([409, UNDO_TOO_LATE]);
    expect((await w.current(requestId))?.status).toBe('declined');
  });

  it('answers 409 naming the status of a referral that is not declined', async () => {
    const { referrer, referralId } = await assigned((await w.company()).name);
    await move(referrer, referralId, 'accepted');
    const err = await rejection(undoReferralDecline(w.database.db, w.deps, referrer, referralId));
    expect([err.statusCode, err.message]).toEqual([
      409,
      'This referral is accepted, not declined, so there is nothing to undo.',
    ]);
  });

  it('cannot undo a decline whose request the seeker withdrew inside the window', async () => {
    const { referrer, seeker, requestId, referralId } = await assigned((await w.company()).name);
    await move(referrer, referralId, 'declined');
    await withdrawRequest(w.database.db, w.deps, seeker, requestId);
    const err = await rejection(undoReferralDecline(w.database.db, w.deps, referrer, referralId));
    expect([err.statusCode, err.message]).toEqual([
      409,
      'This referral is withdrawn, not declined, so there is nothing to undo.',
    ]);
    expect(await w.requestStatus(requestId)).toBe('withdrawn');
  });

  it('answers 404 to another referrer and for a referral that does not exist', async () => {
    const { referrer, referralId } = await assigned((await w.company()).name);
    await move(referrer, referralId, 'declined');
    const other = await w.user('Olga Other');
    for (const [who, id] of [
      [other, referralId],
      [referrer, 987654321],
    ] as const) {
      const err = await rejection(undoReferralDecline(w.database.db, w.deps, who, id));
      expect([err.statusCode, err.message]).toEqual([404, REFERRAL_NOT_FOUND]);
    }
  });
});
