import { z } from 'zod';
import { idSchema } from './ids.js';

/**
 * Companies seeded with fixed ids. The spec's 13-entry display fallback and the partner company (id 4)
 * rely on these ids, so their order must never change; new employers go to the end of the list.
 */
export interface FixedCompany {
  id: number;
  name: string;
  domain: string;
  isPartner?: boolean;
}

export const PARTNER_COMPANY_ID = 4;

export const FIXED_COMPANIES: readonly FixedCompany[] = [
  { id: 1, name: 'Google', domain: 'google.com' },
  { id: 2, name: 'Microsoft', domain: 'microsoft.com' },
  { id: 3, name: 'Amazon', domain: 'amazon.com' },
  { id: 4, name: 'Stripe', domain: 'stripe.com', isPartner: true },
  { id: 5, name: 'Meta', domain: 'meta.com' },
  { id: 6, name: 'Apple', domain: 'apple.com' },
  { id: 7, name: 'Netflix', domain: 'netflix.com' },
  { id: 8, name: 'Salesforce', domain: 'salesforce.com' },
  { id: 9, name: 'Adobe', domain: 'adobe.com' },
  { id: 10, name: 'Uber', domain: 'uber.com' },
  { id: 11, name: 'Airbnb', domain: 'airbnb.com' },
  { id: 12, name: 'LinkedIn', domain: 'linkedin.com' },
  { id: 13, name: 'Spotify', domain: 'spotify.com' },
];

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

export const CompanyIdParamsSchema = z.object({ id: idSchema('Unknown company') });

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
