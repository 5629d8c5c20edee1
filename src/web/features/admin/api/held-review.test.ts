import type { AdminHeldMessage, AdminHeldRequest } from '@shared/held-review';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { getHeldMessages } from './get-held-messages';
import { getHeldRequests } from './get-held-requests';
import { rejectHeldMessage } from './reject-held-message';
import { rejectHeldRequest } from './reject-held-request';
import { releaseHeldMessage } from './release-held-message';
import { releaseHeldRequest } from './release-held-request';

afterEach(() => vi.unstubAllGlobals());

const at = '2026-11-26T10:00:00.000Z';
const person = (id: number, fullName: string) => ({ id, fullName, email: `${id}@example.com` });
const request: AdminHeldRequest = {
  id: 4,
  status: 'held',
  seeker: person(2, 'Sam Seeker'),
  company: { id: 1, name: 'Google' },
  position: 'Engineer',
  jobUrl: 'https://careers.google.com/jobs/4',
  message: 'I will pay $300 for a referral.',
  rule: 'pay-verb',
  createdAt: at,
  reviewedAt: null,
  rejectionReason: null,
};
const message: AdminHeldMessage = {
  id: 9,
  status: 'held',
  body: 'Happy to Venmo you for your time.',
  rule: 'payment-app',
  createdAt: at,
  referralId: 3,
  sender: person(2, 'Sam Seeker'),
  senderRole: 'seeker',
  recipient: person(5, 'Rita Ref'),
  request: { id: 4, position: 'Engineer', companyName: 'Google' },
  reviewedAt: null,
  rejectionReason: null,
};

/** The console's calls for what payment offers held (issue 25 item 6), against the route table. */
describe('the admin API of held requests and messages', () => {
  it('lists, releases and rejects held requests with the bodies the server takes', async () => {
    const api = fakeApi({
      adminHeldRequests: () => [request],
      releaseHeldRequest: () => ({ ...request, status: 'pending', reviewedAt: at, outcome: 'waiting' }),
      rejectHeldRequest: ({ body }) => ({
        ...request,
        status: 'rejected',
        reviewedAt: at,
        rejectionReason: (body as { reason: string }).reason,
      }),
    });
    expect(await getHeldRequests({ limit: 50 })).toEqual([request]);
    await getHeldRequests({ limit: 50, after: 4 });
    expect((await releaseHeldRequest({ id: 4 })).outcome).toBe('waiting');
    await releaseHeldRequest({ id: 4, note: 'Not an offer.' });
    expect((await rejectHeldRequest({ id: 4, reason: 'No money here.' })).rejectionReason).toBe(
      'No money here.',
    );
    expect(api.calls).toEqual([
      { method: 'GET', path: '/api/admin/requests?status=held&limit=50', body: undefined },
      { method: 'GET', path: '/api/admin/requests?status=held&limit=50&after=4', body: undefined },
      { method: 'POST', path: '/api/admin/requests/4/release', body: {} },
      { method: 'POST', path: '/api/admin/requests/4/release', body: { note: 'Not an offer.' } },
      { method: 'POST', path: '/api/admin/requests/4/reject', body: { reason: 'No money here.' } },
    ]);
  });

  it('lists, releases and rejects held messages', async () => {
    const api = fakeApi({
      adminHeldMessages: () => [message],
      releaseHeldMessage: () => ({ ...message, status: 'delivered', reviewedAt: at }),
      rejectHeldMessage: () => ({ ...message, status: 'rejected', reviewedAt: at, rejectionReason: 'No.' }),
    });
    expect(await getHeldMessages({ limit: 50, after: 8 })).toEqual([message]);
    expect((await releaseHeldMessage({ id: 9 })).status).toBe('delivered');
    expect((await rejectHeldMessage({ id: 9, reason: 'No.' })).status).toBe('rejected');
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/admin/messages?status=held&limit=50&after=8',
      'POST /api/admin/messages/9/release',
      'POST /api/admin/messages/9/reject',
    ]);
  });
});
