import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../db/client.js';
import { openReferralWorld, type ReferralWorld } from '../../../testing/referral-world.js';
import { referralRequests, referrals } from '../../../db/schema.js';
import { expireReferral } from './handoff-repo.js';
import { passOn } from './handoff.js';
import { passOnReferralsOfLeavingReferrer } from './leave.js';
import { changeReferralStatus } from '../requests/service.js';
import { runReferralSweep, startReferralSweep } from './sweep.js';

/**
 * docs/product.md, A request's life and Privacy on one bare in-memory database (referral-world.ts):
 * the sweep's reminders and expiry, hand-offs after a decline or an expiry, the hand-off cap, and a
 * leaving referrer's referrals. handoff-expiry.test.ts and handoff-decline.test.ts walk them through HTTP.
 */

const HOUR = 3600_000;
let w: ReferralWorld;
beforeAll(async () => {
  w = await openReferralWorld({ capacity: 1, maxHandoffs: 1, responseMs: 48 * HOUR });
});
afterAll(() => w.close());

const later = (ms: number) => new Date(Date.now() + ms);
const titles = async (userId: number) => (await w.noticesOf(userId)).map((n) => n.title);
const decline = async (
  referrer: Parameters<typeof changeReferralStatus>[2],
  id: number,
  feedback: string | null = null,
) => {
  // The hand-off waits for DECLINE_UNDO_WINDOW: these tests are about what happens after it.
  await changeReferralStatus(w.database.db, w.deps, referrer, id, {
    status: 'declined',
    feedback,
    reason: null,
  });
  await w.settleDeclines();
};

/** Sweeps only the referrals of this test: others' are claimed too, so each test sweeps what it made. */
const sweep = (ms: number) => runReferralSweep(w.database.db, w.deps, later(ms));

describe('a decline', () => {
  it('passes the request on with the leaver first name and the feedback', async () => {
    const company = await w.company();
    const first = await w.referrer('rita ref', company.name);
    const next = await w.referrer('Nina Next', company.name);
    const seeker = await w.user('Sam Seeker');
    const requestId = await w.ask(seeker, company.name);
    const leaving = (await w.current(requestId))!;
    expect(leaving.referrerId).toBe(first.id);
    await decline(first, leaving.id, 'Wrong team');

    const rows = await w.referralsOf(requestId);
    expect(rows.map((r) => [r.referrerId, r.status, r.supersededAt !== null])).toEqual([
      [first.id, 'declined', true],
      [next.id, 'pending', false],
    ]);
    expect(await w.requestStatus(requestId)).toBe('pending');
    expect(await w.noticesOf(seeker.id)).toEqual([
      {
        title: 'Request passed to another referrer',
        message: `Your referral request for Engineer at ${company.name} was declined by Rita, so it now goes to another referrer there. Feedback: Wrong team`,
        type: 'referral_status',
        link: '/my-referrals',
      },
    ]);
    expect(await w.noticesOf(next.id)).toEqual([
      {
        title: 'New referral request',
        message: `Sam Seeker asks for a referral for Engineer at ${company.name}.`,
        type: 'referral_assigned',
        link: '/my-referrals?tab=incoming',
      },
    ]);
    // The decliner is not told their own decline passed on.
    expect(await titles(first.id)).toEqual(['New referral request']);
  });

  it('waits for a full referrer, and says so', async () => {
    const company = await w.company();
    const first = await w.referrer('Rita Ref', company.name);
    const seeker = await w.user('Sam Seeker');
    const requestId = await w.ask(seeker, company.name);
    const busy = await w.referrer('Bea Busy', company.name);
    await w.ask(await w.user('Other Seeker'), company.name);
    expect(await titles(busy.id)).toEqual(['New referral request']);

    await decline(first, (await w.current(requestId))!.id);
    expect(await w.current(requestId)).toBeUndefined();
    expect(await w.requestStatus(requestId)).toBe('pending');
    expect(await w.noticesOf(seeker.id)).toEqual([
      {
        title: 'Request waiting for another referrer',
        message: `Your referral request for Engineer at ${company.name} was declined by Rita. It will pass to another referrer there as soon as one has room.`,
        type: 'referral_status',
        link: '/my-referrals',
      },
    ]);
    // The decliner's freed slot does not take back what they declined.
    expect(await titles(first.id)).toEqual(['New referral request']);
    expect(await titles(busy.id)).toEqual(['New referral request']);
  });

  it('ends the request once the hand-offs are spent, though a referrer is left', async () => {
    const company = await w.company();
    const first = await w.referrer('Rita Ref', company.name);
    const second = await w.referrer('Nina Next', company.name);
    const third = await w.referrer('Theo Third', company.name);
    const seeker = await w.user('Sam Seeker');
    const requestId = await w.ask(seeker, company.name);
    await decline(first, (await w.current(requestId))!.id);
    const handed = (await w.current(requestId))!;
    expect(handed.referrerId).toBe(second.id);
    await decline(second, handed.id);
    expect((await w.current(requestId))?.id).toBe(handed.id);
    expect(await w.requestStatus(requestId)).toBe('declined');
    expect(await titles(third.id)).toEqual([]);
    expect(await titles(seeker.id)).toEqual(['Request passed to another referrer', 'Referral declined']);
  });
});

describe('passOn', () => {
  /** Expires the request's current referral and passes it on, as the sweep does; answers passOn's result. */
  async function expireAndPassOn(requestId: number) {
    const current = (await w.current(requestId))!;
    return w.database.db.transaction(async (tx) => {
      const leaving = (await expireReferral(tx, current.id, later(0)))!;
      return passOn(tx, w.deps, leaving, 'expired', later(0));
    });
  }

  it('answers passed, waiting or ended', async () => {
    const company = await w.company();
    await w.referrer('Rita Ref', company.name);
    const next = await w.referrer('Nina Next', company.name);
    const passed = await w.ask(await w.user('Sam Seeker'), company.name);
    expect(await expireAndPassOn(passed)).toBe('passed');
    expect((await w.current(passed))?.referrerId).toBe(next.id);

    const lone = await w.company();
    await w.referrer('Lou Lone', lone.name);
    const ended = await w.ask(await w.user('Sam Seeker'), lone.name);
    expect(await expireAndPassOn(ended)).toBe('ended');
    expect(await w.requestStatus(ended)).toBe('expired');

    const busy = await w.company();
    await w.referrer('Rita Ref', busy.name);
    const waiting = await w.ask(await w.user('Sam Seeker'), busy.name);
    await w.referrer('Bea Busy', busy.name);
    await w.ask(await w.user('Other Seeker'), busy.name);
    expect(await expireAndPassOn(waiting)).toBe('waiting');
    expect(await w.current(waiting)).toBeUndefined();
  });

  it('answers ended for a request that is gone', async () => {
    const result = await w.database.db.transaction((tx) =>
      passOn(
        tx,
        w.deps,
        { id: 9_999_999, requestId: 9_999_999, referrerId: 9_999_999 },
        'declined',
        later(0),
      ),
    );
    expect(result).toBe('ended');
  });
});

describe('the sweep', () => {
  // The sweep takes every due referral in the database: first expire what earlier tests left pending, which
  // passes them to referrals whose clocks start far beyond the times these tests sweep at.
  beforeEach(async () => {
    await sweep(100_000 * HOUR);
  });

  it('reminds once at half the response time, with the deadline, and expires at the full time', async () => {
    const company = await w.company();
    const first = await w.referrer('Rita Ref', company.name);
    const next = await w.referrer('Nina Next', company.name);
    const seeker = await w.user('Sam Seeker');
    const requestId = await w.ask(seeker, company.name);
    const referral = (await w.current(requestId))!;

    expect(await sweep(23 * HOUR)).toMatchObject({ reminded: 0, submitReminded: 0, expired: 0, declined: 0 });
    expect(await sweep(25 * HOUR)).toMatchObject({ reminded: 1, expired: 0, declined: 0 });
    expect(await sweep(26 * HOUR)).toMatchObject({ reminded: 0, submitReminded: 0, expired: 0, declined: 0 });
    // The deadline travels as an ISO value that each reader's browser (or mail, in their zone) writes out.
    const deadline = new Date(referral.createdAt.getTime() + 48 * HOUR).toISOString();
    expect((await w.noticesOf(first.id)).at(-1)).toEqual({
      title: 'Reminder: referral request waiting',
      message: `Sam Seeker is still waiting for your answer on Engineer at ${company.name}. Please accept or decline it by {{time:${deadline}}}; after that it passes to another referrer.`,
      type: 'referral_reminder',
      link: '/my-referrals?tab=incoming',
    });

    expect(await sweep(47 * HOUR)).toMatchObject({ reminded: 0, submitReminded: 0, expired: 0, declined: 0 });
    const at = 49 * HOUR;
    const result = await sweep(at);
    expect(result.expired).toBeGreaterThanOrEqual(1);
    const rows = await w.referralsOf(requestId);
    expect(rows.map((r) => [r.referrerId, r.status, r.supersededAt !== null])).toEqual([
      [first.id, 'expired', true],
      [next.id, 'pending', false],
    ]);
    expect(await w.requestStatus(requestId)).toBe('pending');
    expect((await w.noticesOf(first.id)).at(-1)).toEqual({
      title: 'Referral request passed on',
      message: `Sam Seeker's request for Engineer at ${company.name} was not answered in time, so it went to another referrer.`,
      type: 'referral_handoff',
      link: '/my-referrals?tab=incoming',
    });
    expect(await w.noticesOf(seeker.id)).toEqual([
      {
        title: 'Request passed to another referrer',
        message: `Your referral request for Engineer at ${company.name} was not answered in time by Rita, so it now goes to another referrer there.`,
        type: 'referral_status',
        link: '/my-referrals',
      },
    ]);
    // The new referral's clock starts at the sweep's now.
    expect(rows[1]!.createdAt.getTime()).toBeGreaterThan(Date.now() + 48 * HOUR);
  });

  it('an expiry with nobody left ends the request expired', async () => {
    const company = await w.company();
    const only = await w.referrer('Rita Ref', company.name);
    const seeker = await w.user('Sam Seeker');
    const requestId = await w.ask(seeker, company.name);

    await sweep(100 * HOUR);
    const rows = await w.referralsOf(requestId);
    expect(rows.map((r) => [r.referrerId, r.status, r.supersededAt !== null])).toEqual([
      [only.id, 'expired', true],
    ]);
    expect(await w.requestStatus(requestId)).toBe('expired');
    expect(await w.noticesOf(seeker.id)).toEqual([
      {
        title: 'Referral request expired',
        message: `No referrer answered your referral request for Engineer at ${company.name} in time, so it has expired.`,
        type: 'referral_status',
        link: '/my-referrals',
      },
    ]);
  });

  it('an expiry after an earlier decline ends the request declined', async () => {
    const company = await w.company();
    const first = await w.referrer('Rita Ref', company.name);
    const second = await w.referrer('Nina Next', company.name);
    const seeker = await w.user('Sam Seeker');
    const requestId = await w.ask(seeker, company.name);
    await decline(first, (await w.current(requestId))!.id);
    expect((await w.current(requestId))?.referrerId).toBe(second.id);
    await sweep(200 * HOUR);
    expect(await w.requestStatus(requestId)).toBe('declined');
    expect(await w.current(requestId)).toBeUndefined();
    expect((await w.noticesOf(seeker.id)).at(-1)).toEqual({
      title: 'Referral declined',
      message: `Your referral request for Engineer at ${company.name} was declined, and no other referrer there is left to take it.`,
      type: 'referral_status',
      link: '/my-referrals',
    });
  });

  it('gives the expired referrer the oldest request waiting at their company', async () => {
    const company = await w.company();
    const waiter = await w.user('Wendy Waiter');
    const seeker = await w.user('Sam Seeker');
    const requestId = await w.ask(seeker, company.name);
    const waitingId = await w.ask(waiter, company.name);
    const referrer = await w.referrer('Rita Ref', company.name);
    expect((await w.current(requestId))?.referrerId).toBe(referrer.id);
    expect(await w.current(waitingId)).toBeUndefined();
    await sweep(300 * HOUR);
    expect((await w.current(waitingId))?.referrerId).toBe(referrer.id);
    expect(await titles(waiter.id)).toEqual(['Referrer found']);
  });
});

describe('the sweep in batches', () => {
  beforeEach(async () => {
    await sweep(100_000 * HOUR);
  });

  it('reminds every referral due, past the first batches', async () => {
    const company = await w.company();
    const referrer = await w.referrer('Rita Ref', company.name);
    const seeker = await w.user('Sam Seeker');
    const created = new Date(Date.now() - 25 * HOUR);
    const requests = await w.database.db
      .insert(referralRequests)
      .values(
        Array.from({ length: 150 }, (_, i) => ({
          jobSeekerId: seeker.id,
          companyId: company.id,
          position: 'Engineer',
          jobUrl: `https://jobs.example/batch/${i}`,
          normalizedJobUrl: `jobs.example/batch/${i}`,
        })),
      )
      .returning({ id: referralRequests.id });
    await w.database.db.insert(referrals).values(
      requests.map((r) => ({
        requestId: r.id,
        referrerId: referrer.id,
        createdAt: created,
        pendingSince: created,
        updatedAt: created,
      })),
    );
    expect(await sweep(0)).toMatchObject({ reminded: 150, submitReminded: 0, expired: 0, declined: 0 });
    expect(await sweep(0)).toMatchObject({ reminded: 0, submitReminded: 0, expired: 0, declined: 0 });
  });
});

describe('startReferralSweep', () => {
  it('sweeps on its interval, one sweep at a time, and logs a failure', async () => {
    let release: () => void = () => undefined;
    let calls = 0;
    const db = {
      transaction: () => {
        calls += 1;
        return new Promise((_resolve, reject) => {
          release = () => reject(new Error('database gone'));
        });
      },
    } as unknown as Db;
    const log = { error: vi.fn() };
    const timer = startReferralSweep(db, w.deps, { intervalMs: 5, now: () => new Date(), log });
    await vi.waitFor(() => expect(calls).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(calls).toBe(1);
    release();
    await vi.waitFor(() => expect(log.error).toHaveBeenCalledTimes(1));
    expect(log.error.mock.calls[0]).toEqual([{ err: new Error('database gone') }, 'referral sweep failed']);
    await vi.waitFor(() => expect(calls).toBeGreaterThan(1));
    release();
    await timer.stop();
    const after = calls;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toBe(after);
  });

  it('stop waits for the transaction in progress, and the sweep ends after it', async () => {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let calls = 0;
    let finished = false;
    // Every transaction answers "nothing to do" (0 reminders) once the gate opens.
    const db = {
      transaction: async () => {
        calls += 1;
        await gate;
        return 0;
      },
    } as unknown as Db;
    const log = { error: vi.fn() };
    const timer = startReferralSweep(db, w.deps, { intervalMs: 5, now: () => new Date(), log });
    await vi.waitFor(() => expect(calls).toBe(1));
    const stopped = timer.stop().then(() => {
      finished = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(finished).toBe(false);
    open();
    await stopped;
    // The rest of the sweep waits for the next start, and the stop is not logged as a failure.
    expect(calls).toBe(1);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('a sweep with nothing to do takes one transaction per kind of work', async () => {
    let calls = 0;
    const db = {
      transaction: async () => {
        calls += 1;
        return 0;
      },
    } as unknown as Db;
    await runReferralSweep(db, w.deps, new Date());
    // Reminders, submit reminders, expiries, declines past their undo window, lapse reminders, ended
    // pauses and capped referrers' new months (issue 25 item 9), retention's notices and erasures
    // (docs/decisions/036-retention.md), then the bonus reminders due today and a week ahead
    // (docs/decisions/083-referral-bonus-tracker.md), and requests not resubmitted within CHANGES_WINDOW
    // (docs/decisions/084-changes-requested.md).
    expect(calls).toBe(12);
  });
});

describe('a referrer leaving', () => {
  it('passes each open referral to another referrer, or lets it wait, and tells the seeker', async () => {
    const company = await w.company();
    const leaver = await w.referrer('Larry Leaver', company.name);
    const seekerA = await w.user('Ann Seeker');
    const seekerB = await w.user('Bob Seeker');
    const a = await w.ask(seekerA, company.name);
    await changeReferralStatus(w.database.db, w.deps, leaver, (await w.current(a))!.id, {
      status: 'accepted',
      feedback: null,
    });
    // Capacity 1: the second request waits; give it to the leaver by hand through a second company slot.
    const other = await w.referrer('Olga Other', company.name);
    const b = await w.ask(seekerB, company.name);
    expect((await w.current(b))?.referrerId).toBe(other.id);
    const spare = await w.referrer('Sue Spare', company.name);

    const passed = await w.database.db.transaction((tx) =>
      passOnReferralsOfLeavingReferrer(tx, w.deps, leaver.id, later(0)),
    );
    expect(passed).toBe(1);
    const rows = await w.referralsOf(a);
    expect(rows.map((r) => [r.referrerId, r.status, r.supersededAt !== null])).toEqual([
      [leaver.id, 'accepted', true],
      [spare.id, 'pending', false],
    ]);
    expect(await w.requestStatus(a)).toBe('pending');
    expect((await w.noticesOf(seekerA.id)).at(-1)).toEqual({
      title: 'Request passed to another referrer',
      message: `The referrer who had your request for Engineer at ${company.name} closed their account, so it now goes to another referrer there.`,
      type: 'referral_status',
      link: '/my-referrals',
    });
    expect((await w.noticesOf(spare.id)).at(-1)).toEqual({
      title: 'New referral request',
      message: `Ann Seeker asks for a referral for Engineer at ${company.name}.`,
      type: 'referral_assigned',
      link: '/my-referrals?tab=incoming',
    });
    // Olga's referral was not the leaver's.
    expect((await w.current(b))?.referrerId).toBe(other.id);
  });

  it('lets a request wait when every other referrer is full, and passes none', async () => {
    const company = await w.company();
    const leaver = await w.referrer('Larry Leaver', company.name);
    const seeker = await w.user('Ann Seeker');
    const a = await w.ask(seeker, company.name);
    const busy = await w.referrer('Bea Busy', company.name);
    await w.ask(await w.user('Other Seeker'), company.name);
    expect(await titles(busy.id)).toEqual(['New referral request']);

    const passed = await w.database.db.transaction((tx) =>
      passOnReferralsOfLeavingReferrer(tx, w.deps, leaver.id),
    );
    expect(passed).toBe(0);
    expect(await w.current(a)).toBeUndefined();
    expect(await w.requestStatus(a)).toBe('pending');
    expect((await w.noticesOf(seeker.id)).at(-1)).toEqual({
      title: 'Request waiting for another referrer',
      message: `The referrer who had your request for Engineer at ${company.name} closed their account. It will pass to another referrer there as soon as one has room.`,
      type: 'referral_status',
      link: '/my-referrals',
    });
  });

  it('does not hand a request back to a referrer who held it before', async () => {
    const company = await w.company();
    const first = await w.referrer('Rita Ref', company.name);
    const leaver = await w.referrer('Larry Leaver', company.name);
    const seeker = await w.user('Ann Seeker');
    const a = await w.ask(seeker, company.name);
    await decline(first, (await w.current(a))!.id);
    expect((await w.current(a))?.referrerId).toBe(leaver.id);
    const passed = await w.database.db.transaction((tx) =>
      passOnReferralsOfLeavingReferrer(tx, w.deps, leaver.id),
    );
    expect(passed).toBe(0);
    expect(await w.current(a)).toBeUndefined();
  });
});
