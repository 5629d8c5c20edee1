import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { companies, referralMessages, referralRequests, referrals, users } from '../../../db/schema.js';

const seekers = alias(users, 'seekers');
const referrerUsers = alias(users, 'referrer_users');

/** A referral with the two people of its thread and what the notifications name. */
export async function findThreadReferral(db: Db, referralId: number) {
  const [row] = await db
    .select({
      id: referrals.id,
      status: referrals.status,
      updatedAt: referrals.updatedAt,
      supersededAt: referrals.supersededAt,
      referrerId: referrals.referrerId,
      referrerName: referrerUsers.fullName,
      seekerId: referralRequests.jobSeekerId,
      seekerName: seekers.fullName,
      position: referralRequests.position,
      companyName: companies.name,
      erasedAt: referralRequests.erasedAt,
    })
    .from(referrals)
    .innerJoin(referralRequests, eq(referralRequests.id, referrals.requestId))
    .innerJoin(companies, eq(companies.id, referralRequests.companyId))
    .innerJoin(seekers, eq(seekers.id, referralRequests.jobSeekerId))
    .innerJoin(referrerUsers, eq(referrerUsers.id, referrals.referrerId))
    .where(eq(referrals.id, referralId));
  return row;
}

export type ThreadReferral = NonNullable<Awaited<ReturnType<typeof findThreadReferral>>>;

/** The thread, oldest first, through referral_messages_referral_idx. */
export function listMessages(db: Db, referralId: number) {
  return db
    .select({
      id: referralMessages.id,
      authorId: referralMessages.authorId,
      body: referralMessages.body,
      createdAt: referralMessages.createdAt,
    })
    .from(referralMessages)
    .where(eq(referralMessages.referralId, referralId))
    .orderBy(asc(referralMessages.id));
}

export async function insertMessage(
  tx: Db,
  values: { referralId: number; authorId: number; body: string; at: Date },
) {
  const [row] = await tx
    .insert(referralMessages)
    .values({
      referralId: values.referralId,
      authorId: values.authorId,
      body: values.body,
      createdAt: values.at,
    })
    .returning();
  return row!;
}

/** Locks the referral, so a message and a change of who holds it do not cross. */
export async function lockReferral(tx: Db, referralId: number): Promise<void> {
  await tx.select({ id: referrals.id }).from(referrals).where(eq(referrals.id, referralId)).for('update');
}
