import { z } from 'zod';
import { FIXED_COMPANIES } from './fixed-companies.js';
import { hasForbiddenCharacters, notAllowedMessage } from './text.js';
import { idSchema } from './ids.js';

export { FIXED_COMPANIES, PARTNER_COMPANY_ID, type FixedCompany } from './fixed-companies.js';

/** Display name for a company id when the response carries no company (the fallback table of docs/product.md, Data). */
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

/** GET /api/companies/directory: companies per page by default, and at most. */
export const DIRECTORY_PAGE_SIZE = 20;
export const DIRECTORY_MAX_PAGE_SIZE = 50;
/** The longest search the directory takes (longer than any company name worth typing). */
export const DIRECTORY_SEARCH_MAX = 100;

/** The public directory's title and description, as a visitor and a crawler see them (client and server agree). */
export const COMPANIES_PAGE_META = {
  title: 'Companies',
  description: 'Companies where a referrer can take your request now. Sign in to ask for a referral at one.',
} as const;

const DIRECTORY_LIMIT_MESSAGE = `The limit must be a whole number from 1 to ${DIRECTORY_MAX_PAGE_SIZE}.`;
const DIRECTORY_CURSOR_MESSAGE = 'The cursor must be the nextCursor of an earlier page.';

/**
 * GET /api/companies/directory (issue 25 item 8): `q` finds companies whose name starts with it, ignoring
 * case and extra spaces; `cursor` is the previous page's `nextCursor`.
 */
export const CompanyDirectoryQuerySchema = z.object({
  q: z
    .string({ error: 'The search must be text.' })
    .max(DIRECTORY_SEARCH_MAX, `The search must be at most ${DIRECTORY_SEARCH_MAX} characters.`)
    .refine((q) => !hasForbiddenCharacters(q), notAllowedMessage('The search'))
    .transform(normalizeCompanyName)
    .optional(),
  limit: z.coerce
    .number({ error: DIRECTORY_LIMIT_MESSAGE })
    .int(DIRECTORY_LIMIT_MESSAGE)
    .min(1, DIRECTORY_LIMIT_MESSAGE)
    .max(DIRECTORY_MAX_PAGE_SIZE, DIRECTORY_LIMIT_MESSAGE)
    .default(DIRECTORY_PAGE_SIZE),
  cursor: z
    .string({ error: DIRECTORY_CURSOR_MESSAGE })
    .regex(/^[A-Za-z0-9_-]{1,600}$/, DIRECTORY_CURSOR_MESSAGE)
    .optional(),
});
export type CompanyDirectoryQuery = z.input<typeof CompanyDirectoryQuerySchema>;

/**
 * One company of the directory: how many referrers can take a request there now (willing, not paused) and
 * how they answer, as GET /api/companies/{id}/stats says it. Never who they are.
 */
export const CompanyDirectoryEntrySchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  ...CompanyStatsSchema.shape,
});
export type CompanyDirectoryEntry = z.infer<typeof CompanyDirectoryEntrySchema>;

/** A page of the directory, by name; `nextCursor` null on the last page. */
export const CompanyDirectoryPageSchema = z.strictObject({
  items: z.array(CompanyDirectoryEntrySchema),
  nextCursor: z.string().nullable(),
});
export type CompanyDirectoryPage = z.infer<typeof CompanyDirectoryPageSchema>;

/**
 * GET /api/companies/wanted (issue 49 item 4): up to ten companies where a referrer is wanted, names only,
 * never a count (the threshold and the size are in demand.ts, for the server).
 */
export const WantedCompaniesSchema = z.object({
  items: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type WantedCompanies = z.infer<typeof WantedCompaniesSchema>;

/** The public strip's heading on /companies and /refer. */
export const WANTED_HEADING = 'Referrers wanted';
