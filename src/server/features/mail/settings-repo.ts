import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { UserSettings } from '../../../shared/settings.js';
import { companies, userSettings, users } from '../../db/schema.js';

export interface MailRecipient {
  email: string;
  emailNotifications: boolean;
  /** IANA name, or null when the browser never told us. */
  timeZone: string | null;
  /** The confirmed personal address all their notification mail goes to; null: the sign-in address. */
  notificationEmail: string | null;
  /** Their current company's email domains (none without a current company, or one we know no domain of). */
  employerDomains: string[];
}

/** The company a user names as their current one, found as the company list compares names. */
const CURRENT_COMPANY = sql`${companies.normalizedName} = lower(btrim(regexp_replace(${users.currentCompanyName}, '\\s+', ' ', 'g')))`;

/** Mail is on until the user turns it off: a user without a settings row wants it. */
const WANTS_MAIL = sql<boolean>`coalesce(${userSettings.emailNotifications}, true)`;

/** A user's sign-in address, whether they want mail and their time zone; undefined when there is no such user. */
export async function findMailRecipient(db: Db, userId: number): Promise<MailRecipient | undefined> {
  const [row] = await db
    .select({
      email: users.email,
      emailNotifications: WANTS_MAIL,
      timeZone: userSettings.timeZone,
      notificationEmail: userSettings.notificationEmail,
      employerDomains: sql<string[]>`coalesce(${companies.emailDomains}, '{}'::text[])`,
    })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .leftJoin(companies, CURRENT_COMPANY)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** The user's row, locked for the transaction (one code at a time per user); false when there is none. */
export async function lockUser(tx: Db, userId: number): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return rows.length > 0;
}

/** Every column GET /api/user/settings answers. */
const SETTINGS_COLUMNS = {
  emailNotifications: userSettings.emailNotifications,
  timeZone: userSettings.timeZone,
  monthlyReferralCap: userSettings.monthlyReferralCap,
  referralsPausedUntil: userSettings.referralsPausedUntil,
  showCurrentEmployer: userSettings.showCurrentEmployer,
  notificationEmail: userSettings.notificationEmail,
};

/** What the table stores; the pending address is read from the codes (lib/mailed-codes.ts). */
export type StoredSettings = Omit<UserSettings, 'notificationEmailPending'>;
export type SettingsChange = Partial<StoredSettings>;

/** A user's settings, every default filled in; undefined when there is no such user. */
export async function findSettings(db: Db, userId: number): Promise<StoredSettings | undefined> {
  const [row] = await db
    .select({
      ...SETTINGS_COLUMNS,
      emailNotifications: WANTS_MAIL,
      showCurrentEmployer: sql<boolean>`coalesce(${userSettings.showCurrentEmployer}, true)`,
    })
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
