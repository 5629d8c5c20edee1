// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { aUser } from '@/testing/fixtures';
import { fakeReferralsApi, renderReferralsUi } from '@/testing/referrals-test-utils';
import { IncomingRequestsView } from './incoming-requests-view';
import { stubBrowserApis } from '@/testing/browser-stubs';
import { jsonResponse } from '@/testing/fake-api';

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));
beforeEach(() => {
  vi.mocked(toast).mockClear();
  stubBrowserApis();
});
afterEach(() => vi.unstubAllGlobals());

const unverified = {
  verified: false,
  method: null,
  companyName: 'Google',
  verifiedUntil: null,
  renewable: false,
};
// Noon UTC: the same day in the reader's zone wherever the tests run (bar the Pacific's far east).
const UNTIL = '2031-03-01T12:00:00.000Z';
const verified = {
  verified: true,
  method: 'sign-in-email',
  companyName: 'Google',
  verifiedUntil: UNTIL,
  renewable: false,
};

function renderView(status: object) {
  const api = fakeReferralsApi();
  api.overrides.set('GET /api/referrer/verification', () => jsonResponse(200, status));
  renderReferralsUi(
    <IncomingRequestsView user={aUser({ willingToGiveReferrals: true, role: 'referrer' })} />,
  );
  return api;
}

describe('VerificationBadge in the incoming view', () => {
  it("shows 'Verified until' the lapse, in the reader's time, for a verified referrer", async () => {
    renderView(verified);
    expect(await screen.findByText('Verified until 1 Mar 2031')).toBeInTheDocument();
    expect(screen.queryByText('Pending Verification')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Renew' })).not.toBeInTheDocument();
  });

  it("offers 'Renew' near the lapse, through the work-email dialog", async () => {
    const api = renderView({ ...verified, method: 'work-email', renewable: true });
    api.overrides.set('POST /api/referrer/verification', () =>
      jsonResponse(200, { sentTo: 'me@google.com', expiresInMinutes: 15 }),
    );
    api.overrides.set('POST /api/referrer/verification/confirm', () =>
      jsonResponse(200, { ...verified, method: 'work-email', verifiedUntil: '2032-02-29T12:00:00.000Z' }),
    );
    expect(await screen.findByText('Verified until 1 Mar 2031')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Renew' }));
    expect(screen.getByRole('dialog', { name: 'Verify with your work email' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Work email'), 'me@google.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await screen.findByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Verified until 29 Feb 2032')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Renew' })).not.toBeInTheDocument();
  });

  it("shows a lapsed verification as 'Pending Verification', with the way to verify again", async () => {
    renderView(unverified);
    await userEvent.click(await screen.findByRole('button', { name: /Pending Verification/ }));
    expect(screen.getByRole('dialog', { name: 'Verify with your work email' })).toBeInTheDocument();
    expect(screen.queryByText(/Verified until/)).not.toBeInTheDocument();
  });

  it('shows nothing for a user who is not a referrer', async () => {
    const api = renderView({ verified: false, method: null, companyName: null });
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/referrer/verification')).toBe(true));
    expect(screen.queryByText('Pending Verification')).not.toBeInTheDocument();
    expect(screen.queryByText(/Verified/)).not.toBeInTheDocument();
  });

  it('verifies by work email: send code, then verify, then the badge says Verified', async () => {
    const api = renderView(unverified);
    api.overrides.set('POST /api/referrer/verification', () =>
      jsonResponse(200, { sentTo: 'me@google.com', expiresInMinutes: 15 }),
    );
    api.overrides.set('POST /api/referrer/verification/confirm', () =>
      jsonResponse(200, { ...verified, method: 'work-email' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: /Pending Verification/ }));
    expect(screen.getByRole('dialog', { name: 'Verify with your work email' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Work email'), 'me@google.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/We sent a code to me@google.com/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Verified until 1 Mar 2031')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.writes().map((c) => [c.path, c.body])).toEqual([
      ['/api/referrer/verification', { workEmail: 'me@google.com' }],
      ['/api/referrer/verification/confirm', { code: '123456' }],
    ]);
  });

  it("shows the server's sentence when the address is refused", async () => {
    const api = renderView(unverified);
    const error = 'Use your Google email address: it must end in @google.com (or a subdomain of it).';
    api.overrides.set('POST /api/referrer/verification', () => jsonResponse(400, { error }));
    await userEvent.click(await screen.findByRole('button', { name: /Pending Verification/ }));
    await userEvent.type(screen.getByLabelText('Work email'), 'me@gmail.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(error);
    expect(screen.getByLabelText('Work email')).toBeInTheDocument();
  });
});
