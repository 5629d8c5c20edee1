import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { UserSettings } from '../../../shared/settings.js';
import { userSettings, users } from '../../db/schema.js';

export interface MailRecipient {
  email: string;
  emailNotifications: boolean;
  /** IANA name, or null when the browser never told us. */
  timeZone: string | null;
}

/** Mail is on until the user turns it off: a user without a settings row wants it. */
const WANTS_MAIL = sql<boolean>`coalesce(${userSettings.emailNotifications}, true)`;

/** A user's sign-in address, whether they want mail and their time zone; undefined when there is no such user. */
export async function findMailRecipient(db: Db, userId: number): Promise<MailRecipient | undefined> {
  const [row] = await db
    .select({
      email: users.email,
      emailNotifications: WANTS_MAIL,
      timeZone: userSettings.timeZone,
    })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** Every column GET /api/user/settings answers. */
const SETTINGS_COLUMNS = {
  emailNotifications: userSettings.emailNotifications,
  timeZone: userSettings.timeZone,
  monthlyReferralCap: userSettings.monthlyReferralCap,
  referralsPausedUntil: userSettings.referralsPausedUntil,
};

export type StoredSettings = UserSettings;
export type SettingsChange = Partial<UserSettings>;

/** A user's settings, every default filled in; undefined when there is no such user. */
export async function findSettings(db: Db, userId: number): Promise<StoredSettings | undefined> {
  const [row] = await db
    .select({ ...SETTINGS_COLUMNS, emailNotifications: WANTS_MAIL })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** Saves the settings given, leaving the others as they were; answers them all. */
export async function upsertSettings(
  db: Db,
  userId: number,
  change: SettingsChange,
): Promise<StoredSettings> {
  const [row] = await db
    .insert(userSettings)
    .values({ userId, ...change })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...change, updatedAt: sql`now()` } })
    .returning(SETTINGS_COLUMNS);
  return row!;
}
