import { z } from 'zod';

const TIME_ZONE_MESSAGE = 'The time zone must be an IANA time zone name such as Europe/Berlin.';

/** Whether this runtime knows the zone; it answers the zone's canonical spelling, or undefined. */
export function canonicalTimeZone(value: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * Formats in the reader's zone (UTC when it is unknown or unsupported). A time names its zone, as 'UTC' or
 * an offset ('GMT+1'), so it is never ambiguous; `named: false` leaves it out (a day on its own).
 */
export function zonedTimeFormat(
  timeZone: string | null,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone' | 'timeZoneName'>,
  { named = true }: { named?: boolean } = {},
): Intl.DateTimeFormat {
  const zone = (timeZone && canonicalTimeZone(timeZone)) ?? 'UTC';
  const timeZoneName = named ? (zone === 'UTC' ? 'short' : 'shortOffset') : undefined;
  return new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone, timeZoneName });
}

/** An IANA time zone name ('Europe/Berlin', 'America/Argentina/Buenos_Aires', 'UTC'), as the browser's Intl gives it. */
export const TimeZoneSchema = z
  .string({ error: TIME_ZONE_MESSAGE })
  .trim()
  .max(64, TIME_ZONE_MESSAGE)
  .regex(/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/, TIME_ZONE_MESSAGE)
  .transform((value, ctx) => {
    const zone = canonicalTimeZone(value);
    if (!zone) {
      ctx.addIssue({ code: 'custom', message: TIME_ZONE_MESSAGE });
      return z.NEVER;
    }
    return zone;
  });

/** Issue 25 item 9: the most a referrer may cap their new assignments at, per calendar month. */
export const MAX_MONTHLY_REFERRAL_CAP = 100;

const CAP_MESSAGE = `The monthly cap must be a whole number from 1 to ${MAX_MONTHLY_REFERRAL_CAP}; leave it empty for no cap.`;
const PAUSE_MESSAGE = 'The pause must end on a date written as YYYY-MM-DD; leave it empty for no pause.';

/** A referrer's cap on new assignments per calendar month in their time zone; null: no cap. */
export const MonthlyReferralCapSchema = z
  .number({ error: CAP_MESSAGE })
  .int(CAP_MESSAGE)
  .min(1, CAP_MESSAGE)
  .max(MAX_MONTHLY_REFERRAL_CAP, CAP_MESSAGE)
  .nullable();

/** The calendar day it is at `now` in `timeZone` (UTC when unknown or unsupported), as YYYY-MM-DD. */
export function todayIn(timeZone: string | null, now: Date = new Date()): string {
  const parts = zonedTimeFormat(
    timeZone,
    { year: 'numeric', month: '2-digit', day: '2-digit' },
    { named: false },
  ).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * Issue 46 item 9: a pause that would end on a day gone by is refused (it would pause nothing), by the
 * settings form before it sends and by the server. Today itself is fine: the pause then ends at once.
 */
export function pauseEndProblem(pausedUntil: string | null, today: string): string | undefined {
  if (pausedUntil === null || pausedUntil >= today) return undefined;
  return `The pause must end today or later (today is ${today} in your time zone); leave it empty for no pause.`;
}

/** The day new assignments start again (YYYY-MM-DD, a real calendar day); null: not paused. */
export const PausedUntilSchema = z
  .string({ error: PAUSE_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, PAUSE_MESSAGE)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    const year = d.getUTCFullYear();
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v) && year >= 2000 && year <= 2100;
  }, PAUSE_MESSAGE)
  .nullable();

/** The signed-in user's account settings (GET and PUT /api/user/settings answer this; PUT takes it back). */
export const UserSettingsSchema = z.object({
  /** Every notification is also mailed to the sign-in address while this is on. */
  emailNotifications: z.boolean(),
  /** Where mail writes times; taken from the browser at sign-in. Null until known (mail then says UTC). */
  timeZone: z.string().nullable(),
  /** At most this many new referral requests a calendar month (in timeZone); null: no cap. */
  monthlyReferralCap: z.number().int().min(1).max(MAX_MONTHLY_REFERRAL_CAP).nullable(),
  /** No new referral requests until this day begins (in timeZone); null: not paused. */
  referralsPausedUntil: z.string().nullable(),
  /**
   * Issue 50 item 4: false, referrers read 'Current employer (hidden)' in place of the current company's
   * name (docs/decisions/085-a-job-hunt-hidden-from-the-employer.md).
   */
  showCurrentEmployer: z.boolean().default(true),
  /** The confirmed personal address all notification mail goes to; null: the sign-in address. */
  notificationEmail: z.string().nullable().default(null),
  /** An address waiting for its mailed code (newest, unused, not expired); null when none is. */
  notificationEmailPending: z.string().nullable().default(null),
});
export type UserSettings = z.infer<typeof UserSettingsSchema>;

const SETTINGS_KEYS = [
  'emailNotifications',
  'timeZone',
  'monthlyReferralCap',
  'referralsPausedUntil',
  'showCurrentEmployer',
  'notificationEmail',
] as const;

const NOTIFICATION_EMAIL_MESSAGE = 'Enter a valid email address, such as you@gmail.com.';

/** A personal address for notification mail; any provider, free mail welcome. Lower-cased. */
export const NotificationEmailSchema = z
  .string({ error: NOTIFICATION_EMAIL_MESSAGE })
  .trim()
  .max(254, { error: 'That email address is too long.' })
  .pipe(z.email({ error: NOTIFICATION_EMAIL_MESSAGE }))
  .transform((v) => v.toLowerCase());

/** POST /api/user/settings/notification-email/confirm: the code mailed to the personal address. */
export const ConfirmNotificationEmailInputSchema = z.strictObject({
  code: z
    .string({ error: 'Enter the 6-digit code from the email.' })
    .trim()
    .regex(/^\d{6}$/, { error: 'Enter the 6-digit code from the email.' }),
});
export type ConfirmNotificationEmailInput = z.infer<typeof ConfirmNotificationEmailInputSchema>;

/**
 * Any of the settings; what is left out stays as it is. Takes GET's answer back as it is: a null time zone
 * forgets the zone (mail and the monthly cap then use UTC); a null or unchanged notificationEmail does nothing.
 */
export const UserSettingsInputSchema = z
  .strictObject({
    emailNotifications: z.boolean({ error: 'Choose whether to get notifications by email.' }).optional(),
    timeZone: TimeZoneSchema.nullable().optional(),
    monthlyReferralCap: MonthlyReferralCapSchema.optional(),
    referralsPausedUntil: PausedUntilSchema.optional(),
    showCurrentEmployer: z
      .boolean({ error: 'Choose whether referrers see your current employer.' })
      .optional(),
    /**
     * A new address is mailed a code and becomes the mail's address once confirmed; null or the confirmed
     * one (GET's answer sent back) changes nothing.
     */
    notificationEmail: NotificationEmailSchema.nullable().optional(),
    /** GET's answer taken back: read-only, ignored. */
    notificationEmailPending: z.string().max(254).nullable().optional(),
  })
  .refine((v) => SETTINGS_KEYS.some((key) => v[key] !== undefined), {
    message:
      'Send at least one of emailNotifications, timeZone, monthlyReferralCap, referralsPausedUntil, showCurrentEmployer or notificationEmail.',
    path: ['emailNotifications'],
  });
export type UserSettingsInput = z.input<typeof UserSettingsInputSchema>;
