import { and, asc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { companies, referrers, users } from '../../../db/schema.js';
import type { VerificationMethod } from '../../../../shared/verification.js';

/** The referrer record a work-email code verifies (docs/product.md, Verification; the codes: lib/mailed-codes.ts). */

/** The user's referrer record with its company's name and email domains. */
function referrerWithCompany(db: Db, userId: number) {
  return db
    .select({
      userId: referrers.userId,
      companyId: referrers.companyId,
      isVerified: referrers.isVerified,
      verificationMethod: referrers.verificationMethod,
      verifiedAt: referrers.verifiedAt,
      companyName: companies.name,
      emailDomains: companies.emailDomains,
    })
    .from(referrers)
    .innerJoin(companies, eq(companies.id, referrers.companyId))
    .where(eq(referrers.userId, userId));
}

/** The user's referrer record with its company, locked for the transaction. */
export async function lockReferrerWithCompany(tx: Db, userId: number) {
  const [row] = await referrerWithCompany(tx, userId).for('update', { of: referrers });
  return row;
}

export async function findReferrerWithCompany(db: Db, userId: number) {
  const [row] = await referrerWithCompany(db, userId);
  return row;
}

/**
 * Earns or renews the verification as of `at`: its clock restarts, and the new period may be reminded
 * again (docs/decisions/035-verification-lapse.md).
 */
export async function renewReferrerVerification(
  tx: Db,
  userId: number,
  method: VerificationMethod,
  at: Date,
): Promise<void> {
  await tx
    .update(referrers)
    .set({
      isVerified: true,
      verificationMethod: method,
      verifiedAt: at,
      lapseRemindedAt: null,
      updatedAt: at,
    })
    .where(eq(referrers.userId, userId));
}

/** The referrer is no longer verified, by any method (an admin took back a verification by hand). */
export async function clearReferrerVerification(tx: Db, userId: number, at: Date): Promise<void> {
  await tx
    .update(referrers)
    .set({
      isVerified: false,
      verificationMethod: null,
      verifiedAt: null,
      lapseRemindedAt: null,
      updatedAt: at,
    })
    .where(eq(referrers.userId, userId));
}

/**
 * Claims the willing referrers' verifications still holding (verified after `since`) that were verified by
 * `dueBy`, that is within the reminder's lead of their lapse, and not yet reminded this period. SKIP LOCKED plus the
 * conditional update: each is claimed by one sweep only.
 */
export async function claimLapseReminders(
  tx: Db,
  { since, dueBy, at, limit }: { since: Date; dueBy: Date; at: Date; limit: number },
) {
  const due = tx
    .select({ userId: referrers.userId })
    .from(referrers)
    .innerJoin(users, eq(users.id, referrers.userId))
    .where(
      and(
        // A referrer who turned referrals off is not asked to renew; turned on in time, they are.
        eq(users.willingToGiveReferrals, true),
        eq(referrers.isVerified, true),
        isNull(referrers.lapseRemindedAt),
        gt(referrers.verifiedAt, since),
        lte(referrers.verifiedAt, dueBy),
      ),
    )
    .orderBy(asc(referrers.userId))
    .limit(limit)
    .for('update', { of: referrers, skipLocked: true });
  const claimed = await tx
    .update(referrers)
    .set({ lapseRemindedAt: at })
    .where(and(inArray(referrers.userId, due), isNull(referrers.lapseRemindedAt)))
    .returning({
      userId: referrers.userId,
      companyId: referrers.companyId,
      verifiedAt: referrers.verifiedAt,
      verificationMethod: referrers.verificationMethod,
    });
  if (claimed.length === 0) return [];
  const names = await tx
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, [...new Set(claimed.map((c) => c.companyId))]));
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return claimed.flatMap((c) =>
    c.verifiedAt
      ? [{ ...c, verifiedAt: c.verifiedAt, companyName: nameOf.get(c.companyId) ?? 'your company' }]
      : [],
  );
}
