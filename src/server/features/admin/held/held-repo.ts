import { and, asc, eq, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { ADMIN_QUEUE_PAGE_SIZE, type AdminQueuePage } from '../../../../shared/admin.js';
import type { AdminHeldMessage, AdminHeldRequest } from '../../../../shared/held-review.js';
import { PaymentRuleSchema } from '../../../../shared/held-review.js';
import { ReferralMessageStatusSchema } from '../../../../shared/referral-messages.js';
import { RequestStatusSchema } from '../../../../shared/referral-status.js';
import type { Db } from '../../../db/client.js';
import { afterRow } from '../../../db/keyset.js';
import { rowExists } from '../../../db/rows.js';
import { preparedPerDb, writtenLimit, type Bound, type Limit } from '../../../db/prepared.js';
import { companies, referralMessages, referralRequests, referrals, users } from '../../../db/schema.js';
import { isoTime } from '../../../lib/iso-time.js';
import {
  joinReferralParties,
  referralReferrer as referrer,
  referralSeeker as seeker,
} from '../../../lib/referral-parties.js';

/**
 * Issue 25 item 6: the admin's reads and writes of held requests and thread messages. The admin feature
 * reads these tables directly, as the reports queue does; matching and the thread's notice come through
 * ports (../ports.ts).
 */

const storedRule = PaymentRuleSchema.nullable().catch(null);
const rule = (value: string | null) => storedRule.parse(value);

// ---- Requests -------------------------------------------------------------------------------------------

function requestQuery(db: Db) {
  return requestsJoined(
    db
      .select({
        request: referralRequests,
        seeker: { id: users.id, fullName: users.fullName, email: users.email },
        company: { id: companies.id, name: companies.name },
      })
      .from(referralRequests)
      .$dynamic(),
  );
}

/** The tables a held request is read from, joined: the one FROM of the queue's pages. */
function requestsJoined<Query extends PgSelect>(fromRequests: Query) {
  return fromRequests
    .innerJoin(users, eq(users.id, referralRequests.jobSeekerId))
    .innerJoin(companies, eq(companies.id, referralRequests.companyId));
}

type RequestJoin = Awaited<ReturnType<ReturnType<typeof requestQuery>['execute']>>[number];

function toAdminHeldRequest({ request, seeker, company }: RequestJoin): AdminHeldRequest {
  return {
    id: request.id,
    status: RequestStatusSchema.parse(request.status),
    seeker,
    company,
    position: request.position,
    jobUrl: request.jobUrl,
    message: request.message,
    rule: rule(request.heldRule),
    createdAt: isoTime(request.createdAt),
    reviewedAt: request.reviewedAt ? isoTime(request.reviewedAt) : null,
    rejectionReason: request.rejectionReason,
  };
}

/**
 * A page of the queue: held requests, oldest first (referral_requests_held_idx), at most `limit`, after
 * the request `after` (the last of the page before). The cursor's place is read from its row whatever its
 * status now, so a request released or withdrawn since still says where the next page starts. Undefined
 * when no request has the cursor's id (its seeker's account was deleted): nothing says where that page was.
 */
export async function listHeldRequests(
  db: Db,
  { limit, after }: AdminQueuePage,
): Promise<AdminHeldRequest[] | undefined> {
  const usual = limit === ADMIN_QUEUE_PAGE_SIZE;
  const rows =
    after === undefined
      ? await (usual ? heldRequests(db).execute() : heldRequestsQuery(db, limit))
      : await (usual ? heldRequestsAfter(db).execute({ after }) : heldRequestsAfterQuery(db, limit, after));
  if (rows.length === 0 && after !== undefined && !(await rowExists(db, referralRequests, after)))
    return undefined;
  return rows.map(toAdminHeldRequest);
}

// The console's page size is prepared, planned once per connection, with the limit written in
// (writtenLimit); another size is built per call. The status is written out, not bound, so that plan can
// still use the partial index.
export const heldRequestsQuery = (db: Db, limit: Limit) => heldRequestsOf(requestQuery(db), limit);
const heldRequestsOf = <Query extends PgSelect>(query: Query, limit: Limit) =>
  query
    .where(sql`${referralRequests.status} = 'held'`)
    .orderBy(asc(referralRequests.createdAt), asc(referralRequests.id))
    .limit(limit);
const heldRequests = preparedPerDb((db) =>
  heldRequestsQuery(db, writtenLimit(ADMIN_QUEUE_PAGE_SIZE)).prepare('admin_held_requests'),
);

const cursorRequest = alias(referralRequests, 'cursor_request');

// The next page: after the cursor's row in the index's (created_at, id) order.
export const heldRequestsAfterQuery = (db: Db, limit: Limit, after: Bound<number>) =>
  requestQuery(db)
    .where(
      sql`${referralRequests.status} = 'held' and ${afterRow(db, referralRequests, cursorRequest, after)}`,
    )
    .orderBy(asc(referralRequests.createdAt), asc(referralRequests.id))
    .limit(limit);
const heldRequestsAfter = preparedPerDb((db) =>
  heldRequestsAfterQuery(db, writtenLimit(ADMIN_QUEUE_PAGE_SIZE), sql.placeholder('after')).prepare(
    'admin_held_requests_after',
  ),
);

export async function findAdminHeldRequest(db: Db, id: number): Promise<AdminHeldRequest | undefined> {
  const [row] = await requestQuery(db).where(eq(referralRequests.id, id));
  return row && toAdminHeldRequest(row);
}

/**
 * The request's row, locked, as withdraw and status changes take it: of two admins (or an admin and the
 * seeker withdrawing) the second sees what the first did.
 */
export async function lockReviewedRequest(tx: Db, id: number) {
  const [row] = await tx
    .select({
      id: referralRequests.id,
      status: referralRequests.status,
      heldRule: referralRequests.heldRule,
      reviewedAt: referralRequests.reviewedAt,
      jobSeekerId: referralRequests.jobSeekerId,
      position: referralRequests.position,
      companyId: referralRequests.companyId,
    })
    .from(referralRequests)
    .where(eq(referralRequests.id, id))
    .for('update');
  return row;
}

export async function companyName(db: Db, id: number): Promise<string> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, id));
  return row?.name ?? 'the company';
}

/** held → pending, for matching (the caller holds the row). */
export async function releaseRequest(tx: Db, id: number, at: Date): Promise<void> {
  await tx
    .update(referralRequests)
    .set({ status: 'pending', reviewedAt: at, updatedAt: at })
    .where(and(eq(referralRequests.id, id), eq(referralRequests.status, 'held')));
}

/**
 * held → rejected, final. Rejected is closed for retention (CLOSED_REQUEST_STATUSES): closed_at starts the
 * count, as setRequestStatus does for every closed status (docs/decisions/036-retention.md).
 */
export async function rejectRequest(tx: Db, id: number, reason: string, at: Date): Promise<void> {
  await tx
    .update(referralRequests)
    .set({
      status: 'rejected',
      reviewedAt: at,
      rejectionReason: reason,
      closedAt: at,
      erasureNoticedAt: null,
      updatedAt: at,
    })
    .where(and(eq(referralRequests.id, id), eq(referralRequests.status, 'held')));
}

// ---- Messages -------------------------------------------------------------------------------------------

/**
 * A message with its thread's referral, request, company and two people (lib/referral-parties.ts, as the
 * thread reads them): the one FROM of the queue's pages.
 */
function messageQuery(db: Db) {
  return joinReferralParties(
    db
      .select({
        message: referralMessages,
        seeker: { id: seeker.id, fullName: seeker.fullName, email: seeker.email },
        referrer: { id: referrer.id, fullName: referrer.fullName, email: referrer.email },
        request: {
          id: referralRequests.id,
          position: referralRequests.position,
          companyName: companies.name,
        },
      })
      .from(referralMessages)
      .innerJoin(referrals, eq(referrals.id, referralMessages.referralId))
      .$dynamic(),
  );
}

type MessageJoin = Awaited<ReturnType<ReturnType<typeof messageQuery>['execute']>>[number];

function toAdminHeldMessage(row: MessageJoin): AdminHeldMessage {
  const { message } = row;
  // A message's author is one of its referral's two parties (messages.ts writes only theirs), so the author is
  // read from those two rows: a join of the author as a third user cost the queue a probe of users a message.
  const bySeeker = message.authorId === row.seeker.id;
  return {
    id: message.id,
    status: ReferralMessageStatusSchema.parse(message.status),
    body: message.body,
    rule: rule(message.heldRule),
    createdAt: isoTime(message.createdAt),
    referralId: message.referralId,
    sender: bySeeker ? row.seeker : row.referrer,
    senderRole: bySeeker ? 'seeker' : 'referrer',
    recipient: bySeeker ? row.referrer : row.seeker,
    request: row.request,
    reviewedAt: message.reviewedAt ? isoTime(message.reviewedAt) : null,
    rejectionReason: message.rejectionReason,
  };
}

/**
 * A page of the queue: held messages, oldest first (referral_messages_held_idx, by id), at most `limit`,
 * after the message `after`. Any id says where the next page starts, so no cursor is refused.
 */
export async function listHeldMessages(
  db: Db,
  { limit, after }: AdminQueuePage,
): Promise<AdminHeldMessage[]> {
  const usual = limit === ADMIN_QUEUE_PAGE_SIZE;
  const rows =
    after === undefined
      ? await (usual ? heldMessages(db).execute() : heldMessagesQuery(db, limit))
      : await (usual ? heldMessagesAfter(db).execute({ after }) : heldMessagesAfterQuery(db, limit, after));
  return rows.map(toAdminHeldMessage);
}

// Prepared as heldRequests is: planning the seven-table join costs more than running it (3 to 11 ms against
// under 1), so the prepared page must keep one plan (writtenLimit).
export const heldMessagesQuery = (db: Db, limit: Limit) => heldMessagesOf(messageQuery(db), limit);
const heldMessagesOf = <Query extends PgSelect>(query: Query, limit: Limit) =>
  query
    .where(sql`${referralMessages.status} = 'held'`)
    .orderBy(asc(referralMessages.id))
    .limit(limit);
const heldMessages = preparedPerDb((db) =>
  heldMessagesQuery(db, writtenLimit(ADMIN_QUEUE_PAGE_SIZE)).prepare('admin_held_messages'),
);

export const heldMessagesAfterQuery = (db: Db, limit: Limit, after: Bound<number>) =>
  messageQuery(db)
    .where(sql`${referralMessages.status} = 'held' and ${referralMessages.id} > ${after}`)
    .orderBy(asc(referralMessages.id))
    .limit(limit);
const heldMessagesAfter = preparedPerDb((db) =>
  heldMessagesAfterQuery(db, writtenLimit(ADMIN_QUEUE_PAGE_SIZE), sql.placeholder('after')).prepare(
    'admin_held_messages_after',
  ),
);

export async function findAdminHeldMessage(db: Db, id: number): Promise<AdminHeldMessage | undefined> {
  const [row] = await messageQuery(db).where(eq(referralMessages.id, id));
  return row && toAdminHeldMessage(row);
}

/** The message's row, locked: of two admins the second sees what the first did. */
export async function lockReviewedMessage(tx: Db, id: number) {
  const [row] = await tx
    .select({ id: referralMessages.id, status: referralMessages.status, heldRule: referralMessages.heldRule })
    .from(referralMessages)
    .where(eq(referralMessages.id, id))
    .for('update');
  return row;
}

/** held → delivered or rejected (the caller holds the row). */
export async function reviewMessage(
  tx: Db,
  id: number,
  review: { status: 'delivered' | 'rejected'; reason: string | null; at: Date },
): Promise<void> {
  await tx
    .update(referralMessages)
    .set({ status: review.status, rejectionReason: review.reason, reviewedAt: review.at })
    .where(and(eq(referralMessages.id, id), eq(referralMessages.status, 'held')));
}
