import { firstNameOf } from '../../../../shared/names.js';
import { OPEN_REFERRAL_STATUSES, ReferralStatusSchema } from '../../../../shared/referral-status.js';
import {
  DeclineReasonSchema,
  type ReferralHandoff,
  type TimelineEntry,
} from '../../../../shared/referrals.js';
import type { Db } from '../../../db/client.js';
import {
  historyRows,
  listTimelineRows,
  requestHistoryRows,
  userHistories,
  type TimelinePage,
  type TimelineRow,
} from './timeline-repo.js';
import { isoTime } from '../../../lib/iso-time.js';

// Stored values read leniently, each schema built once (not per row).
const storedStatus = ReferralStatusSchema.catch('pending');
const storedDeclineReason = DeclineReasonSchema.nullable().catch(null);

/**
 * A request's timeline from its rows (docs/decisions/034-request-timeline.md): requested, then for each
 * referral in turn its assignment, every status it took with that step's note, and 'passed_on' when it
 * left its referrer without an answer of theirs (they closed their account, or were blocked). Declines
 * and expiries are hand-offs already: the next 'assigned' says where the request went.
 */
export function buildTimeline(request: RequestTimes, rows: readonly TimelineRow[]): TimelineEntry[] {
  const entries = [requestEntry('requested', request.createdAt)];
  for (const step of referralSteps(rows)) {
    const entry = timelineEntry(step);
    if (entry) entries.push(entry);
  }
  // A request that ended while nobody held it (withdrawn or closed with its posting while waiting, or
  // rejected by an admin while held).
  const ending = REQUEST_ENDINGS.find((status) => status === request.status);
  if (ending && entries.at(-1)?.kind !== ending) entries.push(requestEntry(ending, request.updatedAt));
  return entries;
}

const requestEntry = (kind: TimelineEntry['kind'], at: Date): TimelineEntry => ({
  kind,
  at: isoTime(at),
  referrerFirstName: null,
  note: null,
  declineReason: null,
});

/**
 * A referral's step as both sides' timelines show it, or nothing: a pass-on after the referrer's own answer
 * (a decline or an expiry, a hand-off already) and a status nobody knows are left out.
 */
function timelineEntry({ kind, at, note, referral }: ReferralStep): TimelineEntry | undefined {
  const shown = {
    at: isoTime(at),
    referrerFirstName: firstNameOf(referral.referrerName),
    declineReason: null,
  };
  if (kind === 'assigned') return { kind, ...shown, note: null };
  if (kind === 'resubmitted') return { kind, ...shown, note };
  if (kind === 'passed_on') {
    const open = OPEN_REFERRAL_STATUSES.includes(storedStatus.parse(referral.status));
    return open ? { kind, ...shown, note: null } : undefined;
  }
  const status = ReferralStatusSchema.safeParse(kind);
  if (!status.success) return undefined;
  const declineReason = status.data === 'declined' ? storedDeclineReason.parse(referral.declineReason) : null;
  return { ...shown, kind: status.data, note, declineReason };
}

/**
 * One thing that happened to one of a request's referrals: its assignment, a status it took (with that
 * step's note, the status as stored), or 'passed_on' when the request left it; with the referral's row.
 */
interface ReferralStep {
  kind: string;
  at: Date;
  note: string | null;
  referral: TimelineRow;
}

/**
 * Everything that happened to a request's referrals, oldest first: for each referral in turn its
 * assignment, every status change, and 'passed_on' whenever the request left it. Each reader keeps what
 * its audience is told: the two sides' timelines (buildTimeline), everything for an admin
 * (readRequestHistory).
 */
function referralSteps(rows: readonly TimelineRow[]): ReferralStep[] {
  const steps: ReferralStep[] = [];
  const passedOn = (referral: TimelineRow | undefined) => {
    if (referral?.supersededAt) {
      steps.push({ kind: 'passed_on', at: referral.supersededAt, note: null, referral });
    }
  };
  rows.forEach((row, i) => {
    const previous = rows[i - 1];
    if (row.referralId !== previous?.referralId) {
      passedOn(previous);
      steps.push({ kind: 'assigned', at: row.assignedAt, note: null, referral: row });
    }
    const { change } = row;
    // Pending again after changes were asked for is the seeker's resubmit (docs/decisions/084-changes-requested.md).
    const resubmit = change?.status === 'pending' && steps.at(-1)?.kind === 'changes_requested';
    if (change) {
      steps.push({
        kind: resubmit ? 'resubmitted' : change.status,
        at: change.at,
        note: change.note,
        referral: row,
      });
    }
  });
  passedOn(rows.at(-1));
  return steps;
}

/**
 * What a request's seeker is told of its steps (its timeline's entries, or its referrals' steps): a decline
 * that was undone, with the undo (the change back to pending), and one still inside its undo window
 * (`unsettled`: the request's last step then) are left out.
 */
export function toldSeeker<Step extends { kind: string }>(
  steps: readonly Step[],
  unsettled: boolean,
): Step[] {
  const told = steps.filter(
    (step, i) =>
      !(step.kind === 'declined' && steps[i + 1]?.kind === 'pending') &&
      !(step.kind === 'pending' && steps[i - 1]?.kind === 'declined'),
  );
  return unsettled && told.at(-1)?.kind === 'declined' ? told.slice(0, -1) : told;
}

/** A status change of one referral as the account export writes it. */
export interface ReferralNote {
  status: string;
  note: string | null;
  at: Date;
}

/**
 * The status changes of each referral the user can see, by referral id, oldest first, none of a request
 * retention erased: on their requests as the seeker is told them (toldSeeker), on the referrals they held
 * every one. The account feature's port, for the export (docs/product.md, Privacy).
 */
export async function readReferralNotes(db: Db, userId: number): Promise<Map<number, ReferralNote[]>> {
  const { asSeeker, asReferrer } = await userHistories(db, userId);
  const notes = new Map<number, ReferralNote[]>();
  const add = (steps: readonly ReferralStep[]) => {
    for (const { kind, at, note, referral } of steps) {
      if (kind === 'assigned' || kind === 'passed_on') continue;
      const list = notes.get(referral.referralId) ?? [];
      list.push({ status: kind, note, at });
      notes.set(referral.referralId, list);
    }
  };
  for (const request of asSeeker) {
    const rows = historyRows(request.id, request.history);
    const last = rows.at(-1);
    const unsettled =
      request.status === 'pending' && last?.status === 'declined' && last.supersededAt === null;
    add(toldSeeker(referralSteps(rows), unsettled));
  }
  for (const request of asReferrer) add(referralSteps(historyRows(request.id, request.history)));
  return notes;
}

/** A step of a request's referrals as an admin reads it: whose referral, by its referrer's full name. */
export interface RequestHistoryStep {
  kind: string;
  at: Date;
  note: string | null;
  referralId: number;
  referrerName: string;
}

/**
 * Everything that happened to a request's referrals (referralSteps), nothing left out: the admin's view of a
 * request (issue 46 item 9), through the port app-features.ts hands the admin feature.
 */
export async function readRequestHistory(db: Db, requestId: number): Promise<RequestHistoryStep[]> {
  const steps = referralSteps(await requestHistoryRows(db, requestId));
  return steps.map(({ kind, at, note, referral }) => ({
    kind,
    at,
    note,
    referralId: referral.referralId,
    referrerName: referral.referrerName,
  }));
}

/** What a request's own row tells its timeline. */
export interface RequestTimes {
  createdAt: Date;
  updatedAt: Date;
  status: string;
}

const REQUEST_ENDINGS = ['withdrawn', 'job_closed', 'rejected'] as const;

/** A request's earlier referrers, oldest first, from its timeline rows. */
function handoffsOf(history: readonly TimelineRow[]): ReferralHandoff[] {
  const seen = new Set<number>();
  return history
    .filter((h): h is TimelineRow & { supersededAt: Date } => {
      if (h.supersededAt === null || seen.has(h.referralId)) return false;
      seen.add(h.referralId);
      return true;
    })
    .sort((a, b) => a.supersededAt.getTime() - b.supersededAt.getTime() || a.referralId - b.referralId)
    .map((h) => ({
      referrerFirstName: firstNameOf(h.referrerName),
      // Superseded in any other status (pending, accepted): the referrer stopped referring with it open.
      outcome: h.status === 'declined' || h.status === 'expired' ? h.status : 'withdrawn',
      at: isoTime(h.supersededAt),
      declineReason: storedDeclineReason.parse(h.declineReason),
      feedback: h.status === 'declined' ? h.feedback : null,
    }));
}

/** A card's history: its timeline and, when asked, its hand-offs (earlier referrers, for the seeker). */
export interface CardHistory {
  timeline: TimelineEntry[];
  handoffs: ReferralHandoff[];
  /** Every referrer of the history read, whose first names it may show. */
  referrerIds: number[];
}

/**
 * A list page's histories by request id, from one read of the page's timeline rows (listTimelineRows): a
 * request missing from the page's rows has no referral yet.
 */
export async function readHistories(
  db: Db,
  page: TimelinePage,
  requests: readonly (RequestTimes & { id: number })[],
  options: { handoffs: boolean },
): Promise<Map<number, CardHistory>> {
  const byRequest = new Map<number, TimelineRow[]>();
  for (const row of await listTimelineRows(db, page)) {
    const rows = byRequest.get(row.requestId);
    if (rows) rows.push(row);
    else byRequest.set(row.requestId, [row]);
  }
  return new Map(
    requests.map((request) => {
      const rows = byRequest.get(request.id) ?? [];
      return [
        request.id,
        {
          timeline: buildTimeline(request, rows),
          handoffs: options.handoffs ? handoffsOf(rows) : [],
          referrerIds: [...new Set(rows.map((row) => row.referrerId))],
        },
      ];
    }),
  );
}
