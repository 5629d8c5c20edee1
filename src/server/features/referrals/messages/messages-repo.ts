import { and, asc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { preparedPerDb } from '../../../db/prepared.js';
import { companies, referralMessages, referralRequests, referrals, users } from '../../../db/schema.js';

const seekers = alias(users, 'seekers');
const referrerUsers = alias(users, 'referrer_users');

/**
 * A referral with the two people of its thread and what the notifications name. Prepared: a five-table join
 * that PostgreSQL took five times longer to plan than to run, on every read of a thread (docs/performance.md).
 */
const threadReferral = preparedPerDb((db) =>
  db
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
    .where(eq(referrals.id, sql.placeholder('referralId')))
    .prepare('thread_referral'),
);

export async function findThreadReferral(db: Db, referralId: number) {
  const [row] = await threadReferral(db).execute({ referralId });
  return row;
}

export type ThreadReferral = NonNullable<Awaited<ReturnType<typeof findThreadReferral>>>;

/**
 * The thread as `viewerId` sees it, oldest first, through referral_messages_referral_idx: every delivered
 * message, and their own held or rejected ones (issue 25 item 6); the other side's never.
 */
const threadMessages = preparedPerDb((db) =>
  db
    .select({
      id: referralMessages.id,
      authorId: referralMessages.authorId,
      body: referralMessages.body,
      status: referralMessages.status,
      rejectionReason: referralMessages.rejectionReason,
      createdAt: referralMessages.createdAt,
    })
    .from(referralMessages)
    .where(
      and(
        eq(referralMessages.referralId, sql.placeholder('referralId')),
        or(
          eq(referralMessages.status, 'delivered'),
          eq(referralMessages.authorId, sql.placeholder('viewerId')),
        ),
      ),
    )
    .orderBy(asc(referralMessages.id))
    .prepare('thread_messages'),
);

export function listMessages(db: Db, referralId: number, viewerId: number) {
  return threadMessages(db).execute({ referralId, viewerId });
}

export type MessageRow = Awaited<ReturnType<typeof listMessages>>[number];

/** A new message; `heldRule` holds it for an admin (issue 25 item 6). */
export async function insertMessage(
  tx: Db,
  values: { referralId: number; authorId: number; body: string; at: Date; heldRule: string | null },
) {
  const [row] = await tx
    .insert(referralMessages)
    .values({
      referralId: values.referralId,
      authorId: values.authorId,
      body: values.body,
      createdAt: values.at,
      ...(values.heldRule && { status: 'held', heldRule: values.heldRule }),
    })
    .returning();
  return row!;
}

/** One message with the referral it belongs to (the port that delivers a released message reads it). */
export async function findMessage(db: Db, messageId: number) {
  const [row] = await db
    .select({
      id: referralMessages.id,
      referralId: referralMessages.referralId,
      authorId: referralMessages.authorId,
      body: referralMessages.body,
    })
    .from(referralMessages)
    .where(eq(referralMessages.id, messageId));
  return row;
}

/** Locks the referral, so a message and a change of who holds it do not cross. */
export async function lockReferral(tx: Db, referralId: number): Promise<void> {
  await tx.select({ id: referrals.id }).from(referrals).where(eq(referrals.id, referralId)).for('update');
}
