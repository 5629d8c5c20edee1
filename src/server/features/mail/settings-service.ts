import type { z } from 'zod';
import {
  pauseEndProblem,
  todayIn,
  type UserSettings,
  type UserSettingsInputSchema,
} from '../../../shared/settings.js';
import type { Db } from '../../db/client.js';
import { PRODUCT_NAME } from '../../../shared/brand.js';
import { type AppError, badRequest, notFound } from '../../lib/errors.js';
import { emailMatchesDomain } from '../../lib/free-mail.js';
import {
  CODE_MINUTES,
  MAX_TRIES,
  codeExpired,
  issueCode,
  latestUnusedCode,
  redeemCode,
} from '../../lib/mailed-codes.js';
import type { MailMessage } from './outbox.js';
import * as repo from './settings-repo.js';
import { verifyUnsubscribeToken } from './unsubscribe-token.js';

/** What a personal address's code needs: the codes' key, the clock and the mail queue. */
export interface NotificationEmailDeps {
  /** Keys the codes' HMAC (SESSION_SECRET). */
  secret: string;
  now: () => Date;
  /** Queues a mail in the caller's transaction. */
  sendMail: (tx: Db, message: MailMessage) => Promise<unknown>;
}

/** The address waiting for its code: the newest code's, while it may still be confirmed. */
async function pendingAddress(db: Db, userId: number, now: Date): Promise<string | null> {
  const row = await latestUnusedCode(db, userId, 'notification-email');
  return row && !codeExpired(row, now) && row.attempts < MAX_TRIES ? row.email : null;
}

async function withPending(
  db: Db,
  userId: number,
  stored: repo.StoredSettings,
  now: Date,
): Promise<UserSettings> {
  return { ...stored, notificationEmailPending: await pendingAddress(db, userId, now) };
}

/** GET /api/user/settings: exactly the fields PUT takes, so a client may send the answer back. */
export async function getSettings(db: Db, userId: number, now: Date = new Date()): Promise<UserSettings> {
  const settings = await repo.findSettings(db, userId);
  if (!settings) throw notFound('User not found.');
  return withPending(db, userId, settings, now);
}

/**
 * Mails a code to a new personal address (docs/decisions/085-a-job-hunt-hidden-from-the-employer.md):
 * the work-email verification's machinery (lib/mailed-codes.ts), free mail welcome. An address at the
 * user's current company's domains is refused: it is the mailbox the address is there to avoid.
 */
async function mailNotificationEmailCode(
  tx: Db,
  deps: NotificationEmailDeps,
  userId: number,
  email: string,
  now: Date,
): Promise<void> {
  if (!(await repo.lockUser(tx, userId))) throw notFound('User not found.');
  const recipient = await repo.findMailRecipient(tx, userId);
  if (recipient && emailMatchesDomain(email, recipient.employerDomains)) {
    throw badRequest(NOTIFICATION_EMAIL_AT_EMPLOYER, { notificationEmail: [NOTIFICATION_EMAIL_AT_EMPLOYER] });
  }
  const code = await issueCode(tx, {
    userId,
    purpose: 'notification-email',
    email,
    secret: deps.secret,
    now,
  });
  await deps.sendMail(tx, {
    userId,
    urgent: true,
    to: email,
    subject: `Your ${PRODUCT_NAME} code: ${code}`,
    text: [
      `Your code to get your ${PRODUCT_NAME} mail at this address is ${code}.`,
      '',
      `It works for ${CODE_MINUTES} minutes. If you did not ask for it, you can ignore this email.`,
    ].join('\n'),
  });
}

export const NOTIFICATION_EMAIL_AT_EMPLOYER =
  'That address is at your current employer: use a personal address, so news of your requests stays yours.';

export async function updateSettings(
  db: Db,
  deps: NotificationEmailDeps,
  userId: number,
  input: z.output<typeof UserSettingsInputSchema>,
): Promise<UserSettings> {
  const now = deps.now();
  const stored = await repo.findSettings(db, userId);
  if (!stored) throw notFound('User not found.');
  if (input.referralsPausedUntil) {
    // A day gone by in the zone the pause will be read in: the one sent along, else the one kept.
    const zone = input.timeZone !== undefined ? input.timeZone : stored.timeZone;
    const problem = pauseEndProblem(input.referralsPausedUntil, todayIn(zone, now));
    if (problem) throw badRequest(problem);
  }
  // Only what was sent: an omitted field stays as it is, a null clears it.
  const change: repo.SettingsChange = {};
  if (input.emailNotifications !== undefined) change.emailNotifications = input.emailNotifications;
  if (input.timeZone !== undefined) change.timeZone = input.timeZone;
  if (input.monthlyReferralCap !== undefined) change.monthlyReferralCap = input.monthlyReferralCap;
  if (input.referralsPausedUntil !== undefined) change.referralsPausedUntil = input.referralsPausedUntil;
  if (input.showCurrentEmployer !== undefined) change.showCurrentEmployer = input.showCurrentEmployer;
  // A null or the confirmed address (GET's answer sent back) does nothing; a new one is mailed a code.
  const newAddress =
    input.notificationEmail != null && input.notificationEmail !== stored.notificationEmail
      ? input.notificationEmail
      : null;
  const saved = await db.transaction(async (tx) => {
    if (newAddress) await mailNotificationEmailCode(tx, deps, userId, newAddress, now);
    return Object.keys(change).length > 0 ? repo.upsertSettings(tx, userId, change) : stored;
  });
  return withPending(db, userId, saved, now);
}

/**
 * POST /api/user/settings/notification-email/confirm: the code mailed to the personal address makes it
 * the address of all the user's notification mail. A wrong try is counted even though it is refused.
 */
export async function confirmNotificationEmail(
  db: Db,
  deps: NotificationEmailDeps,
  userId: number,
  code: string,
): Promise<UserSettings> {
  const now = deps.now();
  const refusal = await db.transaction(async (tx): Promise<AppError | null> => {
    if (!(await repo.lockUser(tx, userId))) throw notFound('User not found.');
    const row = await latestUnusedCode(tx, userId, 'notification-email');
    if (!row) throw badRequest('There is no code waiting for you: ask for a code first.');
    const refused = await redeemCode(tx, { row, code, secret: deps.secret, now });
    if (refused) return refused;
    await repo.upsertSettings(tx, userId, { notificationEmail: row.email });
    return null;
  });
  if (refusal) throw refusal;
  return getSettings(db, userId, now);
}

export const INVALID_UNSUBSCRIBE = 'This unsubscribe link is not valid.';

/** The user an unsubscribe link names: 400 for a link we did not sign, 404 for a deleted account. */
export async function unsubscribeTarget(
  db: Db,
  secret: string,
  token: string,
): Promise<{ userId: number } & repo.MailRecipient> {
  const userId = verifyUnsubscribeToken(secret, token);
  if (userId === undefined) throw badRequest(INVALID_UNSUBSCRIBE);
  const recipient = await repo.findMailRecipient(db, userId);
  if (!recipient) throw notFound('This account no longer exists.');
  return { userId, ...recipient };
}

export async function unsubscribe(db: Db, secret: string, token: string): Promise<void> {
  const { userId } = await unsubscribeTarget(db, secret, token);
  await repo.upsertSettings(db, userId, { emailNotifications: false });
}
