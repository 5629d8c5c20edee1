import { and, desc, eq, getTableColumns, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { JobStatusSchema } from '../../../../shared/jobs.js';
import { firstNameOf } from '../../../../shared/names.js';
import { ReferralStatusSchema, RequestStatusSchema } from '../../../../shared/referral-status.js';
import {
  ChangeKindSchema,
  DeclineReasonSchema,
  RelationshipSchema,
  SeekerConfirmationSchema,
  type Referral,
  type ReferralHandoff,
  type ReferralRequest,
  type TimelineEntry,
} from '../../../../shared/referrals.js';
import type { Db } from '../../../db/client.js';
import { preparedPerDb, type Bound } from '../../../db/prepared.js';
import { companies, referralRequests, referrals, resumes, userSettings, users } from '../../../db/schema.js';
import { readHistories, toldSeeker, type CardHistory } from '../timeline/timeline.js';
import type { ReferralDeps } from '../ports.js';
import type { ReferralRow } from '../rows/referrals.js';
import { isoTime } from '../../../lib/iso-time.js';
import { seekerView } from '../../../lib/seeker-view.js';

export const referrerUsers = alias(users, 'referrer_users');

// What a card reads of its request and referral: every column but the sweeps' bookkeeping (the posting's
// next check and source, reminders, the erasure notice, when an answer or a confirmation came), which every
// card of every poll read and mapped for nothing.
const {
  normalizedJobUrl: _normalizedJobUrl,
  jobSource: _jobSource,
  jobNextCheckAt: _jobNextCheckAt,
  erasureNoticedAt: _erasureNoticedAt,
  ...cardRequestColumns
} = getTableColumns(referralRequests);
const {
  answeredAt: _answeredAt,
  remindedAt: _remindedAt,
  seekerConfirmedAt: _seekerConfirmedAt,
  submitRemindedAt: _submitRemindedAt,
  ...cardReferralColumns
} = getTableColumns(referrals);

// Stored values read leniently (an unknown one reads as none), each schema built once: built per row, they
// were a twentieth of a list read's CPU.
const storedDeclineReason = DeclineReasonSchema.nullable().catch(null);
const storedSeekerConfirmation = SeekerConfirmationSchema.nullable().catch(null);
const storedRelationship = RelationshipSchema.nullable().catch(null);
const storedChange = ChangeKindSchema.catch('other');
const storedJobStatus = JobStatusSchema.catch('unknown');

/**
 * Requests as both lists answer them, in one query: company, seeker, referral with the referrer's first
 * name, and the seeker's active resume. The seeker's side joins the request's current referral; the
 * referrer's side (`assignedOnly`) joins every referral, and its WHERE picks the referrer's own.
 */
function selectRequestViews(db: Db, assignedOnly: boolean, where: SQL | undefined) {
  return joinRequestViews(
    db
      .select({
        request: cardRequestColumns,
        company: { id: companies.id, name: companies.name, isPartner: companies.isPartner },
        seeker: {
          id: users.id,
          fullName: users.fullName,
          email: users.email,
          profilePicture: users.profilePicture,
        },
        referral: cardReferralColumns,
        referrerName: referrerUsers.fullName,
        resumeId: resumes.id,
        // What a referrer may read of the seeker's employer (seekerView), in this statement, not another.
        seekerEmployer: {
          currentCompanyName: users.currentCompanyName,
          showCurrentEmployer: sql<boolean>`coalesce((select ${userSettings.showCurrentEmployer} from ${userSettings} where ${userSettings.userId} = ${users.id}), true)`,
        },
      })
      .from(referralRequests)
      .$dynamic(),
    assignedOnly,
  ).where(where);
}

/**
 * The tables a card is read from, joined: the one FROM of the cards (selectRequestViews).
 */
export function joinRequestViews<Query extends PgSelect>(fromRequests: Query, assignedOnly: boolean) {
  const base = fromRequests
    .innerJoin(companies, eq(companies.id, referralRequests.companyId))
    .innerJoin(users, eq(users.id, referralRequests.jobSeekerId));
  const withReferral = assignedOnly
    ? base.innerJoin(referrals, eq(referrals.requestId, referralRequests.id))
    : base.leftJoin(
        referrals,
        and(eq(referrals.requestId, referralRequests.id), isNull(referrals.supersededAt)),
      );
  return withReferral
    .leftJoin(referrerUsers, eq(referrerUsers.id, referrals.referrerId))
    .leftJoin(resumes, and(eq(resumes.userId, referralRequests.jobSeekerId), eq(resumes.isActive, true)));
}

type RequestViewRow = Awaited<ReturnType<typeof selectRequestViews>>[number];
/** A referral's row as a card reads it: the columns of cardReferralColumns. */
type CardReferral = Pick<ReferralRow, keyof typeof cardReferralColumns>;

export interface Page {
  limit: number;
  before?: number;
}

/**
 * One page of a list as an unexecuted query (the EXPLAIN test reads its plan). The user and the limit may
 * be placeholders: the first pages are prepared once (see firstPages).
 */
export function requestListQuery(
  db: Db,
  role: 'seeker' | 'referrer',
  userId: Bound<number>,
  page: { limit: Bound<number>; before?: number },
) {
  return listPageOf(role, userId, page, (assignedOnly, where) => selectRequestViews(db, assignedOnly, where));
}

/**
 * One page of a list's rows, newest first, selected by `select` from joinRequestViews: the cards' columns.
 * The one WHERE, ORDER BY and LIMIT of the lists.
 */
function listPageOf<Query extends PgSelect>(
  role: 'seeker' | 'referrer',
  userId: Bound<number>,
  page: { limit: Bound<number>; before?: number },
  select: (assignedOnly: boolean, where: SQL | undefined) => Query,
) {
  if (role === 'referrer') {
    // Newest request first through index referrals_referrer_request_idx.
    return select(
      true,
      and(
        eq(referrals.referrerId, userId),
        // Every referral they held: the current ones, and those passed on since (their history); none of an
        // erased request (docs/decisions/036-retention.md).
        isNull(referralRequests.erasedAt),
        page.before === undefined ? undefined : lt(referrals.requestId, page.before),
      ),
    )
      .orderBy(desc(referrals.requestId))
      .limit(page.limit);
  }
  // Newest first through index referral_requests_seeker_newest_idx.
  return select(
    false,
    and(
      eq(referralRequests.jobSeekerId, userId),
      page.before === undefined ? undefined : lt(referralRequests.id, page.before),
    ),
  )
    .orderBy(desc(referralRequests.id))
    .limit(page.limit);
}

/** What a list judges by the clock: the time to answer and the time to undo a decline, as of `now`. */
export interface ListClock {
  now: Date;
  responseMs: number;
  /** DECLINE_UNDO_WINDOW. */
  undoMs: number;
  /** CHANGES_WINDOW: how long the seeker has to resubmit after changes were asked for. */
  changesMs: number;
}

/** The list's view of the clock from the feature's ports: deadlines and undo windows, as of now. */
export function listClock(
  deps: Pick<ReferralDeps, 'now' | 'responseMs' | 'declineUndoMs' | 'changesWindowMs'>,
): ListClock {
  return {
    now: deps.now(),
    responseMs: deps.responseMs,
    undoMs: deps.declineUndoMs,
    changesMs: deps.changesWindowMs,
  };
}

/**
 * A page of a list as the database gave it, before the clock judges it (deadlines, undo windows): the
 * cards' rows and, by request, their histories. What the lists' memo keeps (request-lists.ts).
 */
export interface ListPage {
  rows: RequestViewRow[];
  histories: Map<number, CardHistory>;
}

/** The seeker's own requests, or the requests whose referral the referrer holds; newest first. */
export async function listRequestViews(
  db: Db,
  role: 'seeker' | 'referrer',
  userId: number,
  page: Page,
  clock: ListClock,
): Promise<ReferralRequest[]> {
  return listCards(await readListPage(db, role, userId, page), role, userId, clock);
}

/** One page of a list from the database: the first pages through their prepared statements. */
export async function readListPage(
  db: Db,
  role: 'seeker' | 'referrer',
  userId: number,
  page: Page,
): Promise<ListPage> {
  const rows =
    page.before === undefined
      ? await firstPages[role](db).execute({ userId, limit: page.limit })
      : await requestListQuery(db, role, userId, page);
  return { rows, histories: await readPageHistories(db, rows, role, userId) };
}

/**
 * Everyone a page shows, whose change may change it: each card's seeker, its referrer, and every referrer
 * of its history (their first names).
 */
export function usersShown({ rows, histories }: ListPage): number[] {
  const users = new Set<number>();
  for (const row of rows) {
    users.add(row.seeker.id);
    if (row.referral) users.add(row.referral.referrerId);
  }
  for (const history of histories.values()) for (const id of history.referrerIds) users.add(id);
  return [...users];
}

/**
 * The histories of a page's cards, each with its timeline and, for the seeker, its hand-offs, from one more
 * query (a history column in the list's own statement cost more than this round trip: timeline-repo.ts
 * historyOf). A referrer learns nothing of the request's other referrers; the seeker sees who passed it on.
 */
async function readPageHistories(
  db: Db,
  rows: RequestViewRow[],
  role: 'seeker' | 'referrer',
  userId: number,
): Promise<Map<number, CardHistory>> {
  const ids = rows.map((r) => r.request.id);
  if (ids.length === 0) return new Map();
  // The page's requests are contiguous in the list's order: named by its owner and its ends.
  const range = { fromId: Math.min(...ids), toId: Math.max(...ids) };
  return readHistories(
    db,
    role === 'referrer' ? { referrerId: userId, ...range } : { seekerId: userId, ...range },
    rows.map((r) => r.request),
    { handoffs: role === 'seeker' },
  );
}

/** A page's rows as cards, judged by the clock. */
export function listCards(
  { rows, histories }: ListPage,
  role: 'seeker' | 'referrer',
  userId: number,
  clock: ListClock,
): ReferralRequest[] {
  return rows.map((row) =>
    toRequestDto(row, {
      ...histories.get(row.request.id)!,
      viewer: role,
      clock,
      // The seekers' current employer as this referrer may read it
      // (docs/decisions/085-a-job-hunt-hidden-from-the-employer.md); the seeker's own list leaves it out.
      currentEmployer:
        role === 'referrer'
          ? seekerView(userId, { userId: row.seeker.id, ...row.seekerEmployer }).employer
          : null,
    }),
  );
}

// The lists' first pages are what the dashboards and their polls ask for.
const firstPages = {
  seeker: preparedPerDb((db) =>
    requestListQuery(db, 'seeker', sql.placeholder('userId'), { limit: sql.placeholder('limit') }).prepare(
      'seeker_requests_first_page',
    ),
  ),
  referrer: preparedPerDb((db) =>
    requestListQuery(db, 'referrer', sql.placeholder('userId'), { limit: sql.placeholder('limit') }).prepare(
      'referrer_requests_first_page',
    ),
  ),
};

export async function findRequestView(
  db: Db,
  requestId: number,
  seekerId: number,
  clock: ListClock,
): Promise<ReferralRequest | undefined> {
  const rows = await selectRequestViews(
    db,
    false,
    and(eq(referralRequests.id, requestId), eq(referralRequests.jobSeekerId, seekerId)),
  );
  const histories = await readPageHistories(db, rows, 'seeker', seekerId);
  const [view] = listCards({ rows, histories }, 'seeker', seekerId, clock);
  return view;
}

/**
 * A referral as either side reads it: the columns a card reads (all that the other callers' rows hold).
 * With the list's clock, a referral waiting on its seeker's changes says until when they may resubmit.
 */
export function toReferralDto(row: CardReferral, clock?: Pick<ListClock, 'changesMs'>): Referral {
  return {
    id: row.id,
    requestId: row.requestId,
    referrerId: row.referrerId,
    status: ReferralStatusSchema.parse(row.status),
    feedback: row.feedback,
    declineReason: storedDeclineReason.parse(row.declineReason),
    candidateId: row.candidateId,
    seekerConfirmation: storedSeekerConfirmation.parse(row.seekerConfirmation),
    relationship: storedRelationship.parse(row.relationship),
    changes: (row.requestedChanges ?? []).map((change) => storedChange.parse(change)),
    changeRounds: row.changeRounds,
    resubmitBy:
      clock && row.status === 'changes_requested' && row.changesRequestedAt && row.supersededAt === null
        ? isoTime(new Date(row.changesRequestedAt.getTime() + clock.changesMs))
        : null,
    undoUntil: null,
    submittedAt: row.submittedAt ? isoTime(row.submittedAt) : null,
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
  };
}

/**
 * A decline the sweep has not passed on yet (docs/decisions/033-request-lifecycle.md): the seeker sees
 * the referral as still pending until then, so an undone decline never reaches them.
 */
function unsettledDecline(row: RequestViewRow): boolean {
  const { request, referral } = row;
  return referral?.status === 'declined' && referral.supersededAt == null && request.status === 'pending';
}

/**
 * The referral as the seeker sees it: a decline not yet passed on still reads pending. The referrer's id
 * comes along (so the seeker can report or block them, issue 25) but nothing else of theirs: their profile
 * stays closed to the seeker, and the name is the first name only.
 */
function seekerReferral(row: RequestViewRow, referral: CardReferral, clock: ListClock): Referral {
  const dto = toReferralDto(referral, clock);
  if (!unsettledDecline(row)) return dto;
  return { ...dto, status: 'pending', feedback: null, declineReason: null };
}

/** The referral as its referrer sees it: until when their decline may still be undone. */
function referrerReferral(row: RequestViewRow, referral: CardReferral, clock: ListClock): Referral {
  const dto = toReferralDto(referral, clock);
  const until = referral.declinedAt && referral.declinedAt.getTime() + clock.undoMs;
  if (!unsettledDecline(row) || !until || until <= clock.now.getTime()) return dto;
  return { ...dto, undoUntil: isoTime(new Date(until)) };
}

/**
 * The seeker's timeline leaves out what they were never told (toldSeeker): a decline that was undone, and
 * one still inside its undo window. It alone shows an admin's review of a held request (issue 25 item 6):
 * held when asked, released when reviewed (a rejection ends the timeline as the request's own ending).
 */
function seekerTimeline(row: RequestViewRow, timeline: TimelineEntry[]): TimelineEntry[] {
  const shown = toldSeeker(timeline, unsettledDecline(row));
  const { request } = row;
  if (!request.heldRule) return shown;
  const step = (kind: 'held' | 'released', at: Date): TimelineEntry => ({
    kind,
    at: isoTime(at),
    referrerFirstName: null,
    note: null,
    declineReason: null,
  });
  const review = [step('held', request.createdAt)];
  if (request.reviewedAt && request.status !== 'rejected') review.push(step('released', request.reviewedAt));
  const [requested, ...rest] = shown;
  return requested ? [requested, ...review, ...rest] : review;
}

function toRequestDto(
  row: RequestViewRow,
  {
    handoffs,
    timeline,
    viewer,
    clock,
    currentEmployer,
  }: {
    handoffs: ReferralHandoff[];
    timeline: TimelineEntry[];
    viewer: 'seeker' | 'referrer';
    clock: ListClock;
    /** The seeker's current employer as the viewer reads it (lib/seeker-view.ts). */
    currentEmployer: string | null;
  },
): ReferralRequest {
  const { request } = row;
  // Erased (docs/decisions/036-retention.md): only the seeker's line is left.
  const erased = request.erasedAt !== null;
  const referral = erased ? null : row.referral;
  // A referrer the request passed on from keeps the card as history, but not the applicant's contact,
  // message or resume; nor does one whose referral the seeker withdrew. The seeker keeps their own
  // (a withdrawn request's 'Ask again' fills the form with its message, issue 46 item 9).
  const passedOn = referral?.supersededAt != null;
  const noAccess = viewer === 'referrer' && (passedOn || referral?.status === 'withdrawn');
  const pendingNow = referral?.status === 'pending' && !passedOn;
  return {
    id: request.id,
    jobSeekerId: request.jobSeekerId,
    companyId: request.companyId,
    position: request.position,
    jobUrl: request.jobUrl,
    status: RequestStatusSchema.parse(request.status),
    message: noAccess ? null : request.message,
    alreadyApplied: request.alreadyApplied,
    resumeLink: row.resumeId == null || noAccess || erased ? null : `/api/resumes/${row.resumeId}/file`,
    createdAt: isoTime(request.createdAt),
    updatedAt: isoTime(request.updatedAt),
    job: {
      title: request.jobTitle,
      location: request.jobLocation,
      status: storedJobStatus.parse(request.jobStatus),
      checkedAt: request.jobCheckedAt ? isoTime(request.jobCheckedAt) : null,
      // Shown once the seeker was told, so the card and the notification agree.
      unreachableSince:
        request.jobUnknownFlaggedAt && request.jobUnknownSince ? isoTime(request.jobUnknownSince) : null,
    },
    company: row.company,
    jobSeeker: noAccess
      ? { ...row.seeker, email: null, currentEmployer: null }
      : { ...row.seeker, currentEmployer },
    // A seeker learns their referrer's first name and nothing else that identifies them.
    // The card's own keys first and the referral spread after them. Spread first, every key added after it
    // cost V8 (Node 20) a slow path, most of toRequestDto's own time. Written in the other order it is
    // fifty times faster, and the answer is the same (no key is in both; the serializer orders them;
    // docs/performance.md, What the decisions measured).
    referral: referral && {
      referrerFirstName: firstNameOf(row.referrerName),
      respondBy:
        pendingNow || (viewer === 'seeker' && unsettledDecline(row))
          ? isoTime(new Date(referral.pendingSince.getTime() + clock.responseMs))
          : null,
      passedOnAt: referral.supersededAt ? isoTime(referral.supersededAt) : null,
      ...(viewer === 'seeker'
        ? seekerReferral(row, referral, clock)
        : referrerReferral(row, referral, clock)),
    },
    handoffs: erased ? [] : handoffs,
    timeline: erased ? [] : viewer === 'seeker' ? seekerTimeline(row, timeline) : timeline,
    closedAt: request.closedAt ? isoTime(request.closedAt) : null,
    erasedAt: request.erasedAt ? isoTime(request.erasedAt) : null,
    rejectionReason: viewer === 'seeker' && !erased ? request.rejectionReason : null,
  };
}
