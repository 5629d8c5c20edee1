import type { z } from 'zod';
import type { UserSettings, UserSettingsInputSchema } from '../../../shared/settings.js';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import * as repo from './settings-repo.js';
import { verifyUnsubscribeToken } from './unsubscribe-token.js';

export async function getSettings(db: Db, userId: number): Promise<UserSettings> {
  const recipient = await repo.findMailRecipient(db, userId);
  if (!recipient) throw notFound('User not found.');
  return { emailNotifications: recipient.emailNotifications, timeZone: recipient.timeZone };
}

export async function updateSettings(
  db: Db,
  userId: number,
  input: z.output<typeof UserSettingsInputSchema>,
): Promise<UserSettings> {
  const change = {
    ...(input.emailNotifications === undefined ? {} : { emailNotifications: input.emailNotifications }),
    ...(input.timeZone === undefined ? {} : { timeZone: input.timeZone }),
  };
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
