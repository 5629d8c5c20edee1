import { firstNameOf } from '../../../../shared/names.js';
import { OPEN_REFERRAL_STATUSES, ReferralStatusSchema } from '../../../../shared/referral-status.js';
import {
  DeclineReasonSchema,
  type ReferralHandoff,
  type TimelineEntry,
} from '../../../../shared/referrals.js';
import { historyRows, type HistoryCell, type TimelineRow } from './timeline-repo.js';

export { historyOf, type HistoryCell } from './timeline-repo.js';
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
  const requestedAt = request.createdAt;
  const entries: TimelineEntry[] = [
    {
      kind: 'requested',
      at: isoTime(requestedAt),
      referrerFirstName: null,
      note: null,
      declineReason: null,
    },
  ];
  let last: TimelineRow | undefined;
  const closeReferral = (row: TimelineRow | undefined) => {
    if (row?.supersededAt && OPEN_REFERRAL_STATUSES.includes(storedStatus.parse(row.status))) {
      entries.push({
        kind: 'passed_on',
        at: isoTime(row.supersededAt),
        referrerFirstName: firstNameOf(row.referrerName),
        note: null,
        declineReason: null,
      });
    }
  };
  for (const row of rows) {
    const referrerFirstName = firstNameOf(row.referrerName);
    if (row.referralId !== last?.referralId) {
      closeReferral(last);
      entries.push({
        kind: 'assigned',
        at: isoTime(row.assignedAt),
        referrerFirstName,
        note: null,
        declineReason: null,
      });
    }
    last = row;
    const status = row.change && ReferralStatusSchema.safeParse(row.change.status);
    if (row.change && status?.success) {
      entries.push({
        kind: status.data,
        at: isoTime(row.change.at),
        referrerFirstName,
        note: row.change.note,
        declineReason: status.data === 'declined' ? storedDeclineReason.parse(row.declineReason) : null,
      });
    }
  }
  closeReferral(last);
  // A request that ended while nobody held it (withdrawn or closed with its posting while waiting, or
  // rejected by an admin while held).
  const ending = REQUEST_ENDINGS.find((status) => status === request.status);
  if (ending && entries.at(-1)?.kind !== ending) {
    entries.push({
      kind: ending,
      at: isoTime(request.updatedAt),
      referrerFirstName: null,
      note: null,
      declineReason: null,
    });
  }
  return entries;
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

/**
 * A request's timeline and, when asked, its hand-off history (earlier referrers, for the seeker), from the
 * history its list row carries (historyOf).
 */
export function readHistory(
  request: RequestTimes & { id: number },
  cells: readonly HistoryCell[],
  options: { handoffs: boolean },
): { timeline: TimelineEntry[]; handoffs: ReferralHandoff[] } {
  const rows = historyRows(request.id, cells);
  return {
    timeline: buildTimeline(request, rows),
    handoffs: options.handoffs ? handoffsOf(rows) : [],
  };
}
