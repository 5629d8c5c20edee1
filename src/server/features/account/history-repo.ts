import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { referralMessages, referralRequests, referralStatusChanges, referrals } from '../../db/schema.js';

/**
 * The export's referral history (issue 24; docs/decisions/036-retention.md): the timeline notes and thread
 * messages the user can see, per referral, from requests retention has not erased.
 */

const NOT_ERASED = isNull(referralRequests.erasedAt);

/**
 * The status changes of the user's own referrals (as the referrer, every one, as their card shows them) and
 * of their requests' referrals (as the seeker, without what they were never told: a decline later undone, a
 * decline still inside its undo window, and the undo itself, the only change back to pending).
 */
function timelineRows(db: Db, userId: number) {
  const undoneLater = sql`exists (
    select 1 from ${referralStatusChanges} later
    where later.referral_id = ${referralStatusChanges.referralId}
      and later.id > ${referralStatusChanges.id} and later.status = 'pending')`;
  const unsettled = and(
    isNull(referrals.supersededAt),
    eq(referrals.status, 'declined'),
    eq(referralRequests.status, 'pending'),
  );
  const toldSeeker = and(
    eq(referralRequests.jobSeekerId, userId),
    ne(referralStatusChanges.status, 'pending'),
    sql`not (${referralStatusChanges.status} = 'declined' and (${undoneLater} or ${unsettled}))`,
  );
  return db
    .select({
      referralId: referralStatusChanges.referralId,
      status: referralStatusChanges.status,
      note: referralStatusChanges.note,
      at: referralStatusChanges.at,
    })
    .from(referralStatusChanges)
    .innerJoin(referrals, eq(referrals.id, referralStatusChanges.referralId))
    .innerJoin(referralRequests, eq(referralRequests.id, referrals.requestId))
    .where(and(NOT_ERASED, or(eq(referrals.referrerId, userId), toldSeeker)))
    .orderBy(asc(referralStatusChanges.id));
}

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

type Timeline = Awaited<ReturnType<typeof timelineRows>>;
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
export async function readReferralHistory(db: Db, userId: number) {
  const [timeline, messages]: [Timeline, Messages] = await Promise.all([
    timelineRows(db, userId),
    messageRows(db, userId),
  ]);
  const timelines = byReferral(timeline);
  const threads = byReferral(messages.map((m) => ({ ...m, byMe: Boolean(m.byMe) })));
  return (referralId: number) => ({
    timeline: timelines.get(referralId) ?? [],
    messages: threads.get(referralId) ?? [],
  });
}
