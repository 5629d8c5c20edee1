import { z } from 'zod';

/**
 * Issue 49 item 4: where referrers are missing. The admin sees exact figures per company; the public sees only
 * the names of companies wanted by at least `WANTED_MIN_DEMAND`
 * (docs/decisions/079-demand-figures-and-their-threshold.md).
 */

/** A page of GET /api/admin/demand by default. */
export const DEMAND_PAGE_SIZE = 50;
/** How far back `expiredUnanswered` counts requests that ended with nobody's answer. */
export const DEMAND_EXPIRED_DAYS = 90;
/** The fewest `waiting + watchers` a company shows publicly with: below it one person's hunt could be read. */
export const WANTED_MIN_DEMAND = 3;
/** How many companies the public 'Referrers wanted' list names at most. */
export const WANTED_SIZE = 10;

const LIMIT_MESSAGE = 'The limit must be a whole number from 1 to 100.';
export const DEMAND_CURSOR_MESSAGE = 'The cursor must be the nextCursor of an earlier page.';
const FORMAT_MESSAGE = 'The format must be json or csv.';

/** GET /api/admin/demand: `cursor` is the previous page's `nextCursor`; `format=csv` answers the same as CSV. */
export const AdminDemandQuerySchema = z.object({
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(100, LIMIT_MESSAGE)
    .default(DEMAND_PAGE_SIZE),
  cursor: z
    .string({ error: DEMAND_CURSOR_MESSAGE })
    .regex(/^[A-Za-z0-9_-]{1,800}$/, DEMAND_CURSOR_MESSAGE)
    .optional(),
  format: z.enum(['json', 'csv'], { error: FORMAT_MESSAGE }).default('json'),
});
export type AdminDemandQuery = z.output<typeof AdminDemandQuerySchema>;

/** One company's demand, exact: the admin's figures are never rounded or held back. */
export const CompanyDemandSchema = z.object({
  companyId: z.number().int(),
  name: z.string(),
  /** Open (pending) requests that no referrer holds now. */
  waiting: z.number().int().nonnegative(),
  /** Requests that ended expired, nobody having answered, in the last `DEMAND_EXPIRED_DAYS` days. */
  expiredUnanswered: z.number().int().nonnegative(),
  watchers: z.number().int().nonnegative(),
  /** Referrers there who can take a request now, as matching judges them. */
  availableReferrers: z.number().int().nonnegative(),
});
export type CompanyDemand = z.infer<typeof CompanyDemandSchema>;

/** The companies with any demand, most `waiting + watchers` first, then by name; `nextCursor` null at the end. */
export const AdminDemandPageSchema = z.object({
  items: z.array(CompanyDemandSchema),
  nextCursor: z.string().nullable(),
});
export type AdminDemandPage = z.infer<typeof AdminDemandPageSchema>;

/** The CSV's header row, in the JSON's field order. */
export const DEMAND_CSV_COLUMNS = [
  'companyId',
  'name',
  'waiting',
  'expiredUnanswered',
  'watchers',
  'availableReferrers',
] as const satisfies readonly (keyof CompanyDemand)[];
