import { PARTNER_COMPANY_ID, fallbackCompanyName } from '@shared/companies';
import { isPartnerJobUrl } from '@shared/job-url';
import { displayStatus } from '@shared/referral-status';
import { type ShownReferralRequest } from '@shared/referrals';
import { format } from 'date-fns';

/** Referral dates: short month, day, year ('Jan 5, 2025'; docs/product.md, Validation). */
export function formatRequestDate(iso: string): string {
  return format(new Date(iso), 'MMM d, yyyy');
}

/** A deadline in the reader's own time: 'Thu 3 Dec, 14:00'. */
export function formatAnswerBy(iso: string): string {
  return format(new Date(iso), 'EEE d MMM, HH:mm');
}

/** 'Verified until 1 Mar 2031', in the reader's own time (docs/decisions/035-verification-lapse.md). */
export function formatVerifiedUntil(iso: string): string {
  return format(new Date(iso), 'd MMM yyyy');
}

/** Whether `now` is in the last quarter of the time from `start` to `end`, or past it. */
export function isLastQuarter(start: string, end: string, now: Date): boolean {
  const from = new Date(start).getTime();
  const to = new Date(end).getTime();
  return now.getTime() >= to - (to - from) / 4;
}

/** docs/product.md, Screens: the partner company (id 4), also recognised by its host in the job URL. */
export function isPartnerRequest(request: Pick<ShownReferralRequest, 'companyId' | 'company' | 'jobUrl'>) {
  return (
    request.company.isPartner || request.companyId === PARTNER_COMPANY_ID || isPartnerJobUrl(request.jobUrl)
  );
}

export function companyNameOf(
  request: Pick<ShownReferralRequest, 'companyId' | 'company'>,
  fallback: string,
) {
  return request.company.name || fallbackCompanyName(request.companyId) || fallback;
}

/** The basic dashboard shows job URLs cut to 40 characters (docs/product.md, Limits). */
export const JOB_URL_DISPLAY_MAX = 40;
export function truncateUrl(url: string, max = JOB_URL_DISPLAY_MAX): string {
  return url.length > max ? `${url.slice(0, max)}...` : url;
}

export type RequestGroupKey =
  | 'pending'
  | 'changes_requested'
  | 'accepted'
  | 'declined'
  | 'submitted'
  | 'successful'
  | 'unsuccessful'
  | 'closed';

export const REQUEST_GROUPS: readonly { key: RequestGroupKey; title: string }[] = [
  { key: 'pending', title: 'Pending Review' },
  // Issue 50 item 1: sent back for changes, waiting on the applicant's resubmit.
  { key: 'changes_requested', title: 'Waiting for Changes' },
  { key: 'accepted', title: 'Accepted Requests' },
  { key: 'declined', title: 'Declined Requests' },
  { key: 'submitted', title: 'Submitted Referrals' },
  { key: 'successful', title: 'Successful Referrals' },
  { key: 'unsuccessful', title: 'Unsuccessful Referrals' },
  // Beyond docs/product.md, Screens: what left the referrer without their answer (passed on, withdrawn, posting closed).
  { key: 'closed', title: 'Passed On or Closed' },
];

/** A referrer's card for a request that has since passed to someone else; their own declines excepted. */
export function isPassedOn(request: Pick<ShownReferralRequest, 'referral'>): boolean {
  return request.referral?.passedOnAt != null && request.referral.status !== 'declined';
}

const CLOSED_STATUSES: readonly string[] = ['expired', 'withdrawn', 'job_closed'];

/** Older data may say approved or rejected: they count as accepted and declined (docs/product.md, Screens). */
function groupOf(status: string): RequestGroupKey | undefined {
  if (status === 'approved') return 'accepted';
  if (status === 'rejected') return 'declined';
  if (CLOSED_STATUSES.includes(status)) return 'closed';
  return REQUEST_GROUPS.find((g) => g.key === status)?.key;
}

export function groupRequests(requests: readonly ShownReferralRequest[]) {
  const groups: Record<RequestGroupKey, ShownReferralRequest[]> = {
    pending: [],
    changes_requested: [],
    accepted: [],
    declined: [],
    submitted: [],
    successful: [],
    unsuccessful: [],
    closed: [],
  };
  for (const request of requests) {
    const key = isPassedOn(request) ? 'closed' : groupOf(displayStatus(request));
    if (key) groups[key].push(request);
  }
  return groups;
}

/**
 * docs/product.md, Screens: 'No Categorized Requests' when requests exist but none is pending, accepted or
 * declined. Read as none in any group shown (docs/decisions/066-no-categorized-requests.md): the text never
 * stands above a card of another group, so it is said only when every request has a status no group shows.
 */
export function hasNoCategorized(requests: readonly ShownReferralRequest[]) {
  const g = groupRequests(requests);
  return requests.length > 0 && Object.values(g).every((group) => group.length === 0);
}

/** A status as the groups and actions read it: approved is accepted, rejected is declined. */
export function normalizeStatus(status: string): string {
  return groupOf(status) ?? status;
}
