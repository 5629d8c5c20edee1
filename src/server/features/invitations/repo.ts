import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, invitationJoins, referrerInvites, referrers, users } from '../../db/schema.js';

/** The referrer_invites and invitation_joins tables' queries (issue 49 item 3), each on a db or a transaction. */

/** The referrer's company if they take requests now (willing, with a referrer record), else undefined. */
export async function findWillingReferrer(db: Db, userId: number) {
  const [row] = await db
    .select({ companyId: referrers.companyId })
    .from(referrers)
    .innerJoin(users, eq(users.id, referrers.userId))
    .where(and(eq(referrers.userId, userId), eq(users.willingToGiveReferrals, true)));
  return row;
}

export async function findCode(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ code: referrerInvites.code })
    .from(referrerInvites)
    .where(eq(referrerInvites.userId, userId));
  return row?.code;
}

/** Stores the code unless the user has one already (two first asks at once: the primary key keeps one). */
export async function insertCode(db: Db, userId: number, code: string, at: Date): Promise<void> {
  await db
    .insert(referrerInvites)
    .values({ userId, code, createdAt: at })
    .onConflictDoNothing({ target: referrerInvites.userId });
}

/** Whose code this is, if anyone's, and the company they refer at now (none if they no longer do). */
export async function findInviter(db: Db, code: string) {
  const [row] = await db
    .select({ userId: referrerInvites.userId, companyName: companies.name })
    .from(referrerInvites)
    .leftJoin(referrers, eq(referrers.userId, referrerInvites.userId))
    .leftJoin(companies, eq(companies.id, referrers.companyId))
    .where(eq(referrerInvites.code, code));
  return row;
}

/** How many who joined through the user's link became referrers at their company. */
export async function countJoined(db: Db, inviterId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(invitationJoins)
    .where(and(eq(invitationJoins.inviterId, inviterId), isNotNull(invitationJoins.referredAt)));
  return row?.n ?? 0;
}

/** Records who brought the new account in; a joiner has one inviter, the first (the primary key decides). */
export async function insertJoin(db: Db, joinerId: number, inviterId: number, at: Date): Promise<void> {
  await db.insert(invitationJoins).values({ joinerId, inviterId, joinedAt: at }).onConflictDoNothing();
}

/** The joiner's inviter and the inviter's referrer company, while the inviter has not been told yet. */
export async function findUntoldJoin(db: Db, joinerId: number) {
  const [row] = await db
    .select({ inviterId: invitationJoins.inviterId, inviterCompanyId: referrers.companyId })
    .from(invitationJoins)
    .innerJoin(referrers, eq(referrers.userId, invitationJoins.inviterId))
    .where(and(eq(invitationJoins.joinerId, joinerId), isNull(invitationJoins.referredAt)));
  return row;
}

/** Marks the join as counted; true only for the one call that did (a second one finds it done). */
export async function markReferred(db: Db, joinerId: number, companyId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(invitationJoins)
    .set({ referredAt: at, companyId })
    .where(and(eq(invitationJoins.joinerId, joinerId), isNull(invitationJoins.referredAt)))
    .returning({ joinerId: invitationJoins.joinerId });
  return rows.length > 0;
}

export async function findNames(db: Db, joinerId: number, companyId: number) {
  const [row] = await db
    .select({ fullName: users.fullName, companyName: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.id, companyId))
    .where(eq(users.id, joinerId));
  return row;
}
