import { MOCK_REFERRALS, MOCK_REQUESTS, type MockReferrer, type MockRequest } from '../mock/mock-data';

/** Sample requests first, then the ones made in this browser; the newest of each kind first. */
function allRequests(stored: readonly MockRequest[]): MockRequest[] {
  const newestFirst = (a: MockRequest, b: MockRequest) => b.createdAt.localeCompare(a.createdAt);
  return [...[...stored].sort(newestFirst), ...[...MOCK_REQUESTS].sort(newestFirst)];
}

/** The status a card shows: the referral's when there is one (docs/product.md, Data), else the request's. */
export function shownStatus(request: MockRequest): MockRequest['status'] {
  return MOCK_REFERRALS.find((r) => r.requestId === request.id)?.status ?? request.status;
}

/** A seeker's own requests. */
export function requestsBySeeker(seekerId: number, stored: readonly MockRequest[]): MockRequest[] {
  return allRequests(stored).filter((r) => r.jobSeekerId === seekerId);
}

/**
 * What waits for a referrer: sample requests assigned to them and still pending, and the pending requests
 * made in this browser for their company (the demo assigns those to every referrer there).
 */
export function pendingRequestsFor(referrer: MockReferrer, stored: readonly MockRequest[]): MockRequest[] {
  return allRequests(stored).filter((request) => {
    const referral = MOCK_REFERRALS.find((r) => r.requestId === request.id);
    if (referral) return referral.referrerId === referrer.userId && referral.status === 'pending';
    return request.companyId === referrer.companyId && request.status === 'pending';
  });
}
