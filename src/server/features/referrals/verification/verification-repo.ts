import { and, count, desc, eq, gt, isNull, min, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { companies, referrers, verificationCodes } from '../../../db/schema.js';

/** Work-email verification codes (DESIGN.md "Trust and speed") and the referrer record they verify. */

export type VerificationCodeRow = typeof verificationCodes.$inferSelect;

/** The user's referrer record with its company's name and domain, locked for the transaction. */
export async function lockReferrerWithCompany(tx: Db, userId: number) {
  const [row] = await tx
    .select({
      userId: referrers.userId,
      companyId: referrers.companyId,
      isVerified: referrers.isVerified,
      verificationMethod: referrers.verificationMethod,
      companyName: companies.name,
      domain: companies.domain,
    })
    .from(referrers)
    .innerJoin(companies, eq(companies.id, referrers.companyId))
    .where(eq(referrers.userId, userId))
    .for('update', { of: referrers });
  return row;
}

export async function findReferrerWithCompany(db: Db, userId: number) {
  const [row] = await db
    .select({
      isVerified: referrers.isVerified,
      verificationMethod: referrers.verificationMethod,
      companyName: companies.name,
    })
    .from(referrers)
    .innerJoin(companies, eq(companies.id, referrers.companyId))
    .where(eq(referrers.userId, userId));
  return row;
}

/** How many codes the user asked for since then, and when the earliest of them was asked for. */
export async function codesSince(
  db: Db,
  userId: number,
  since: Date,
): Promise<{ n: number; earliest: Date | null }> {
  const [row] = await db
    .select({ n: count(), earliest: min(verificationCodes.createdAt) })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), gt(verificationCodes.createdAt, since)));
  return { n: row?.n ?? 0, earliest: row?.earliest ?? null };
}

export async function insertCode(
  tx: Db,
  values: Pick<
    typeof verificationCodes.$inferInsert,
    'userId' | 'companyId' | 'email' | 'codeHash' | 'createdAt'
  >,
): Promise<VerificationCodeRow> {
  const [row] = await tx.insert(verificationCodes).values(values).returning();
  return row!;
}

/** The user's newest code not yet used. */
export async function latestUnusedCode(tx: Db, userId: number): Promise<VerificationCodeRow | undefined> {
  const [row] = await tx
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), isNull(verificationCodes.usedAt)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  return row;
}

export async function countWrongTry(tx: Db, id: number): Promise<number> {
  const [row] = await tx
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(eq(verificationCodes.id, id))
    .returning({ attempts: verificationCodes.attempts });
  return row?.attempts ?? 0;
}

export async function markCodeUsed(tx: Db, id: number, at: Date): Promise<void> {
  await tx.update(verificationCodes).set({ usedAt: at }).where(eq(verificationCodes.id, id));
}

export async function markReferrerVerified(tx: Db, userId: number, at: Date): Promise<void> {
  await tx
    .update(referrers)
    .set({ isVerified: true, verificationMethod: 'work-email', updatedAt: at })
    .where(eq(referrers.userId, userId));
}
