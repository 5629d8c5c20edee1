import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { referralMessages, referralRequests, referrals } from '../../db/schema.js';

/**
 * The export's referral history (issue 24; docs/decisions/036-retention.md): the timeline notes (from the
 * referrals feature, `ReferralNotes`) and thread messages the user can see, per referral, from requests
 * retention has not erased.
 */

const NOT_ERASED = isNull(referralRequests.erasedAt);

/**
 * From the referrals feature (app-features.ts hands it in): the status changes of each referral the user can
 * see, by referral id, oldest first: on their requests as they were told them (no decline later undone, nor
 * one inside its undo window, nor the undo), on the referrals they held every one; none of an erased request.
 */
export type ReferralNotes = (
  db: Db,
  userId: number,
) => Promise<Map<number, { status: string; note: string | null; at: Date }[]>>;

/**
 * Messages of the threads the user can open (the seeker's and the current holder's), and every message they
 * wrote themselves, also on a referral that passed on since. The other side's messages held for review, or
 * rejected, never reached the user (issue 25 item 6): they are not theirs to export.
 */
function messageRows(db: Db, userId: number) {
  const party = or(eq(referrals.referrerId, userId), eq(referralRequests.jobSeekerId, userId));
  const delivered = eq(referralMessages.status, 'delivered');
  return db
    .select({
      referralId: referralMessages.referralId,
      byMe: sql<boolean>`${referralMessages.authorId} = ${userId}`,
      body: referralMessages.body,
      status: referralMessages.status,
      createdAt: referralMessages.createdAt,
    })
    .from(referralMessages)
    .innerJoin(referrals, eq(referrals.id, referralMessages.referralId))
    .innerJoin(referralRequests, eq(referralRequests.id, referrals.requestId))
    .where(
      and(
        NOT_ERASED,
        or(eq(referralMessages.authorId, userId), and(isNull(referrals.supersededAt), party, delivered)),
      ),
    )
    .orderBy(asc(referralMessages.id));
}

type Messages = Awaited<ReturnType<typeof messageRows>>;

function byReferral<T extends { referralId: number }>(rows: T[]): Map<number, Omit<T, 'referralId'>[]> {
  const map = new Map<number, Omit<T, 'referralId'>[]>();
  for (const { referralId, ...rest } of rows) {
    const list = map.get(referralId) ?? [];
    list.push(rest);
    map.set(referralId, list);
  }
  return map;
}

/** Each referral the user can see with its timeline notes and messages, keyed by referral id. */
export async function readReferralHistory(db: Db, userId: number, referralNotes: ReferralNotes) {
  const [timelines, messages]: [Awaited<ReturnType<ReferralNotes>>, Messages] = await Promise.all([
    referralNotes(db, userId),
    messageRows(db, userId),
  ]);
  const threads = byReferral(messages.map((m) => ({ ...m, byMe: Boolean(m.byMe) })));
  return (referralId: number) => ({
    timeline: timelines.get(referralId) ?? [],
    messages: threads.get(referralId) ?? [],
  });
}
