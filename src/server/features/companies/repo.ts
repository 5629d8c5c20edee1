import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, companyAliases, referralRequests, referrers, users } from '../../db/schema.js';

export type CompanyRow = typeof companies.$inferSelect;

export async function listCompanySummaries(db: Db) {
  // Ordered by the normalised name, so the order does not depend on the database's collation.
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.listed, true))
    .orderBy(asc(companies.normalizedName), asc(companies.id));
}

export async function findCompanyByNormalizedName(
  db: Db,
  normalizedName: string,
): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.normalizedName, normalizedName));
  return row;
}

/** The company a name was merged into (company_aliases), when an admin merged a company of that name away. */
export async function findCompanyByAlias(db: Db, normalizedName: string): Promise<CompanyRow | undefined> {
  const [row] = await db
    .select({ company: companies })
    .from(companyAliases)
    .innerJoin(companies, eq(companies.id, companyAliases.companyId))
    .where(eq(companyAliases.normalizedName, normalizedName));
  return row?.company;
}

/** The normalised names of the companies these names were merged into (company_aliases); none for most. */
export async function mergedInto(db: Db, normalizedNames: string[]): Promise<string[]> {
  if (normalizedNames.length === 0) return [];
  const rows = await db
    .select({ key: companies.normalizedName })
    .from(companyAliases)
    .innerJoin(companies, eq(companies.id, companyAliases.companyId))
    .where(inArray(companyAliases.normalizedName, normalizedNames));
  return rows.map((r) => r.key);
}

/** Inserts unless a company with this normalised name exists; a concurrent insert of the same name wins quietly. */
export async function insertCompanyIfMissing(
  db: Db,
  name: string,
  normalizedName: string,
  listed: boolean,
): Promise<void> {
  await db
    .insert(companies)
    .values({ name, normalizedName, listed })
    .onConflictDoNothing({ target: companies.normalizedName });
}

/** Someone names it as their current company: everyone may now see it in the list. */
export async function listCompany(db: Db, id: number): Promise<void> {
  await db.update(companies).set({ listed: true }).where(eq(companies.id, id));
}

/**
 * Takes the company off the shared list again when neither a user nor a referrer record names it any
 * more (the requests that still point at it keep it, privately). Compared as deleteCompanyIfUnreferenced.
 */
export async function unlistCompanyIfUnnamed(
  db: Db,
  normalizedName: string,
  keepIds: readonly number[],
): Promise<void> {
  await db
    .update(companies)
    .set({ listed: false })
    .where(
      and(
        eq(companies.normalizedName, normalizedName),
        eq(companies.listed, true),
        notInArray(companies.id, [...keepIds]),
        sql`not exists (
          select 1 from ${users}
          where lower(btrim(regexp_replace(${users.currentCompanyName}, '\\s+', ' ', 'g'))) = ${normalizedName}
        )`,
        sql`not exists (select 1 from ${referrers} where ${referrers.companyId} = ${companies.id})`,
      ),
    );
}

/**
 * Serialises every change that makes users reference or stop referencing these companies (by normalised
 * name, until the transaction ends). Taken in sorted order, so two users swapping companies cannot
 * deadlock; a hash collision only makes two names wait for each other.
 */
export async function lockCompanyKeys(tx: Db, normalizedNames: string[]): Promise<void> {
  for (const key of [...new Set(normalizedNames)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`company:${key}`}))`);
  }
}

/**
 * Deletes the company unless a user still names it as their current company, or a referral request or a
 * referrer record points at it (their foreign keys would refuse the delete). One statement, compared the
 * way normalizeCompanyName does (trim, collapse whitespace, lower case), so a user who commits in between
 * keeps it. Experiences store a free-text name, not a company.
 */
export async function deleteCompanyIfUnreferenced(
  db: Db,
  normalizedName: string,
  keepIds: readonly number[],
): Promise<boolean> {
  const rows = await db
    .delete(companies)
    .where(
      and(
        eq(companies.normalizedName, normalizedName),
        notInArray(companies.id, [...keepIds]),
        sql`not exists (
          select 1 from ${users}
          where lower(btrim(regexp_replace(${users.currentCompanyName}, '\\s+', ' ', 'g'))) = ${normalizedName}
        )`,
        sql`not exists (select 1 from ${referralRequests} where ${referralRequests.companyId} = ${companies.id})`,
        sql`not exists (select 1 from ${referrers} where ${referrers.companyId} = ${companies.id})`,
      ),
    )
    .returning({ id: companies.id });
  return rows.length > 0;
}
