import { notificationTime } from '../../../../shared/notifications.js';
import type { Db } from '../../../db/client.js';
import { inBatches, oneByOne } from '../../../db/one-by-one.js';
import {
  claimDueDecline,
  claimDueReferral,
  claimReminders,
  claimSubmitReminders,
  expireReferral,
} from './handoff-repo.js';
import { describeRequest } from '../rows/requests.js';
import { passOn } from './handoff.js';
import { remindOfLapses } from '../verification/lapse.js';
import { remindOfBonuses } from '../bonuses/bonuses.js';
import { endLapsedChanges } from '../requests/changes.js';
import { startCapMonths } from '../matching/month-start.js';
import { endPauses } from '../matching/pause-end.js';
import { assignWaitingRequests, INCOMING_LINK } from '../matching/matching.js';
import type { ReferralDeps } from '../ports.js';
import { runRetention, type RetentionResult } from '../retention/retention.js';

/**
 * Work per sweep: the rest waits for the next one, so one sweep never runs unbounded. Reminders go 25 to a
 * transaction: on PGlite a transaction holds every request until it ends (100 reminders took 0.4–0.7 s of
 * the bench's data set), and the loop turns between transactions (yieldToIo).
 */
const REMINDER_BATCH = 25;
const EXPIRY_BATCH = 200;

/** Retention's counts: docs/decisions/036-retention.md. */
export interface SweepResult extends RetentionResult {
  reminded: number;
  /** Accepted referrals whose referrer was asked whether they submitted them. */
  submitReminded: number;
  expired: number;
  /** Declines whose undo window passed, handed on or ended. */
  declined: number;
  /** Referrers told their verification lapses soon (docs/decisions/035-verification-lapse.md). */
  lapseReminded: number;
  /** Referrers whose pause ended: cleared, and handed the waiting requests at their company (issue 25). */
  pausesEnded: number;
  /** Capped referrers whose new month began: handed the waiting requests at their company, once a month. */
  capMonthsStarted: number;
  /** Referrers asked whether their referral bonus came (issue 50 item 5). */
  bonusReminded: number;
  /** Requests ended withdrawn: not resubmitted within CHANGES_WINDOW (issue 50 item 1). */
  changesLapsed: number;
}

/**
 * docs/product.md, A request's life, as of `now`: a reminder to every referrer whose referral has been pending
 * for half of REFERRAL_RESPONSE_TIME (once: reminded_at), then each referral pending for the full time
 * expires and passes on (handoff.ts), freeing its referrer's slot for the company's waiting requests.
 * Declines whose DECLINE_UNDO_WINDOW has passed pass on the same way (docs/decisions/033-request-lifecycle.md).
 * Requests whose seeker did not resubmit within CHANGES_WINDOW of a request for changes end withdrawn
 * (docs/decisions/084-changes-requested.md).
 * Safe with several instances: rows are claimed with FOR UPDATE SKIP LOCKED, one expiry or decline per
 * transaction so two sweeps never wait on each other's referrer locks in opposite orders.
 * An aborted `signal` (the server is closing) ends the sweep between two transactions, rejecting with its
 * reason: what committed stays done, and the next sweep picks up the rest.
 */
export async function runReferralSweep(
  db: Db,
  deps: ReferralDeps,
  now: Date,
  signal?: AbortSignal,
): Promise<SweepResult> {
  const half = new Date(now.getTime() - deps.responseMs / 2);
  const full = new Date(now.getTime() - deps.responseMs);
  const reminded = await inBatches(db, { size: REMINDER_BATCH, signal }, async (tx) => {
    const claimed = await claimReminders(tx, half, full, now, REMINDER_BATCH);
    for (const referral of claimed) {
      const about = await describeRequest(tx, referral.requestId);
      if (!about) continue;
      const deadline = new Date(referral.pendingSince.getTime() + deps.responseMs);
      await deps.notify(tx, {
        userId: referral.referrerId,
        title: 'Reminder: referral request waiting',
        message: `${about.seekerName} is still waiting for your answer on ${about.position} at ${about.companyName}. Please accept or decline it by ${notificationTime(deadline)}; after that it passes to another referrer.`,
        type: 'referral_reminder',
        link: INCOMING_LINK,
      });
    }
    return claimed.length;
  });

  const submitReminded = await remindToSubmit(db, deps, now, signal);

  const expired = await oneByOne(db, { limit: EXPIRY_BATCH, signal }, async (tx) => {
    const due = await claimDueReferral(tx, full);
    if (!due) return false;
    // Claimed and locked, so still pending: the conditional update is a second guard, not a race.
    const leaving = await expireReferral(tx, due.id, now);
    if (!leaving) return false;
    await passOn(tx, deps, leaving, 'expired', now);
    await assignWaitingRequests(tx, deps, leaving.referrerId, now, 'one freed');
    return true;
  });

  const undoClosed = new Date(now.getTime() - deps.declineUndoMs);
  const declined = await oneByOne(db, { limit: EXPIRY_BATCH, signal }, async (tx) => {
    const due = await claimDueDecline(tx, undoClosed);
    if (!due) return false;
    await passOn(tx, deps, due, 'declined', now);
    return true;
  });
  const changesLapsed = await endLapsedChanges(db, deps, now, signal);
  const lapseReminded = await remindOfLapses(db, deps, now, signal);
  const pausesEnded = await endPauses(db, deps, now, signal);
  const capMonthsStarted = await startCapMonths(db, deps, now, signal);
  const bonusReminded = await remindOfBonuses(db, deps, now, signal);
  const retention = await runRetention(db, deps, now, signal);
  return {
    reminded,
    submitReminded,
    expired,
    declined,
    lapseReminded,
    pausesEnded,
    capMonthsStarted,
    bonusReminded,
    changesLapsed,
    ...retention,
  };
}

/**
 * Issue 24 item 7: a referral accepted SUBMIT_REMINDER_AFTER ago and still not submitted asks its referrer
 * once whether they did.
 */
async function remindToSubmit(db: Db, deps: ReferralDeps, now: Date, signal?: AbortSignal): Promise<number> {
  const acceptedBefore = new Date(now.getTime() - deps.submitReminderMs);
  return inBatches(db, { size: REMINDER_BATCH, signal }, async (tx) => {
    const claimed = await claimSubmitReminders(tx, acceptedBefore, now, REMINDER_BATCH);
    for (const referral of claimed) {
      const about = await describeRequest(tx, referral.requestId);
      if (!about) continue;
      await deps.notify(tx, {
        userId: referral.referrerId,
        title: 'Did you submit the referral?',
        message: `Did you submit ${about.seekerName}'s referral for ${about.position} at ${about.companyName}? Mark it as submitted once you have, so they know it is on its way.`,
        type: 'referral_reminder',
        link: INCOMING_LINK,
      });
    }
    return claimed.length;
  });
}

export interface SweepTimer {
  /**
   * Stops the timer and a sweep in progress at its next turn between transactions, and waits for it, so the
   * database can close after it. Without the stop, a sweep with a backlog held a closing server for the whole
   * grace period.
   */
  stop(): Promise<void>;
}

export interface SweepLog {
  error(obj: unknown, msg: string): void;
}

/** Runs the sweep every `intervalMs` (REFERRAL_SWEEP_INTERVAL); one at a time per instance. */
export function startReferralSweep(
  db: Db,
  deps: ReferralDeps,
  options: { intervalMs: number; now: () => Date; log: SweepLog },
): SweepTimer {
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = runReferralSweep(db, deps, options.now(), stopping.signal)
      .then(() => undefined)
      .catch((err: unknown) => {
        // Asked to stop: not a failure, the next start's sweep does the rest.
        if (err !== stopping.signal.reason) options.log.error({ err }, 'referral sweep failed');
      })
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  // The sweep alone must not keep a process alive (scripts, tests that forget to close).
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}
