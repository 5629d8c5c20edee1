import { and, count, desc, eq, gt, isNotNull, isNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import { DEMAND_EXPIRED_DAYS } from '../../shared/demand.js';
import type { Db } from '../db/client.js';
import {
  companies,
  companyWatches,
  referralRequests,
  referrals,
  referrers,
  userSettings,
  users,
} from '../db/schema.js';
import { takesRequestsInSql } from './referrer-sql.js';

/**
 * Issue 49 item 4: each company's demand and supply, read by the admin's demand tab (exact) and the public
 * 'Referrers wanted' list (thresholded), so the two never count differently
 * (docs/decisions/079-demand-figures-and-their-threshold.md).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where a page of demand starts: after this company in the order (score down, then name, then id). */
export interface DemandCursor {
  score: number;
  name: string;
  id: number;
}

/**
 * A waiting request, over referral_requests: pending with no current referral, as matching finds it
 * (lockWaitingRequests), and its seeker not suspended, since matching leaves those aside too. The demand
 * figures and the operator's `stats` count these.
 */
export function waitingRequestInSql(db: Db): SQL {
  return and(
    eq(referralRequests.status, 'pending'),
    notExists(
      db
        .select({ one: sql`1` })
        .from(referrals)
        .where(and(eq(referrals.requestId, referralRequests.id), isNull(referrals.supersededAt))),
    ),
    notExists(
      db
        .select({ one: sql`1` })
        .from(users)
        .where(and(eq(users.id, referralRequests.jobSeekerId), isNotNull(users.suspendedAt))),
    ),
  ) as SQL;
}

/**
 * Every company with any demand (a waiting request, one that expired unanswered in the window, or a
 * watcher), as a subquery with its figures and `score` (`waiting + watchers`).
 */
function demandRows(db: Db, at: Date, capacity: number) {
  const waiting = db
    .select({ companyId: referralRequests.companyId, n: count().as('waiting_n') })
    .from(referralRequests)
    .where(waitingRequestInSql(db))
    .groupBy(referralRequests.companyId)
    .as('waiting');
  const since = new Date(at.getTime() - DEMAND_EXPIRED_DAYS * DAY_MS);
  const expired = db
    .select({ companyId: referralRequests.companyId, n: count().as('expired_n') })
    .from(referralRequests)
    .where(and(eq(referralRequests.status, 'expired'), gt(referralRequests.closedAt, since)))
    .groupBy(referralRequests.companyId)
    .as('expired');
  const watchers = db
    .select({ companyId: companyWatches.companyId, n: count().as('watchers_n') })
    .from(companyWatches)
    .groupBy(companyWatches.companyId)
    .as('watchers');
  const available = db
    .select({ companyId: referrers.companyId, n: count().as('available_n') })
    .from(referrers)
    .innerJoin(users, eq(users.id, referrers.userId))
    .leftJoin(userSettings, eq(userSettings.userId, referrers.userId))
    .where(takesRequestsInSql(at, capacity))
    .groupBy(referrers.companyId)
    .as('available');
  const figure = (n: typeof waiting.n, alias: string) =>
    sql<number>`coalesce(${n}, 0)::int`.mapWith(Number).as(alias);
  return db
    .select({
      companyId: companies.id,
      name: companies.name,
      listed: companies.listed,
      waiting: figure(waiting.n, 'waiting'),
      expiredUnanswered: figure(expired.n, 'expired_unanswered'),
      watchers: figure(watchers.n, 'watchers'),
      availableReferrers: figure(available.n, 'available_referrers'),
      score: sql<number>`(coalesce(${waiting.n}, 0) + coalesce(${watchers.n}, 0))::int`
        .mapWith(Number)
        .as('score'),
    })
    .from(companies)
    .leftJoin(waiting, eq(waiting.companyId, companies.id))
    .leftJoin(expired, eq(expired.companyId, companies.id))
    .leftJoin(watchers, eq(watchers.companyId, companies.id))
    .leftJoin(available, eq(available.companyId, companies.id))
    .where(or(gt(waiting.n, 0), gt(expired.n, 0), gt(watchers.n, 0)))
    .as('demand');
}

/** Names sort by their bytes, the same on PostgreSQL and PGlite whatever the locale. */
const byteOrder = (name: unknown) => sql`${name} collate "C"`;

/** A page of demand for the admin: `limit + 1` rows after `cursor`, so the caller knows if more follow. */
export async function demandPage(
  db: Db,
  { at, capacity, limit, after }: { at: Date; capacity: number; limit: number; after?: DemandCursor },
) {
  const d = demandRows(db, at, capacity);
  return db
    .select({
      companyId: d.companyId,
      name: d.name,
      waiting: d.waiting,
      expiredUnanswered: d.expiredUnanswered,
      watchers: d.watchers,
      availableReferrers: d.availableReferrers,
      score: d.score,
    })
    .from(d)
    .where(
      after &&
        sql`(${d.score} < ${after.score} or (${d.score} = ${after.score} and (${byteOrder(d.name)}, ${d.companyId}) > (${byteOrder(sql`${after.name}::text`)}, ${after.id})))`,
    )
    .orderBy(desc(d.score), byteOrder(d.name), d.companyId)
    .limit(limit + 1);
}

/**
 * The public list: listed companies where nobody can take a request now, with at least `minimum`
 * `waiting + watchers`, most first. Only ids and names leave this function.
 */
export async function wantedCompanies(
  db: Db,
  { at, capacity, minimum, limit }: { at: Date; capacity: number; minimum: number; limit: number },
) {
  const d = demandRows(db, at, capacity);
  return db
    .select({ id: d.companyId, name: d.name })
    .from(d)
    .where(and(eq(d.listed, true), eq(d.availableReferrers, 0), sql`${d.score} >= ${minimum}`))
    .orderBy(desc(d.score), byteOrder(d.name), d.companyId)
    .limit(limit);
}
