import { JOB_UNREACHABLE_DAYS } from '../../../../shared/jobs.js';
import { OPEN_REFERRAL_STATUSES } from '../../../../shared/referral-status.js';
import type { Db } from '../../../db/client.js';
import { assignWaitingRequests, INCOMING_LINK, SEEKER_LINK } from '../matching/matching.js';
import type { JobSnapshot, ReferralDeps } from '../ports.js';
import { lockRequestWithNames, setRequestStatus, updateRequestJob } from '../rows/requests.js';
import { closeCurrentReferral, flagUnknownPosting } from './liveness-repo.js';

const UNREACHABLE_AFTER_MS = JOB_UNREACHABLE_DAYS * 86_400_000;

/** What one reading did: stored only, closed the request, or told the seeker the posting is unreachable. */
export type LivenessOutcome = 'stored' | 'closed' | 'flagged';

/**
 * Docs/decisions/032-job-postings.md "Liveness", in the caller's transaction. The reading is stored; then,
 * only while the request is still open (a request submitted or ended meanwhile is left as it is): a closed
 * posting ends the request and its open referral as `job_closed`, frees the referrer's slot and tells both
 * sides; an unknown one never closes anything, but after JOB_UNREACHABLE_DAYS of nothing else the seeker
 * is asked, once, whether it is still open.
 */
export async function applyReading(
  tx: Db,
  deps: ReferralDeps,
  requestId: number,
  reading: JobSnapshot,
): Promise<LivenessOutcome> {
  const request = await lockRequestWithNames(tx, requestId);
  if (!request) return 'stored';
  const run = await updateRequestJob(tx, requestId, reading);
  const open = OPEN_REFERRAL_STATUSES.some((s) => s === request.status);
  if (!run || !open) return 'stored';
  const at = reading.checkedAt;
  const where = `${request.position} at ${request.companyName}`;

  if (reading.status === 'closed') {
    await setRequestStatus(tx, requestId, 'job_closed', at);
    const referral = await closeCurrentReferral(tx, requestId, at);
    await deps.notify(tx, {
      userId: request.jobSeekerId,
      title: 'Job posting closed',
      message: `The posting for ${where} has closed, so your referral request for it has ended.`,
      type: 'referral_status',
      link: SEEKER_LINK,
    });
    if (referral) {
      await deps.notify(tx, {
        userId: referral.referrerId,
        title: 'Job posting closed',
        message: `The posting for ${where} has closed, so ${request.seekerName}'s referral request for it has ended.`,
        type: 'referral_status',
        link: INCOMING_LINK,
      });
      await assignWaitingRequests(tx, deps, referral.referrerId, at, 'one freed');
    }
    return 'closed';
  }

  const unreachable = run.unknownSince && at.getTime() - run.unknownSince.getTime() >= UNREACHABLE_AFTER_MS;
  if (
    reading.status === 'unknown' &&
    unreachable &&
    !run.flaggedAt &&
    (await flagUnknownPosting(tx, requestId, at))
  ) {
    await deps.notify(tx, {
      userId: request.jobSeekerId,
      title: 'Is this posting still open?',
      message: `We could not check the posting for ${where} for ${JOB_UNREACHABLE_DAYS} days. Is it still open? Your request stays open meanwhile.`,
      type: 'referral_status',
      link: SEEKER_LINK,
    });
    return 'flagged';
  }
  return 'stored';
}
