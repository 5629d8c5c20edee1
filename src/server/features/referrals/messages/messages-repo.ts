import { eq, inArray, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { preparedPerDb } from '../../../db/prepared.js';
import { companies, referralMessages, referralRequests, referrals } from '../../../db/schema.js';
import { joinReferralParties, referralReferrer, referralSeeker } from '../../../lib/referral-parties.js';
import { REFERRAL_PARTIES } from '../access.js';

/** A referral with the two people of its thread and what the notifications name. */
const threadReferralFields = {
  id: referrals.id,
  status: referrals.status,
  updatedAt: referrals.updatedAt,
  ...REFERRAL_PARTIES,
  referrerName: referralReferrer.fullName,
  seekerName: referralSeeker.fullName,
  position: referralRequests.position,
  companyName: companies.name,
};

/** The thread's referral joined to its request, company and two people (drizzle's dynamic query). */
function threadJoins<T extends PgSelect>(query: T) {
  return joinReferralParties(query).where(eq(referrals.id, sql.placeholder('referralId')));
}

/**
 * Prepared: a five-table join that PostgreSQL took longer to plan than to run, on every read of a
 * thread (docs/performance.md).
 */
const threadReferral = preparedPerDb((db) =>
  threadJoins(db.select(threadReferralFields).from(referrals).$dynamic()).prepare('thread_referral'),
);

export async function findThreadReferral(db: Db, referralId: number) {
  const [row] = await threadReferral(db).execute({ referralId });
  return row;
}

export type ThreadReferral = NonNullable<Awaited<ReturnType<typeof findThreadReferral>>>;

/** A message as the thread's read gathers it: JSON the query builds, so its time is text. */
interface MessageJson {
  id: number;
  authorId: number;
  body: string;
  status: string;
  rejectionReason: string | null;
  createdAt: string;
}

/**
 * The referral and its thread as `viewerId` sees it, in one round trip (a read of a thread waited on two):
 * oldest first, through referral_messages_referral_idx, every delivered message and their own held or
 * rejected ones (issue 25 item 6); the other side's never. The caller decides whether the viewer may see
 * the thread at all: the messages come back whoever asks.
 */
const threadWithMessages = preparedPerDb((db) =>
  threadJoins(
    db
      .select({
        ...threadReferralFields,
        messages: sql<MessageJson[] | null>`(
      select json_agg(json_build_object(
        'id', m.id, 'authorId', m.author_id, 'body', m.body, 'status', m.status,
        'rejectionReason', m.rejection_reason, 'createdAt', m.created_at) order by m.id)
      from ${referralMessages} m
      where m.referral_id = ${referrals.id}
        and (m.status = 'delivered' or m.author_id = ${sql.placeholder('viewerId')}))`,
      })
      .from(referrals)
      .$dynamic(),
  ).prepare('thread_with_messages'),
);

export async function findThreadWithMessages(db: Db, referralId: number, viewerId: number) {
  const [row] = await threadWithMessages(db).execute({ referralId, viewerId });
  if (!row) return undefined;
  const { messages, ...referral } = row;
  return {
    referral,
    messages: (messages ?? []).map((m) => ({
      ...m,
      createdAt: new Date(m.createdAt),
    })),
  };
}

export type MessageRow = NonNullable<Awaited<ReturnType<typeof findThreadWithMessages>>>['messages'][number];

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

/**
 * Takes the referral's request FOR SHARE until the transaction ends. Retention claims a request FOR UPDATE
 * before it deletes its thread and marks it erased, so a message and an erasure do not cross: a message
 * that holds the request first commits before the sweep can claim it (the sweep skips it and erases it,
 * message and all, on its next round); one that comes second waits for the sweep's commit and reads the
 * request erased (issue 46).
 */
export async function shareRequestOfReferral(tx: Db, referralId: number): Promise<void> {
  const requestOf = tx
    .select({ id: referrals.requestId })
    .from(referrals)
    .where(eq(referrals.id, referralId));
  await tx
    .select({ id: referralRequests.id })
    .from(referralRequests)
    .where(inArray(referralRequests.id, requestOf))
    .for('share');
}

/** Locks the referral, so a message and a change of who holds it do not cross. */
export async function lockReferral(tx: Db, referralId: number): Promise<void> {
  await tx.select({ id: referrals.id }).from(referrals).where(eq(referrals.id, referralId)).for('update');
}
