import {
  COMPANY_STATS_MIN_SAMPLE,
  COMPANY_STATS_WINDOW_DAYS,
  FIXED_COMPANIES,
  normalizeCompanyName,
  type CompanyDirectoryPage,
  type CompanyStats,
  type CompanySummary,
} from '../../../shared/companies.js';
import { EMPLOYERS } from '../../../shared/employers.js';
import { detectCompany, type CompanyDetection } from '../../../shared/job-url.js';
import type { Db } from '../../db/client.js';

import { badRequest, notFound } from '../../lib/errors.js';
import { verifiedSince } from '../../lib/referrer-sql.js';
import {
  deleteCompanyIfUnreferenced,
  findCompanyByAlias,
  mergedInto,
  findCompanyByNormalizedName,
  lockCompanyKeys,
  insertCompanyIfMissing,
  listCompany,
  listCompanySummaries,
  unlistCompanyIfUnnamed,
  type CompanyRow,
} from './repo.js';
import {
  companyExists,
  countReferrers,
  readDirectoryPage,
  NO_RESPONSES,
  responseNumbers,
  type ResponseNumbers,
} from './stats-repo.js';

export const COMPANY_NOT_FOUND = 'Company not found.';

export async function listCompanies(db: Db): Promise<CompanySummary[]> {
  return listCompanySummaries(db);
}

/**
 * GET /api/companies/detect: the shared detection rules against the companies table. The list is read on
 * every call (a few hundred short rows) rather than cached, so a company created a moment ago matches.
 */
export async function detectCompanyFromJobUrl(db: Db, url: string): Promise<CompanyDetection> {
  return detectCompany(url, await listCompanySummaries(db));
}

/**
 * Issue 46 item 5: the listed company a job URL names when detection is sure (high: LinkedIn, Lever,
 * Greenhouse; medium: a careers host, Glassdoor), else null. A low-confidence guess from a domain name, or
 * a name nobody lists, decides nothing: the seeker may pick another company.
 */
export async function postingCompany(db: Db, url: string): Promise<{ id: number; name: string } | null> {
  const { companyId, companyName, confidence } = await detectCompanyFromJobUrl(db, url);
  if (companyId === null || companyName === null || (confidence !== 'high' && confidence !== 'medium')) {
    return null;
  }
  return { id: companyId, name: companyName };
}

/**
 * The company with this name (compared trimmed, case- and space-insensitively), created when unknown.
 * Race-safe: two users naming the same new employer at once end up with the same row. Someone's current
 * company is listed for everyone; see findOrCreateRequestCompany for a name typed on a request.
 */
export async function findOrCreateCompanyByName(db: Db, name: string): Promise<CompanyRow> {
  const company = await findOrCreate(db, name, true);
  if (company.listed) return company;
  await listCompany(db, company.id);
  return { ...company, listed: true };
}

/**
 * The company a referral request names. A name nobody knows yet is created unlisted: private to the
 * request (not in GET /api/companies, not matched by detection) until someone names it as their current
 * company, so a request cannot put text of its choosing in front of every user.
 */
export async function findOrCreateRequestCompany(db: Db, name: string): Promise<CompanyRow> {
  return findOrCreate(db, name, false);
}

async function findOrCreate(db: Db, name: string, listed: boolean): Promise<CompanyRow> {
  const displayName = name.trim().replace(/\s+/g, ' ');
  if (!displayName) throw new Error('findOrCreateCompanyByName needs a non-blank name');
  const normalizedName = normalizeCompanyName(displayName);
  // A name merged away finds the company it went into: a duplicate an admin folded stays folded.
  const existing =
    (await findCompanyByNormalizedName(db, normalizedName)) ?? (await findCompanyByAlias(db, normalizedName));
  if (existing) return existing;
  await insertCompanyIfMissing(db, displayName, normalizedName, listed);
  const created = await findCompanyByNormalizedName(db, normalizedName);
  if (!created) throw new Error(`company ${normalizedName} vanished right after its insert`);
  return created;
}

/** Seeded employers stay even when nobody works there (seed.ts inserts these, by name). */
const SEEDED_KEYS = new Set(EMPLOYERS.map((e) => normalizeCompanyName(e.name)));

/** A built-in employer (by normalised name): every start seeds it again if it is missing. */
export const isBuiltInEmployer = (normalizedName: string) => SEEDED_KEYS.has(normalizedName);
const FIXED_IDS = FIXED_COMPANIES.map((c) => c.id);

/**
 * Call first in a transaction that will ensure or release these names (see lockCompanyKeys). A name merged
 * away stands for the company it went into, whose own name is locked with it (all in one sorted go).
 */
export async function lockCompanyNames(tx: Db, names: string[]): Promise<void> {
  const keys = names.map(normalizeCompanyName).filter((k) => k !== '');
  await lockCompanyKeys(tx, [...keys, ...(await mergedInto(tx, keys))]);
}

/**
 * A user or a request stopped naming this company: it goes away when it was not seeded and nothing else
 * names it, so one account cannot fill the shared company list by changing its company over and over.
 * Kept only by requests, it leaves the shared list and stays private to them.
 */
export async function releaseCompany(db: Db, name: string): Promise<void> {
  const key = normalizeCompanyName(name);
  if (!key || SEEDED_KEYS.has(key)) return;
  if (await deleteCompanyIfUnreferenced(db, key, FIXED_IDS)) return;
  await unlistCompanyIfUnnamed(db, key, FIXED_IDS);
}

/** Each company's response numbers, null for none (the routes' shared memo, or a read of the database). */
export type ReadResponseNumbers = (
  companyIds: readonly number[],
) => Promise<ReadonlyMap<number, ResponseNumbers | null>>;

/** The numbers' window: the last COMPANY_STATS_WINDOW_DAYS. */
export const RESPONSE_WINDOW_MS = COMPANY_STATS_WINDOW_DAYS * 24 * 3600 * 1000;

/** A read of the database with no memo: the numbers as of `now`. */
const readAfresh =
  (db: Db, now: Date): ReadResponseNumbers =>
  async (ids) =>
    new Map(
      [...(await responseNumbers(db, ids, now, RESPONSE_WINDOW_MS))].map(([id, read]) => [id, read.value]),
    );

/** Since when a verification still holds, as of `now`. */
function statsClock(now: Date, verificationTtlMs: number) {
  return {
    verifiedSince: verifiedSince(now, verificationTtlMs),
  };
}

/** Counts and response numbers as the stats say them: rate and median null below COMPANY_STATS_MIN_SAMPLE. */
function toStats(
  people: { referrers: number; verified: number } | undefined,
  answers: ResponseNumbers = NO_RESPONSES,
): CompanyStats {
  const enough = (n: number) => n >= COMPANY_STATS_MIN_SAMPLE;
  return {
    referrers: people?.referrers ?? 0,
    verifiedReferrers: people?.verified ?? 0,
    responseRate: enough(answers.settled) ? answers.answered / answers.settled : null,
    medianResponseHours:
      enough(answers.answered) && answers.medianSeconds !== null
        ? Math.round(answers.medianSeconds / 360) / 10
        : null,
  };
}

/**
 * GET /api/companies/{id}/stats: referrers now, and how they answered the company's requests of the last
 * 90 days; rate and median are null below COMPANY_STATS_MIN_SAMPLE (docs/decisions/021-account-settings.md).
 */
export async function companyStats(
  db: Db,
  companyId: number,
  verificationTtlMs: number,
  now = new Date(),
  readResponses: ReadResponseNumbers = readAfresh(db, now),
): Promise<CompanyStats> {
  if (!(await companyExists(db, companyId))) throw notFound(COMPANY_NOT_FOUND);
  const { verifiedSince } = statsClock(now, verificationTtlMs);
  const [people, answers] = await Promise.all([
    countReferrers(db, [companyId], verifiedSince, now),
    readResponses([companyId]),
  ]);
  return toStats(people.get(companyId), answers.get(companyId) ?? undefined);
}

/** The cursor is the last company's normalised name, base64url-encoded: opaque to clients, and URL-safe. */
export function encodeDirectoryCursor(key: string): string {
  return Buffer.from(key, 'utf8').toString('base64url');
}

export const BAD_DIRECTORY_CURSOR = 'The cursor must be the nextCursor of an earlier page.';

function decodeDirectoryCursor(cursor: string): string {
  const key = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!key || encodeDirectoryCursor(key) !== cursor) throw badRequest(BAD_DIRECTORY_CURSOR);
  return key;
}

/**
 * GET /api/companies/directory (issue 25 item 8, docs/decisions/039-running-the-marketplace.md): the listed
 * companies where someone can take a request now, by name, with their stats as GET /api/companies/{id}/stats
 * gives them. Names only: never a referrer's name, email or id.
 */
export async function companyDirectory(
  db: Db,
  query: { q?: string; limit: number; cursor?: string },
  verificationTtlMs: number,
  now = new Date(),
  readResponses: ReadResponseNumbers = readAfresh(db, now),
): Promise<CompanyDirectoryPage> {
  const after = query.cursor === undefined ? undefined : decodeDirectoryCursor(query.cursor);
  const { verifiedSince } = statsClock(now, verificationTtlMs);
  const page = { prefix: query.q, after, rows: query.limit + 1 };
  const rows = await readDirectoryPage(db, page, now, verifiedSince);
  const shown = rows.slice(0, query.limit);
  const answers = await readResponses(shown.map((c) => c.id));
  const last = shown.at(-1);
  return {
    items: shown.map((c) => ({ id: c.id, name: c.name, ...toStats(c, answers.get(c.id) ?? undefined) })),
    nextCursor: rows.length > query.limit && last ? encodeDirectoryCursor(last.key) : null,
  };
}
