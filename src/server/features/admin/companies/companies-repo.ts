import { and, count, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { AdminCompany } from '../../../../shared/admin.js';
import type { Db } from '../../../db/client.js';
import { preparedPerDb } from '../../../db/prepared.js';
import {
  companies,
  companyAliases,
  companyWatches,
  invitationJoins,
  referralRequests,
  referrerOpenings,
  referrers,
  users,
  verificationCodes,
} from '../../../db/schema.js';
import { verifiedInSql } from '../../../lib/referrer-sql.js';
import { likeFragment } from '../users/users-repo.js';

// Spelled out: in a select list drizzle leaves columns unqualified, and a bare "id" inside the subquery
// would name the request's own.
const companyId = sql.raw('"companies"."id"');
const referrerCount = sql<number>`(select count(*) from ${referrers} r where r.company_id = ${companyId})`;
/**
 * Verified referrers as matching and the directory count them: verified after `since` (now − the
 * verification's lifetime, docs/decisions/035-verification-lapse.md), a lapsed one not.
 */
const verifiedCount = (since: SQL) =>
  sql<number>`(select count(*) from ${referrers} where ${referrers.companyId} = ${companyId} and ${verifiedInSql(since)})`;
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const requestCount = sql<number>`(select count(*) from ${referralRequests} q where q.company_id = ${companyId})`;

/** An AdminCompany's columns, its referrers counted as `referrers` says, verified ones since `since`. */
const adminCompanyColumns = (referrers: SQL<number>, since: SQL) => ({
  id: companies.id,
  name: companies.name,
  listed: companies.listed,
  emailDomains: companies.emailDomains,
  referrers: referrers.mapWith(Number),
  verifiedReferrers: verifiedCount(since).mapWith(Number),
  requests: requestCount.mapWith(Number),
});

function selectAdminCompanies(db: Db, verifiedSince: Date) {
  return db.select(adminCompanyColumns(referrerCount, instant(verifiedSince))).from(companies);
}

/**
 * Companies whose name holds the fragment, those with the most referrers first (then by name); for '' the
 * busiest companies. Unlisted ones (named only on requests) are included: they are what gets merged.
 */
export async function searchCompanies(
  db: Db,
  q: string,
  limit: number,
  verifiedSince: Date,
): Promise<AdminCompany[]> {
  if (q === '') return busiestCompanies(db).execute({ limit, since: verifiedSince.toISOString() });
  // '#9' is the company with id 9, as the console writes ids (the merge dialog looks one up so).
  const byId = /^#(\d{1,9})$/.exec(q);
  return selectAdminCompanies(db, verifiedSince)
    .where(byId ? eq(companies.id, Number(byId[1])) : ilike(companies.name, likeFragment(q)))
    .orderBy(desc(referrerCount), companies.name, companies.id)
    .limit(limit);
}

/**
 * Every company ranked, as searchCompanies orders them: the referrers counted once, grouped, and joined to
 * the companies, rather than a count per company (5,000 index probes, then a sort); the other two counts
 * are taken for the page's rows only. Prepared: it is the console's first screen.
 */
const busiestCompanies = preparedPerDb((db) => {
  const counted = db
    .select({ companyId: referrers.companyId, referrers: count().as('referrers') })
    .from(referrers)
    .groupBy(referrers.companyId)
    .as('referrer_counts');
  const referrerTotal = sql<number>`coalesce(${counted.referrers}, 0)`;
  return db
    .select(adminCompanyColumns(referrerTotal, sql`${sql.placeholder('since')}::timestamptz`))
    .from(companies)
    .leftJoin(counted, eq(counted.companyId, companies.id))
    .orderBy(desc(referrerTotal), companies.name, companies.id)
    .limit(sql.placeholder('limit'))
    .prepare('admin_busiest_companies');
});

export async function findAdminCompany(
  db: Db,
  id: number,
  verifiedSince: Date,
): Promise<AdminCompany | undefined> {
  const [row] = await selectAdminCompanies(db, verifiedSince).where(eq(companies.id, id));
  return row;
}

/** The company's row locked for the transaction, or undefined. */
export async function lockCompany(tx: Db, id: number) {
  const [row] = await tx
    .select({
      id: companies.id,
      name: companies.name,
      normalizedName: companies.normalizedName,
      listed: companies.listed,
      emailDomains: companies.emailDomains,
    })
    .from(companies)
    .where(eq(companies.id, id))
    .for('update');
  return row;
}

/** A domain of `domains` that another company's verifies: the same, inside it, or around it. */
export interface DomainClash {
  mine: string;
  theirs: string;
  name: string;
}

const mine = sql<string>`m.mine`;
const theirs = sql<string>`theirs`;

/**
 * The first of `domains` another company than `id` verifies, under the lock the database's trigger takes
 * (drizzle/0034_company_domains_one_owner.sql), so no other write of domains passes until this transaction
 * ends: what it reads stays true for the write that follows.
 */
export async function findDomainClash(
  tx: Db,
  id: number,
  domains: readonly string[],
): Promise<DomainClash | undefined> {
  if (domains.length === 0) return undefined;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('referbridge:companies.email_domains'))`);
  const list = sql.join(
    domains.map((d) => sql`${d}`),
    sql`, `,
  );
  const [row] = await tx
    .select({ mine, theirs, name: companies.name })
    .from(companies)
    .crossJoin(sql`unnest(${companies.emailDomains}) theirs`)
    .crossJoin(sql`unnest(array[${list}]::text[]) with ordinality as m(mine, n)`)
    .where(
      and(
        ne(companies.id, id),
        sql`(${mine} = ${theirs} or right(${mine}, length(${theirs}) + 1) = '.' || ${theirs}
          or right(${theirs}, length(${mine}) + 1) = '.' || ${mine})`,
      ),
    )
    .orderBy(sql`m.n`, companies.id)
    .limit(1);
  return row;
}

export async function setEmailDomains(tx: Db, id: number, emailDomains: string[]): Promise<void> {
  await tx.update(companies).set({ emailDomains }).where(eq(companies.id, id));
}

/**
 * Folds `from` into `into`: its requests, referrers and verification codes point at `into`, the users who
 * named it as their current company name `into` instead, `into` keeps both lists of email domains and is
 * listed if either was, and `from` is deleted. Stats follow, since they are counted from those rows. Its
 * name, and the names merged into it before, become names of `into` (company_aliases), so typing one later
 * finds `into`.
 */
export async function mergeCompanyRows(
  tx: Db,
  from: { id: number; normalizedName: string; listed: boolean; emailDomains: string[] },
  into: { id: number; name: string; listed: boolean; emailDomains: string[] },
): Promise<void> {
  await tx
    .update(referralRequests)
    .set({ companyId: into.id })
    .where(eq(referralRequests.companyId, from.id));
  await tx.update(referrers).set({ companyId: into.id }).where(eq(referrers.companyId, from.id));
  // A watcher of both keeps one watch (issue 49 item 1); the duplicate's go with it below.
  await tx
    .insert(companyWatches)
    .select(
      tx
        .select({
          userId: companyWatches.userId,
          companyId: sql<number>`${into.id}`.as('company_id'),
          createdAt: companyWatches.createdAt,
        })
        .from(companyWatches)
        .where(eq(companyWatches.companyId, from.id)),
    )
    .onConflictDoNothing();
  // An opening at the duplicate is at the company it is now, as its referrer is (issue 49 item 2).
  await tx
    .update(referrerOpenings)
    .set({ companyId: into.id })
    .where(eq(referrerOpenings.companyId, from.id));
  // A colleague counted as joining at the duplicate joined the company it is now (issue 49 item 3).
  await tx.update(invitationJoins).set({ companyId: into.id }).where(eq(invitationJoins.companyId, from.id));
  await tx
    .update(verificationCodes)
    .set({ companyId: into.id })
    .where(eq(verificationCodes.companyId, from.id));
  // Compared as normalizeCompanyName does (trim, collapse whitespace, lower case).
  await tx
    .update(users)
    .set({ currentCompanyName: into.name })
    .where(
      sql`lower(btrim(regexp_replace(${users.currentCompanyName}, '\\s+', ' ', 'g'))) = ${from.normalizedName}`,
    );
  // The duplicate lets go of its domains first: one domain verifies one company at a time.
  await tx.update(companies).set({ emailDomains: [] }).where(eq(companies.id, from.id));
  await tx
    .update(companies)
    .set({
      listed: into.listed || from.listed,
      emailDomains: [...new Set([...into.emailDomains, ...from.emailDomains])],
    })
    .where(eq(companies.id, into.id));
  await tx.update(companyAliases).set({ companyId: into.id }).where(eq(companyAliases.companyId, from.id));
  await tx
    .insert(companyAliases)
    .values({ normalizedName: from.normalizedName, companyId: into.id })
    .onConflictDoUpdate({ target: companyAliases.normalizedName, set: { companyId: into.id } });
  await tx.delete(companies).where(eq(companies.id, from.id));
}
