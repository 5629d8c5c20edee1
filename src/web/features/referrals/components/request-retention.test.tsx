// @vitest-environment jsdom
import type { ReferralRequest } from '@shared/referrals';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MyReferralsPage } from '../my-referrals-page';
import { aUser } from '@/testing/fixtures';
import { aRequest, fakeReferralsApi, renderReferralsUi, withReferral } from '@/testing/referrals-test-utils';
import { stubBrowserApis } from '@/testing/browser-stubs';

/** Retention on the seeker's card (docs/decisions/036-retention.md): an erased request is one line. */

beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

function renderMine(mine: ReferralRequest[]) {
  fakeReferralsApi({ mine });
  renderReferralsUi(
    <MyReferralsPage user={aUser({ profileCompleted: true })} renderProfileModal={() => null} />,
    '/my-referrals',
  );
}

describe("an erased request on the seeker's card", () => {
  it('shows position, company, status and dates, says it was erased, and offers no thread', async () => {
    renderMine([
      aRequest(1, {
        status: 'successful',
        closedAt: '2026-05-01T10:00:00.000Z',
        erasedAt: '2026-10-28T10:00:00.000Z',
      }),
    ]);
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Engineer 1')).toBeInTheDocument();
    expect(within(card).getByText(/Google/)).toBeInTheDocument();
    expect(within(card).getByText('Successful')).toBeInTheDocument();
    expect(within(card).getByText('Ended on May 1, 2026')).toBeInTheDocument();
    expect(within(card).getByTestId('request-erased')).toHaveTextContent(
      'Its message, notes and messages were erased on Oct 28, 2026, as our privacy policy says.',
    );
    expect(within(card).getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy');
    expect(within(card).queryByRole('button', { name: /message/i })).toBeNull();
  });

  it('says nothing of an end while a submitted request awaits its outcome', async () => {
    renderMine([
      {
        ...withReferral(aRequest(2), 'submitted'),
        status: 'submitted',
        closedAt: '2026-05-01T10:00:00.000Z',
      },
    ]);
    const card = await screen.findByRole('article');
    expect(within(card).queryByText(/Ended on/)).toBeNull();
    expect(within(card).queryByTestId('request-erased')).toBeNull();
  });
});
