// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IncomingRequestCard } from './incoming-request-card';
import { IncomingRequestsView } from './incoming-requests-view';
import { MyRequestCard } from './my-request-card';
import { stubBrowserApis } from '@/testing/browser-stubs';
import { aUser } from '@/testing/fixtures';
import { aRequest, fakeReferralsApi, renderReferralsUi, withReferral } from '@/testing/referrals-test-utils';

beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

const read = aRequest(3, {
  job: {
    title: 'Staff Engineer, Search',
    location: 'Zurich, Switzerland',
    status: 'open',
    checkedAt: '2025-01-05T12:00:00.000Z',
    unreachableSince: null,
  },
});

describe("a request card shows its posting's title and location", () => {
  it("on the seeker's side", async () => {
    fakeReferralsApi();
    renderReferralsUi(<MyRequestCard request={read} />);
    const card = await screen.findByRole('article', { name: 'Engineer 3' });
    expect(card).toHaveTextContent('Posting: Staff Engineer, Search · Zurich, Switzerland');
  });

  it("on the referrer's side, and nothing when the posting was never read", async () => {
    fakeReferralsApi({ incoming: [withReferral(read, 'pending'), withReferral(aRequest(4), 'pending')] });
    renderReferralsUi(
      <IncomingRequestsView
        user={aUser({ willingToGiveReferrals: true, role: 'referrer' })}
        renderProfileModal={() => null}
      />,
    );
    const card = await screen.findByRole('article', { name: 'Engineer 3' });
    expect(card).toHaveTextContent('Posting: Staff Engineer, Search · Zurich, Switzerland');
    const unread = screen.getByRole('article', { name: 'Engineer 4' });
    expect(within(unread).queryByTestId('request-job')).not.toBeInTheDocument();
  });
});

describe('a request whose posting closed or went quiet', () => {
  it("asks the seeker whether a posting unknown for 7 days is still open, and shows a closed one's badge", async () => {
    fakeReferralsApi();
    const quiet = aRequest(5, {
      job: {
        title: null,
        location: null,
        status: 'unknown',
        checkedAt: '2025-01-12T12:00:00.000Z',
        unreachableSince: '2025-01-05T12:00:00.000Z',
      },
    });
    renderReferralsUi(
      <>
        <MyRequestCard request={quiet} />
        <MyRequestCard request={withReferral(aRequest(6, { status: 'job_closed' }), 'job_closed')} />
        <MyRequestCard request={aRequest(7)} />
      </>,
    );
    const card = await screen.findByRole('article', { name: 'Engineer 5' });
    expect(card).toHaveTextContent('We could not check this posting for 7 days. Is it still open?');
    const closed = screen.getByRole('article', { name: 'Engineer 6' });
    expect(closed).toHaveTextContent('Posting closed');
    expect(within(closed).queryByTestId('job-unreachable')).not.toBeInTheDocument();
    const read = screen.getByRole('article', { name: 'Engineer 7' });
    expect(within(read).queryByTestId('job-unreachable')).not.toBeInTheDocument();
  });

  it('offers the referrer no action on a referral its posting closed', async () => {
    fakeReferralsApi();
    renderReferralsUi(
      <IncomingRequestCard
        request={withReferral(aRequest(8, { status: 'job_closed' }), 'job_closed')}
        onViewProfile={() => undefined}
      />,
    );
    const card = await screen.findByRole('article', { name: 'Engineer 8' });
    expect(card).toHaveTextContent('Posting closed');
    // The applicant's profile stays in reach; no move along the status machine is offered.
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['View Profile', 'Report', 'Block']);
  });
});
