import { z } from 'zod';
import { FIXED_COMPANIES } from './fixed-companies.js';
import { idSchema } from './ids.js';

export { FIXED_COMPANIES, PARTNER_COMPANY_ID, type FixedCompany } from './fixed-companies.js';

/** Display name for a company id when the response carries no company (the spec's fallback table). */
export function fallbackCompanyName(id: number | null | undefined): string | undefined {
  return FIXED_COMPANIES.find((c) => c.id === id)?.name;
}

/** Lower-cased, trimmed, inner whitespace collapsed: the key that makes company names unique. */
export function normalizeCompanyName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** One entry of `GET /api/companies`. */
export const CompanySummarySchema = z.object({ id: z.number().int(), name: z.string() });
export type CompanySummary = z.infer<typeof CompanySummarySchema>;

/** Days of referral requests that `GET /api/companies/{id}/stats` looks back over. */
export const COMPANY_STATS_WINDOW_DAYS = 90;

/**
 * Fewer settled referrals (answered, or passed on unanswered) than this, and the response rate is null;
 * fewer answered ones, and the median is null: two or three data points would promise too much.
 */
export const COMPANY_STATS_MIN_SAMPLE = 3;

export const CompanyIdParamsSchema = z.object({ id: idSchema('There is no such company.') });

/** `GET /api/companies/{id}/stats`: how a company's referrers answer (last 90 days). */
export const CompanyStatsSchema = z.object({
  /** Users willing to give referrals at the company now. */
  referrers: z.number().int().min(0),
  verifiedReferrers: z.number().int().min(0),
  /** Share of settled referrals that got an answer (accept or decline), 0..1; null with too little data. */
  responseRate: z.number().min(0).max(1).nullable(),
  /** Median hours from assignment to the referrer's answer; null with too little data. */
  medianResponseHours: z.number().min(0).nullable(),
});
export type CompanyStats = z.infer<typeof CompanyStatsSchema>;
