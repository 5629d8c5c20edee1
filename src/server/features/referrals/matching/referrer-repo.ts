import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { experiences, referrers, users, type UserRow } from '../../../db/schema.js';
import type { VerificationMethod } from '../../../../shared/verification.js';

/** The user and referrer-record side of referrals: willingness, current job, the referrer row. */

export type ReferrerRow = typeof referrers.$inferSelect;

/** Turning willingness on makes the user a referrer; turning it off leaves the role alone. */
export async function updateWillingness(
  tx: Db,
  userId: number,
  willing: boolean,
): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({
      willingToGiveReferrals: willing,
      ...(willing ? { role: 'referrer' as const } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** The user's current job at this company (compared case- and space-insensitively), newest first. */
export async function findCurrentExperience(db: Db, userId: number, companyName: string) {
  const [row] = await db
    .select({ jobTitle: experiences.jobTitle, startDate: experiences.startDate })
    .from(experiences)
    .where(
      and(
        eq(experiences.userId, userId),
        eq(experiences.currentlyWorking, true),
        sql`lower(btrim(regexp_replace(${experiences.companyName}, '\\s+', ' ', 'g'))) = ${companyName}`,
      ),
    )
    .orderBy(desc(experiences.startDate), desc(experiences.id))
    .limit(1);
  return row;
}

export interface VerificationValues {
  isVerified: boolean;
  verificationMethod: VerificationMethod | null;
  verifiedAt: Date | null;
  lapseRemindedAt: Date | null;
}

export interface ReferrerValues extends VerificationValues {
  userId: number;
  companyId: number;
  position: string | null;
  startDate: string | null;
}

export async function upsertReferrer(tx: Db, values: ReferrerValues): Promise<void> {
  const { userId: _userId, ...changes } = values;
  await tx
    .insert(referrers)
    .values(values)
    .onConflictDoUpdate({ target: referrers.userId, set: { ...changes, updatedAt: new Date() } });
}

export async function findReferrer(db: Db, userId: number): Promise<ReferrerRow | undefined> {
  const [row] = await db.select().from(referrers).where(eq(referrers.userId, userId));
  return row;
}
