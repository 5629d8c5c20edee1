import { and, asc, eq, gte, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { DIRECTORY_PAGE_SIZE } from '../../../shared/companies.js';
import type { Db } from '../../db/client.js';
import { rowExists } from '../../db/rows.js';
import { preparedPerDb, writtenLimit, type Bound, type Limit } from '../../db/prepared.js';
import { companies, referralRequests, referrals, referrers } from '../../db/schema.js';
import { pausedInSql, referrerRowPause, verifiedInSql } from '../../lib/referrer-sql.js';
import { parseTimestamptz } from '../../db/timestamptz.js';
import type { SharedRead } from '../../kept/shared-memo.js';

export const companyExists = (db: Db, id: number) => rowExists(db, companies, id);

/**
 * The `referrers` row's referrer can take a request now: willing, and not paused at `at` (issue 25 item 9).
 * One at their monthly cap still counts: the cap is theirs to keep, and the request then waits like one at
 * capacity. A suspended referrer is nobody's to ask (docs/decisions/039-running-the-marketplace.md).
 *
 * Read from the referrers row alone: the database keeps on it copies of the user's willingness and
 * suspension and of their pause (docs/decisions/048-referrer-availability-copies.md). Probes of users and
 * user_settings per referrer were most of PostgreSQL's time on a directory page.
 */
function availableAt(at: Date | SQL): SQL {
  return sql`(${referrers.willingNow} and not ${pausedInSql(at, referrerRowPause)})`;
}

/**
 * Per company, the referrers available now (see availableAt) and how many of them are verified: verified
 * after `verifiedSince`, so a lapsed verification counts as none (docs/decisions/035-verification-lapse.md).
 * Read through referrers_company_idx; a company without any is missing from the map.
 */
export function referrerCountQuery(db: Db, companyIds: readonly number[], verifiedSince: Date, at: Date) {
  return referrerCounts(db, inArray(referrers.companyId, [...companyIds]), verifiedSince, at);
}

/** The counts of referrerCountQuery, as selected (the directory's page selects them per company too). */
function countsOfReferrers(verifiedSince: Date | SQL, available: SQL = sql`true`) {
  const verified = sql`${available} and ${verifiedInSql(verifiedSince)}`;
  return {
    referrers: sql<number>`count(*) filter (where ${available})`.mapWith(Number).as('referrers'),
    verified: sql<number>`count(*) filter (where ${verified})`.mapWith(Number).as('verified'),
  };
}

function referrerCounts(db: Db, ofCompanies: SQL, verifiedSince: Date | SQL, at: Date | SQL) {
  return db
    .select({ companyId: referrers.companyId, ...countsOfReferrers(verifiedSince) })
    .from(referrers)
    .where(and(ofCompanies, availableAt(at)))
    .groupBy(referrers.companyId);
}

// Prepared: drizzle built this statement's SQL on every directory page and stats read, at a cost in the
// server's CPU (docs/performance.md, What the decisions measured). The ids are one array, so any page size shares it.
const preparedCounts = preparedPerDb((db) =>
  referrerCounts(
    db,
    sql`${referrers.companyId} = any(${sql.placeholder('ids')}::int[])`,
    sql`${sql.placeholder('since')}::timestamptz`,
    sql`${sql.placeholder('at')}`,
  ).prepare('available_referrer_counts'),
);

/** Referrers available now per company, and verified ones (referrerCountQuery). */
export interface ReferrerCounts {
  referrers: number;
  verified: number;
}

export async function countReferrers(
  db: Db,
  companyIds: readonly number[],
  verifiedSince: Date,
  at: Date,
): Promise<Map<number, ReferrerCounts>> {
  if (companyIds.length === 0) return new Map();
  const rows = await preparedCounts(db).execute({
    ids: [...companyIds],
    since: verifiedSince.toISOString(),
    at: at.toISOString(),
  });
  return new Map(rows.map(({ companyId, ...counts }) => [companyId, counts]));
}

/**
 * The referrals of the companies' requests made since `since`, per company: the window is read through
 * referral_requests (company_id, created_at), each request's referrals through their request index (a
 * nested loop of probes, never a hash of all referrals).
 * `settled`: answered, or passed on without an answer (any status but pending with no answer);
 * still-pending ones may yet be answered and count for neither side.
 */
export function responseQuery(db: Db, companyIds: readonly number[], since: Date) {
  // A probe of referrals_request_idx per request, as LATERAL … OFFSET 0: as a plain join the planner hashes
  // all of referrals once a page's companies hold a few thousand requests (67 ms a directory page).
  const f = db
    .select({ status: referrals.status, answeredAt: referrals.answeredAt, createdAt: referrals.createdAt })
    .from(referrals)
    .where(eq(referrals.requestId, referralRequests.id))
    .offset(OFFSET_ZERO)
    .as('request_referrals');
  const answered = isNotNull(f.answeredAt);
  return db
    .select({
      companyId: referralRequests.companyId,
      answered: sql<number>`count(*) filter (where ${answered})`.mapWith(Number),
      settled: sql<number>`count(*) filter (where ${answered} or ${f.status} <> 'pending')`.mapWith(Number),
      medianSeconds: sql<number | null>`percentile_cont(0.5) within group (
        order by extract(epoch from (${f.answeredAt} - ${f.createdAt}))
      ) filter (where ${answered})`.mapWith((v: unknown) => (v === null ? null : Number(v))),
      // The oldest request counted: the numbers stay as they are until it leaves the window.
      oldest: sql<Date>`min(${referralRequests.createdAt})`.mapWith((v: unknown) =>
        v instanceof Date ? v : parseTimestamptz(String(v)),
      ),
    })
    .from(referralRequests)
    .innerJoinLateral(f, sql`true`)
    .where(and(inArray(referralRequests.companyId, [...companyIds]), gte(referralRequests.createdAt, since)))
    .groupBy(referralRequests.companyId);
}

/**
 * OFFSET 0 keeps a subquery as written: PostgreSQL does not pull it up into the outer query's joins. drizzle
 * leaves out a numeric offset(0), so it is given as SQL.
 */
const OFFSET_ZERO = sql`0` as unknown as number;

export interface ResponseNumbers {
  answered: number;
  settled: number;
  medianSeconds: number | null;
}

export const NO_RESPONSES: ResponseNumbers = { answered: 0, settled: 0, medianSeconds: null };

/**
 * responseQuery's numbers per company over the `windowMs` before `at`, each with the moment time alone
 * changes them (its oldest request leaves the window); a company without requests in the window is missing
 * and stays so until a write.
 */
export async function responseNumbers(
  db: Db,
  companyIds: readonly number[],
  at: Date,
  windowMs: number,
): Promise<Map<number, SharedRead<ResponseNumbers>>> {
  if (companyIds.length === 0) return new Map();
  const rows = await responseQuery(db, companyIds, new Date(at.getTime() - windowMs));
  return new Map(
    rows.map(({ companyId, oldest, ...numbers }) => [
      companyId,
      { value: numbers, until: oldest.getTime() + windowMs },
    ]),
  );
}

/** The directory's order and cursor key: the normalised name in byte order (companies_directory_idx). */
const directoryKey = sql`${companies.normalizedName} collate "C"`;

export interface DirectoryPageArgs {
  /** A normalised name prefix; empty or undefined for every company. */
  prefix?: string;
  /** The normalised name of the previous page's last company. */
  after?: string;
  /** Rows to read: one more than the page, to tell whether another follows. */
  rows: number;
}

/** A page of the directory: its names' range, cursor and rows as values or a prepared statement's placeholders. */
interface DirectoryPageSql {
  range?: { from: Bound<string>; to: Bound<string> };
  after?: Bound<string>;
  rows: Limit;
}

/** Every name starting with the prefix, as a range of the index: U+10FFFF sorts after any character. */
const prefixRange = (prefix: string) => ({ from: prefix, to: `${prefix}\u{10FFFF}` });

/** A row of a directory page (directoryPageQuery). */
export interface DirectoryRow {
  id: number;
  name: string;
  key: string;
  /** Referrers available now (availableAt), and how many of them are verified. */
  referrers: number;
  verified: number;
}

/**
 * Issue 25 item 8: listed companies with at least one referrer available at `at`, by name, with how many
 * are available and verified after `verifiedSince` (as countReferrers counts them), read along
 * companies_directory_idx (the listed companies that have referrers) from the cursor (and within the
 * prefix's range), each company's referrers counted through referrers_company_idx, stopping after `rows`.
 */
export function directoryPageQuery(
  db: Db,
  { prefix, after, rows }: DirectoryPageArgs,
  at: Date,
  verifiedSince: Date,
) {
  const page = { range: prefix ? prefixRange(prefix) : undefined, after, rows };
  return directoryPageSql(db, page, at, verifiedSince);
}

function directoryPageSql(
  db: Db,
  { range, after, rows }: DirectoryPageSql,
  at: Date | SQL,
  verifiedSince: Date | SQL,
) {
  // A LATERAL count per company, in the page's own statement: a second statement for the page's counts cost
  // PGlite a round trip on its one thread (issue 26). PostgreSQL cannot turn a correlated aggregate into a
  // join, so this stays a probe of referrers_company_idx per company, made only until the page is full.
  const counts = db
    .select(countsOfReferrers(verifiedSince, availableAt(at)))
    .from(referrers)
    .where(eq(referrers.companyId, companies.id))
    .as('counts');
  return db
    .select({
      id: companies.id,
      name: companies.name,
      key: companies.normalizedName,
      referrers: counts.referrers,
      verified: counts.verified,
    })
    .from(companies)
    .innerJoinLateral(counts, sql`${counts.referrers} > 0`)
    .where(
      and(
        // Written as the index's own condition, as SQL: a bound true or 0 would not match it in a generic
        // plan, so PostgreSQL planned every call (0.14 ms). Unstaffed companies are not in
        // companies_directory_idx at all, so the page never probes them.
        sql`${companies.listed}`,
        sql`${companies.referrerCount} > 0`,
        after === undefined ? undefined : sql`${directoryKey} > ${after}`,
        range ? sql`${directoryKey} >= ${range.from} and ${directoryKey} < ${range.to}` : undefined,
      ),
    )
    .orderBy(asc(directoryKey))
    .limit(rows);
}

/**
 * The directory's pages of the usual size, prepared: drizzle built their SQL on every call (a cost in the
 * server's CPU), with the row count written in (writtenLimit). PostgreSQL keeps their generic plans, since
 * nothing in companies_directory_idx's condition is bound (directory-plans.test.ts). One statement for each
 * shape of page: every name or a prefix's, from the start or after a cursor.
 */
const USUAL_ROWS = DIRECTORY_PAGE_SIZE + 1;
const preparedPage = (name: string, page: Omit<DirectoryPageSql, 'rows'>) =>
  preparedPerDb((db) =>
    directoryPageSql(
      db,
      { ...page, rows: writtenLimit(USUAL_ROWS) },
      sql`${sql.placeholder('at')}`,
      sql`${sql.placeholder('since')}::timestamptz`,
    ).prepare(name),
  );
const searchRange = { from: sql.placeholder('from'), to: sql.placeholder('to') };
const cursor = sql.placeholder('after');
const preparedPages = {
  all: {
    first: preparedPage('directory_page', {}),
    next: preparedPage('directory_page_after', { after: cursor }),
  },
  search: {
    first: preparedPage('directory_search', { range: searchRange }),
    next: preparedPage('directory_search_after', { range: searchRange, after: cursor }),
  },
};

/** A page of the directory (see directoryPageQuery); a page of the usual size through its prepared statement. */
export async function readDirectoryPage(
  db: Db,
  page: DirectoryPageArgs,
  at: Date,
  verifiedSince: Date,
): Promise<DirectoryRow[]> {
  if (page.rows !== USUAL_ROWS) return directoryPageQuery(db, page, at, verifiedSince);
  const range = page.prefix ? prefixRange(page.prefix) : undefined;
  const statement = preparedPages[range ? 'search' : 'all'][page.after === undefined ? 'first' : 'next'];
  const times = { at: at.toISOString(), since: verifiedSince.toISOString() };
  return statement(db).execute({ ...times, after: page.after, ...range });
}
