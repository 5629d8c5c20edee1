import { z } from 'zod';

/**
 * Issue 49 item 1: a seeker watches a company where nobody can take a request now, and is told once when
 * someone can (docs/decisions/078-a-watch-tells-once.md).
 */

/** The most companies one user watches at once. */
export const MAX_WATCHES = 50;

export const WATCH_LIMIT_MESSAGE = `You are watching ${MAX_WATCHES} companies already, the most at once. Stop watching one to watch another.`;

export const NO_SUCH_WATCHED_COMPANY = 'There is no such company.';

/** The button beside 'No referrers at {company} yet' and on a company nobody can take requests at. */
export const WATCH_BUTTON_TEXT = 'Tell me when one joins';

/** What a watcher is told, in the app and by mail, when a referrer at the company can take requests. */
export const WATCH_NOTICE = {
  title: 'A referrer is available',
  message: (company: string) => `A referrer at ${company} can take requests now.`,
  type: 'company_watch',
} as const;

/** POST and DELETE /api/companies/{id}/watch: whether the signed-in user watches the company now. */
export const WatchStateSchema = z.object({
  companyId: z.number().int(),
  watching: z.boolean(),
});
export type WatchState = z.infer<typeof WatchStateSchema>;

/** One company the user watches, as GET /api/user/watches lists it. */
export const CompanyWatchSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type CompanyWatch = z.infer<typeof CompanyWatchSchema>;

/** GET /api/user/watches: the user's watches, newest first. */
export const CompanyWatchListSchema = z.object({ items: z.array(CompanyWatchSchema) });
export type CompanyWatchList = z.infer<typeof CompanyWatchListSchema>;
