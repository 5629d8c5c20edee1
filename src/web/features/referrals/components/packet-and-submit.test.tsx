// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IncomingRequestsView } from './incoming-requests-view';
import { aUser } from '@/testing/fixtures';
import { aRequest, fakeReferralsApi, renderReferralsUi, withReferral } from '@/testing/referrals-test-utils';
import { stubBrowserApis } from '@/testing/browser-stubs';

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));
beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

function renderView(status: 'pending' | 'accepted') {
  const request = withReferral(aRequest(1), status);
  const api = fakeReferralsApi({ incoming: [request] });
  renderReferralsUi(
    <IncomingRequestsView
      user={aUser({ willingToGiveReferrals: true, role: 'referrer' })}
      renderProfileModal={() => null}
    />,
  );
  return { api, request };
}

describe('the referral packet and the candidate id', () => {
  it("copies the packet's text to the clipboard", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderView('accepted');
    await userEvent.click(await screen.findByRole('button', { name: 'Copy referral details' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith('Candidate: Grace Hopper\nEmail: grace@example.com'),
    );
  });

  it('sends the candidate id with Mark as Submitted', async () => {
    const { api, request } = renderView('accepted');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as Submitted' }));
    await userEvent.type(screen.getByLabelText(/Referral or candidate id/), ' R-4711 ');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(api.writes().map((c) => c.body)).toContainEqual({
        status: 'submitted',
        feedback: '',
        candidateId: 'R-4711',
      }),
    );
    expect(api.writes()[0]?.path).toBe(`/api/referrals/${request.referral!.id}/status`);
  });
});
