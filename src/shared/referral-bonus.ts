import { z } from 'zod';

/**
 * Issue 50 item 5: the referral bonus a referrer was promised, tracked for them alone
 * (docs/decisions/083-referral-bonus-tracker.md).
 */

export const BONUS_STATUSES = ['waiting', 'paid', 'forfeited'] as const;
export type BonusStatus = (typeof BONUS_STATUSES)[number];

export const BONUS_STATUS_LABELS: Record<BonusStatus, string> = {
  waiting: 'Waiting',
  paid: 'Paid',
  forfeited: 'Forfeited',
};

/** Companies pay a bonus after a probation of weeks or months; two years covers every plan we know of. */
export const MAX_PAYOUT_AFTER_DAYS = 730;
export const MAX_BONUS_AMOUNT = 1_000_000;
/** The reminder before the expected payout day; another comes on the day. */
export const BONUS_EARLY_REMINDER_DAYS = 7;

export const BONUS_TOO_EARLY =
  'A bonus can be recorded once the referral’s outcome is successful: mark it successful first.';

const DAY_MS = 86_400_000;

const HIRED_ON_ERROR = 'The hire date must be a date as YYYY-MM-DD between 2000-01-01 and 2099-12-31.';

/** A calendar day as YYYY-MM-DD, a real one (no 31 April) within this century. */
const calendarDay = z
  .string({ error: HIRED_ON_ERROR })
  .regex(/^\d{4}-\d{2}-\d{2}$/, HIRED_ON_ERROR)
  .refine((value) => {
    const at = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
  }, HIRED_ON_ERROR)
  .refine((value) => value >= '2000-01-01' && value <= '2099-12-31', HIRED_ON_ERROR);

const PAYOUT_AFTER_ERROR = `The payout delay must be a whole number of days from 0 to ${MAX_PAYOUT_AFTER_DAYS}.`;
const AMOUNT_ERROR = 'The amount must be a number from 0 to 1,000,000 with at most two decimals.';
const CURRENCY_ERROR = 'The currency must be a three-letter code such as USD or EUR.';

/** PUT /api/referrals/{id}/bonus: amount and currency may be left out or null (not known yet). */
export const ReferralBonusInputSchema = z.strictObject({
  hiredOn: calendarDay,
  payoutAfterDays: z
    .number({ error: PAYOUT_AFTER_ERROR })
    .int(PAYOUT_AFTER_ERROR)
    .min(0, PAYOUT_AFTER_ERROR)
    .max(MAX_PAYOUT_AFTER_DAYS, PAYOUT_AFTER_ERROR),
  amount: z
    .number({ error: AMOUNT_ERROR })
    .min(0, AMOUNT_ERROR)
    .max(MAX_BONUS_AMOUNT, AMOUNT_ERROR)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, AMOUNT_ERROR)
    .nullable()
    .optional(),
  currency: z
    .string({ error: CURRENCY_ERROR })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, CURRENCY_ERROR)
    .nullable()
    .optional(),
  status: z.enum(BONUS_STATUSES, { error: 'The status must be waiting, paid or forfeited.' }),
});
export type ReferralBonusInput = z.input<typeof ReferralBonusInputSchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One bonus as GET /api/referrer/bonuses and the PUT answer it. */
export const ReferralBonusSchema = z.object({
  referralId: z.number().int(),
  candidateFirstName: z.string(),
  company: z.string(),
  hiredOn: day,
  payoutAfterDays: z.number().int(),
  expectedPayoutOn: day,
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  status: z.enum(BONUS_STATUSES),
});
export type ReferralBonus = z.infer<typeof ReferralBonusSchema>;

export const ReferralBonusListSchema = z.object({ items: z.array(ReferralBonusSchema) });
export type ReferralBonusList = z.infer<typeof ReferralBonusListSchema>;

/** The day the bonus is expected: the hire date plus the payout delay, as calendar days. */
export function expectedPayoutOn(hiredOn: string, payoutAfterDays: number): string {
  const at = new Date(`${hiredOn}T00:00:00Z`).getTime() + payoutAfterDays * DAY_MS;
  return new Date(at).toISOString().slice(0, 10);
}

/** The reminder's sentence, 7 days before the expected day and on it (issue 50 item 5). */
export function bonusReminderMessage(candidateFirstName: string, company: string): string {
  return `Did you receive your referral bonus for ${candidateFirstName} at ${company}?`;
}

/** 'Feb 3, 2027' for '2027-02-03': a calendar day, the same in every time zone. */
export function formatBonusDay(day: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

export function formatBonusAmount(amount: number | null, currency: string | null): string | null {
  if (amount === null) return null;
  if (!currency) return new Intl.NumberFormat('en-US').format(amount);
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
}
