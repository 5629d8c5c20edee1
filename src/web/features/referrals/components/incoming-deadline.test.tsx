// @vitest-environment jsdom
import { type ReferralRequest } from '@shared/referrals';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IncomingRequestsView } from './incoming-requests-view';
import { isLastQuarter } from '../utils/referral-display';
import { aUser } from '@/testing/fixtures';
import { aRequest, fakeReferralsApi, renderReferralsUi, withReferral } from '@/testing/referrals-test-utils';
import { stubBrowserApis } from '@/testing/browser-stubs';

/** Issue 24 item 4: the deadline on a pending card, and the card left behind when a request passed on. */

beforeEach(() => {
  stubBrowserApis();
  vi.stubEnv('TZ', 'UTC');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

function renderView(incoming: ReferralRequest[]) {
  fakeReferralsApi({ incoming });
  renderReferralsUi(
    <IncomingRequestsView
      user={aUser({ willingToGiveReferrals: true, role: 'referrer' })}
      renderProfileModal={() => null}
    />,
  );
}

function pending(id: number, assignedAt: string, respondBy: string): ReferralRequest {
  const request = withReferral(aRequest(id, { message: 'Hello there' }), 'pending');
  return { ...request, referral: { ...request.referral!, createdAt: assignedAt, respondBy } };
}

describe('the deadline on a pending card', () => {
  it("says 'Answer by' in the reader's time, plain until the last quarter, then amber", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-01T15:00:00Z') });
    renderView([
      // Three days to answer, two of them left: plain.
      pending(1, '2026-11-30T14:00:00.000Z', '2026-12-03T14:00:00.000Z'),
      // Four days to answer, under one left: amber.
      pending(2, '2026-11-28T00:00:00.000Z', '2026-12-02T00:00:00.000Z'),
    ]);
    const early = await screen.findByText('Answer by Thu 3 Dec, 14:00');
    expect(early).not.toHaveAttribute('data-late');
    const late = screen.getByText('Answer by Wed 2 Dec, 00:00');
    expect(late).toHaveAttribute('data-late', 'true');
  });

  it('the last quarter begins exactly three quarters of the way', () => {
    const start = '2026-12-01T00:00:00.000Z';
    const end = '2026-12-05T00:00:00.000Z';
    expect(isLastQuarter(start, end, new Date('2026-12-03T23:59:59.999Z'))).toBe(false);
    expect(isLastQuarter(start, end, new Date('2026-12-04T00:00:00.000Z'))).toBe(true);
    expect(isLastQuarter(start, end, new Date('2026-12-06T00:00:00.000Z'))).toBe(true);
  });
});

describe('a request that passed on', () => {
  it("stays in the earlier referrer's list as 'Passed on', without contact, message or actions", async () => {
    const base = withReferral(aRequest(3, { message: null, resumeLink: null }), 'expired');
    renderView([
      {
        ...base,
        jobSeeker: { ...base.jobSeeker, email: null },
        referral: { ...base.referral!, passedOnAt: '2026-11-28T10:00:00.000Z' },
      },
    ]);
    const region = await screen.findByRole('region', { name: 'Passed On or Closed' });
    const card = within(region).getByRole('article');
    expect(within(card).getByText('Passed on')).toBeInTheDocument();
    expect(within(card).getByText('Passed on to another referrer on Nov 28, 2026.')).toBeInTheDocument();
    expect(within(card).queryByText('Message from applicant:')).not.toBeInTheDocument();
    expect(within(card).queryByText(/Answer by/)).not.toBeInTheDocument();
    expect(
      within(card)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['View Job Posting']);
    expect(within(card).queryAllByRole('button')).toEqual([]);
  });

  it('a declined card that passed on stays under Declined Requests', async () => {
    const base = withReferral(aRequest(4), 'declined', 'Not my team');
    renderView([{ ...base, referral: { ...base.referral!, passedOnAt: '2026-11-28T10:00:00.000Z' } }]);
    const region = await screen.findByRole('region', { name: 'Declined Requests' });
    expect(within(region).getByText('Declined')).toBeInTheDocument();
  });
});
