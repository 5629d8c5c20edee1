import { firstNameOf } from '../../../../shared/names.js';
import { OPEN_REFERRAL_STATUSES, ReferralStatusSchema } from '../../../../shared/referral-status.js';
import {
  DeclineReasonSchema,
  type ReferralHandoff,
  type TimelineEntry,
} from '../../../../shared/referrals.js';
import type { Db } from '../../../db/client.js';
import { listTimelineRows, type TimelinePage, type TimelineRow } from './timeline-repo.js';
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

/** The timelines of a page of requests, by request id. */
function timelinesByRequest(
  requests: readonly (RequestTimes & { id: number })[],
  rows: readonly TimelineRow[],
): Map<number, TimelineEntry[]> {
  const byRequest = new Map<number, TimelineRow[]>();
  for (const row of rows) {
    const list = byRequest.get(row.requestId) ?? [];
    list.push(row);
    byRequest.set(row.requestId, list);
  }
  return new Map(requests.map((r) => [r.id, buildTimeline(r, byRequest.get(r.id) ?? [])]));
}

/** Earlier referrers of each request, oldest first, from its timeline rows. */
function handoffsByRequest(history: readonly TimelineRow[]): Map<number, ReferralHandoff[]> {
  const byRequest = new Map<number, ReferralHandoff[]>();
  const seen = new Set<number>();
  const left = history
    .filter((h): h is TimelineRow & { supersededAt: Date } => {
      if (h.supersededAt === null || seen.has(h.referralId)) return false;
      seen.add(h.referralId);
      return true;
    })
    .sort((a, b) => a.supersededAt.getTime() - b.supersededAt.getTime() || a.referralId - b.referralId);
  for (const h of left) {
    const list = byRequest.get(h.requestId) ?? [];
    list.push({
      referrerFirstName: firstNameOf(h.referrerName),
      // Superseded in any other status (pending, accepted): the referrer stopped referring with it open.
      outcome: h.status === 'declined' || h.status === 'expired' ? h.status : 'withdrawn',
      at: isoTime(h.supersededAt),
      declineReason: storedDeclineReason.parse(h.declineReason),
      feedback: h.status === 'declined' ? h.feedback : null,
    });
    byRequest.set(h.requestId, list);
  }
  return byRequest;
}

/**
 * A page's timelines and, when asked, its requests' hand-off history (earlier referrers, for the seeker),
 * by request id, from one read of the page's timeline rows (listTimelineRows).
 */
export async function readHistories(
  db: Db,
  page: TimelinePage,
  requests: readonly (RequestTimes & { id: number })[],
  options: { handoffs: boolean },
): Promise<{ timelines: Map<number, TimelineEntry[]>; handoffs: Map<number, ReferralHandoff[]> }> {
  const rows = await listTimelineRows(db, page);
  return {
    timelines: timelinesByRequest(requests, rows),
    handoffs: options.handoffs ? handoffsByRequest(rows) : new Map(),
  };
}
