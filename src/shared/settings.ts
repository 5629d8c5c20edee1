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

/** The signed-in user's account settings (GET and PUT /api/user/settings answer this). */
export const UserSettingsSchema = z.object({
  /** Every notification is also mailed to the sign-in address while this is on. */
  emailNotifications: z.boolean(),
  /** Where mail writes times; taken from the browser at sign-in. Null until known (mail then says UTC). */
  timeZone: z.string().nullable(),
});
export type UserSettings = z.infer<typeof UserSettingsSchema>;

/** Either setting or both; what is left out stays as it is. */
export const UserSettingsInputSchema = z
  .strictObject({
    emailNotifications: z.boolean({ error: 'Choose whether to get notifications by email.' }).optional(),
    timeZone: TimeZoneSchema.optional(),
  })
  .refine((v) => v.emailNotifications !== undefined || v.timeZone !== undefined, {
    message: 'Send emailNotifications, timeZone or both.',
    path: ['emailNotifications'],
  });
export type UserSettingsInput = z.input<typeof UserSettingsInputSchema>;
