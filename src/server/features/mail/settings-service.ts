import type { z } from 'zod';
import {
  pauseEndProblem,
  todayIn,
  type UserSettings,
  type UserSettingsInputSchema,
} from '../../../shared/settings.js';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import * as repo from './settings-repo.js';
import { verifyUnsubscribeToken } from './unsubscribe-token.js';

/** GET /api/user/settings: exactly the fields PUT takes, so a client may send the answer back. */
export async function getSettings(db: Db, userId: number): Promise<UserSettings> {
  const settings = await repo.findSettings(db, userId);
  if (!settings) throw notFound('User not found.');
  return settings;
}

export async function updateSettings(
  db: Db,
  userId: number,
  input: z.output<typeof UserSettingsInputSchema>,
  now: Date = new Date(),
): Promise<UserSettings> {
  if (input.referralsPausedUntil) {
    // A day gone by in the zone the pause will be read in: the one sent along, else the one kept.
    const zone =
      input.timeZone !== undefined
        ? input.timeZone
        : ((await repo.findSettings(db, userId))?.timeZone ?? null);
    const problem = pauseEndProblem(input.referralsPausedUntil, todayIn(zone, now));
    if (problem) throw badRequest(problem);
  }
  // Only what was sent: an omitted field stays as it is, a null clears it.
  const change: repo.SettingsChange = {};
  if (input.emailNotifications !== undefined) change.emailNotifications = input.emailNotifications;
  if (input.timeZone !== undefined) change.timeZone = input.timeZone;
  if (input.monthlyReferralCap !== undefined) change.monthlyReferralCap = input.monthlyReferralCap;
  if (input.referralsPausedUntil !== undefined) change.referralsPausedUntil = input.referralsPausedUntil;
  return repo.upsertSettings(db, userId, change);
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
