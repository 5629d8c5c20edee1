import { ReferralStatusSchema } from '@shared/referral-status';
import { ReferralRequestSchema } from '@shared/referrals';
import { useCallback, useState } from 'react';
import { z } from 'zod';
import type { MockRequest } from '../mock/mock-data';

/** docs/product.md, Screens: the demo's requests stay in this browser under a key no real screen reads. */
export const MOCK_REQUESTS_STORAGE_KEY = 'referbridge:mock-referral-requests';

/**
 * A real request's fields, as the demo keeps them: a message always, any date text, and only the statuses
 * a referral has (the demo has no admin to hold or reject one).
 */
const StoredRequestsSchema = z.array(
  ReferralRequestSchema.pick({
    id: true,
    jobSeekerId: true,
    companyId: true,
    position: true,
    jobUrl: true,
  }).extend({ status: ReferralStatusSchema, message: z.string(), createdAt: z.string() }),
);

/** What was stored, or nothing when storage is empty, unavailable or holds something else. */
export function readStoredRequests(): MockRequest[] {
  try {
    const raw = window.localStorage.getItem(MOCK_REQUESTS_STORAGE_KEY);
    if (!raw) return [];
    const parsed = StoredRequestsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function writeStoredRequests(requests: MockRequest[]): void {
  try {
    window.localStorage.setItem(MOCK_REQUESTS_STORAGE_KEY, JSON.stringify(requests));
  } catch {
    // Private mode or a full quota: the demo keeps working for this visit.
  }
}

export type NewMockRequest = Omit<MockRequest, 'id' | 'status' | 'createdAt'>;

/** The demo requests made in this browser, newest first, and a way to add one. */
export function useMockRequests() {
  const [requests, setRequests] = useState<MockRequest[]>(readStoredRequests);
  const addRequest = useCallback((input: NewMockRequest): MockRequest => {
    const stored = readStoredRequests();
    const request: MockRequest = {
      ...input,
      id: Math.max(2000, ...stored.map((r) => r.id)) + 1,
      status: 'pending',
      createdAt: new Date().toISOString(),
    };
    const next = [request, ...stored];
    writeStoredRequests(next);
    setRequests(next);
    return request;
  }, []);
  return { requests, addRequest };
}
