// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
