import { notificationTime } from '../../../../shared/notifications.js';
import type { Db } from '../../../db/client.js';
import { inBatches } from '../../../db/one-by-one.js';
import { reminderLeadMs, verifiedSince } from './lapse-rule.js';
import type { ReferralDeps } from '../ports.js';
import { INCOMING_LINK } from '../matching/matching.js';
import { emailMatchesDomain } from '../matching/willingness.js';
import { lockUserRow } from '../rows/people.js';
import {
  claimLapseReminders,
  lockReferrerWithCompany,
  renewReferrerVerification,
} from './verification-repo.js';

/** Issue 24 item 10: renewal at sign-in and the reminder before a lapse (docs/decisions/035-verification-lapse.md). */

/** Reminders to a transaction: few, so a transaction on PGlite holds the server's requests briefly (sweep.ts). */
const REMINDER_BATCH = 25;

/**
 * The auth feature's hook after each sign-in: a sign-in email at the referrer's company's domain earns or
 * renews the verification (the clock restarts, and the next period gets its own reminder). A sign-in email
 * elsewhere changes nothing: a work-email verification renews only by a new code.
 */
export async function renewAtSignIn(
  db: Db,
  deps: Pick<ReferralDeps, 'now'>,
  userId: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const user = await lockUserRow(tx, userId);
    if (!user) return false;
    const referrer = await lockReferrerWithCompany(tx, userId);
    if (!referrer || !emailMatchesDomain(user.email, referrer.emailDomains)) return false;
    await renewReferrerVerification(tx, userId, 'sign-in-email', deps.now());
    return true;
  });
}

/**
 * The referral sweep's part: each verification due within reminderLeadMs of its lapse reminds its
 * referrer once per period (lapse_reminded_at, claimed with SKIP LOCKED so two instances never both send).
 */
export async function remindOfLapses(
  db: Db,
  deps: Pick<ReferralDeps, 'notify' | 'verificationTtlMs'>,
  now: Date,
  signal?: AbortSignal,
): Promise<number> {
  const ttl = deps.verificationTtlMs;
  const since = verifiedSince(now, ttl);
  const dueBy = new Date(since.getTime() + reminderLeadMs(ttl));
  return inBatches(db, { size: REMINDER_BATCH, signal }, async (tx) => {
    const claimed = await claimLapseReminders(tx, { since, dueBy, at: now, limit: REMINDER_BATCH });
    for (const row of claimed) {
      const until = new Date(row.verifiedAt.getTime() + ttl);
      const howTo =
        row.verificationMethod === 'work-email'
          ? `To renew it, verify your ${row.companyName} work email with a new code: choose 'Renew' beside your verification on your incoming requests.`
          : `To renew it, sign in again with your ${row.companyName} email address.`;
      await deps.notify(tx, {
        userId: row.userId,
        title: 'Your verification is about to lapse',
        message: `Your verification at ${row.companyName} lapses on ${notificationTime(until)}. ${howTo} After that your profile shows 'Pending Verification' until you verify again.`,
        type: 'verification_reminder',
        link: INCOMING_LINK,
      });
    }
    return claimed.length;
  });
}
