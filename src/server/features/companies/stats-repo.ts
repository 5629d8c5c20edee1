import { and, count, eq, gt, gte, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, referralRequests, referrals, referrers, users } from '../../db/schema.js';

export async function companyExists(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
  return rows.length > 0;
}

/**
 * Willing referrers at the company now, and how many of them are verified: verified after `verifiedSince`,
 * so a lapsed verification counts as none (docs/decisions/035-verification-lapse.md).
 */
export async function countReferrers(db: Db, companyId: number, verifiedSince: Date) {
  const verified = and(eq(referrers.isVerified, true), gt(referrers.verifiedAt, verifiedSince));
  const [row] = await db
    .select({
      referrers: count(),
      verified: sql<number>`count(*) filter (where ${verified})`.mapWith(Number),
    })
    .from(referrers)
    .innerJoin(users, eq(users.id, referrers.userId))
    .where(and(eq(referrers.companyId, companyId), eq(users.willingToGiveReferrals, true)));
  return { referrers: row?.referrers ?? 0, verified: row?.verified ?? 0 };
}

/**
 * The referrals of the company's requests made since `since`: the window is read through
 * referral_requests (company_id, created_at), each request's referrals through their request index.
 * `settled`: answered, or passed on without an answer (any status but pending with no answer);
 * still-pending ones may yet be answered and count for neither side.
 */
export function responseQuery(db: Db, companyId: number, since: Date) {
  const answered = isNotNull(referrals.answeredAt);
  return db
    .select({
      answered: sql<number>`count(*) filter (where ${answered})`.mapWith(Number),
      settled: sql<number>`count(*) filter (where ${answered} or ${referrals.status} <> 'pending')`.mapWith(
        Number,
      ),
      medianSeconds: sql<number | null>`percentile_cont(0.5) within group (
        order by extract(epoch from (${referrals.answeredAt} - ${referrals.createdAt}))
      ) filter (where ${answered})`.mapWith((v: unknown) => (v === null ? null : Number(v))),
    })
    .from(referralRequests)
    .innerJoin(referrals, eq(referrals.requestId, referralRequests.id))
    .where(and(eq(referralRequests.companyId, companyId), gte(referralRequests.createdAt, since)));
}

export async function responseNumbers(db: Db, companyId: number, since: Date) {
  const [row] = await responseQuery(db, companyId, since);
  return row ?? { answered: 0, settled: 0, medianSeconds: null };
}
