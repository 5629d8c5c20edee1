// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { BasicDashboardPage } from './basic-dashboard-page';
import { EmergencyDashboardPage } from './emergency-dashboard-page';
import { OriginalDashboardPage } from './original-dashboard-page';
import { format } from 'date-fns';
import { ReferrerDashboardPage } from './referrer-dashboard-page';
import { aUser } from '@/testing/fixtures';
import { aRequest, fakeReferralsApi, renderReferralsUi, withReferral } from '@/testing/referrals-test-utils';
import { stubBrowserApis } from '@/testing/browser-stubs';

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));
beforeEach(() => {
  vi.mocked(toast).mockClear();
  stubBrowserApis();
});
afterEach(() => vi.unstubAllGlobals());

const referrer = aUser({ id: 7, role: 'referrer', willingToGiveReferrals: true });
const LONG_URL = 'https://careers.google.com/jobs/results/1234567890-senior-engineer';

describe('referrer dashboards', () => {
  it('/referrer-dashboard shows the grouped incoming view under its header', async () => {
    fakeReferralsApi({ incoming: [withReferral(aRequest(1), 'pending')] });
    renderReferralsUi(<ReferrerDashboardPage user={referrer} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Referrer Dashboard' })).toBeInTheDocument();
    const pending = await screen.findByRole('region', { name: 'Pending Review' });
    expect(within(pending).getByRole('button', { name: 'Accept Referral' })).toBeInTheDocument();
  });

  it('/referrer-dashboard carries the invitation link under the referrer record (issue 49 item 3)', async () => {
    fakeReferralsApi({ invite: { url: 'https://referbridge.example/join/AbCdEfGhIjKlMnOp', joined: 1 } });
    renderReferralsUi(<ReferrerDashboardPage user={referrer} />);
    expect(await screen.findByRole('heading', { name: 'Invite a colleague' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your invitation link' })).toHaveValue(
      'https://referbridge.example/join/AbCdEfGhIjKlMnOp',
    );
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('/referrer-dashboard speaks to the referrer: their pause, their cap, and what waits with its deadline', async () => {
    const withDeadline = (id: number, respondBy: string) => {
      const request = withReferral(aRequest(id), 'pending');
      return { ...request, referral: { ...request.referral!, respondBy } };
    };
    fakeReferralsApi({
      incoming: [
        withDeadline(1, '2031-03-06T14:00:00.000Z'),
        withDeadline(2, '2031-03-04T09:30:00.000Z'),
        withReferral(aRequest(3), 'accepted'),
        withReferral(aRequest(4), 'changes_requested'),
      ],
    });
    const { unmount } = renderReferralsUi(
      <ReferrerDashboardPage
        user={{ ...referrer, currentCompanyName: 'Stripe' }}
        referralLoad={{ monthlyReferralCap: 4, referralsPausedUntil: '2031-03-10' }}
      />,
    );
    const summary = await screen.findByRole('region', { name: 'Your referring' });
    expect(summary).toHaveTextContent('Paused: no new requests reach you until Mon, Mar 10.');
    expect(summary).toHaveTextContent('At most 4 new requests a month.');
    expect(within(summary).getByRole('link', { name: 'Change your pause or limit' })).toHaveAttribute(
      'href',
      '/refer',
    );
    expect(await within(summary).findByTestId('waiting-for-answer')).toHaveTextContent(
      `2 requests wait for your answer; answer the next by ${format(new Date('2031-03-04T09:30:00.000Z'), 'EEE d MMM, HH:mm')}, or it passes to another referrer.`,
    );
    expect(within(summary).getByTestId('waiting-for-changes')).toHaveTextContent(
      '1 request waits for the changes you asked for; it keeps its place with you meanwhile.',
    );
    unmount();

    renderReferralsUi(
      <ReferrerDashboardPage
        user={{ ...referrer, currentCompanyName: 'Stripe' }}
        referralLoad={{ monthlyReferralCap: null, referralsPausedUntil: '2020-01-01' }}
      />,
    );
    const again = await screen.findByRole('region', { name: 'Your referring' });
    // A pause whose day has come is over.
    expect(again).toHaveTextContent('New requests at Stripe reach you.');
    expect(again).toHaveTextContent('No monthly limit on new requests.');
  });

  it('/original-dashboard adds debug information from the same query', async () => {
    const api = fakeReferralsApi({
      incoming: [withReferral(aRequest(1), 'pending'), withReferral(aRequest(2), 'accepted')],
    });
    renderReferralsUi(<OriginalDashboardPage user={referrer} />);
    await screen.findByRole('region', { name: 'Pending Review' });
    const debug = screen.getByText('Debug information').closest('[data-slot="card"]');
    expect(debug).toHaveTextContent('User id7');
    expect(debug).toHaveTextContent('Total requests2');
    expect(debug).toHaveTextContent('Pending Review1');
    expect(debug).not.toHaveTextContent('Last fetchnever');
    expect(api.calls.filter((c) => c.path.includes('role=referrer'))).toHaveLength(1);
  });

  it('/basic-dashboard lists requests in a table with job URLs cut to 40 characters', async () => {
    fakeReferralsApi({ incoming: [withReferral(aRequest(1, { jobUrl: LONG_URL }), 'pending')] });
    renderReferralsUi(<BasicDashboardPage user={referrer} />);
    const table = await screen.findByRole('table');
    // It scrolls inside its own box (a named, focusable region) rather than widening a phone's page.
    const box = screen.getByRole('region', { name: 'Referral requests table' });
    expect(box).toContainElement(table);
    expect(box).toHaveAttribute('tabindex', '0');
    const link = within(table).getByRole('link', { name: `${LONG_URL.slice(0, 40)}...` });
    expect(link).toHaveAttribute('href', LONG_URL);
    expect(LONG_URL.slice(0, 40)).toHaveLength(40);
    expect(within(table).getByRole('button', { name: 'Accept Referral' })).toBeInTheDocument();
  });

  it("/basic-dashboard says 'Server error: {status}' when the list fails", async () => {
    const api = fakeReferralsApi();
    api.overrides.set('GET /api/referral-requests', () => new Response('', { status: 503 }));
    renderReferralsUi(<BasicDashboardPage user={referrer} />);
    expect(await screen.findByText('Server error: 503')).toBeInTheDocument();
  });

  it('the emergency view has plain tables of pending and processed referrals, and links', async () => {
    fakeReferralsApi({
      incoming: [
        withReferral(aRequest(1), 'pending'),
        withReferral(aRequest(2), 'accepted'),
        withReferral(aRequest(3), 'declined'),
      ],
    });
    renderReferralsUi(<EmergencyDashboardPage />);
    const pending = await screen.findByRole('region', { name: 'Pending Referrals' });
    expect(within(pending).getAllByRole('row')).toHaveLength(2);
    const processed = screen.getByRole('region', { name: 'Processed Referrals' });
    expect(within(processed).getAllByRole('row')).toHaveLength(3);
    // Each table scrolls inside its own box (a named, focusable region) rather than widening a phone's page.
    for (const [section, name] of [
      [pending, 'Pending Referrals table'],
      [processed, 'Processed Referrals table'],
    ] as const) {
      const box = within(section).getByRole('region', { name });
      expect(box).toContainElement(within(section).getByRole('table'));
      expect(box).toHaveAttribute('tabindex', '0');
    }
    for (const [name, href] of [
      ['Dashboard', '/dashboard'],
      ['Request a Referral', '/request-referral'],
      ['My Referrals', '/my-referrals'],
    ]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it("the emergency view's error state reloads with 'Try Again'", async () => {
    const api = fakeReferralsApi();
    api.overrides.set(
      'GET /api/referral-requests',
      () => new Response('', { status: 500, statusText: 'Internal Server Error' }),
    );
    const reload = vi.fn();
    renderReferralsUi(<EmergencyDashboardPage reload={reload} />);
    expect(await screen.findByText('There was an error loading the referrer dashboard.')).toBeInTheDocument();
    expect(screen.getByText('Error fetching referrals: 500 Internal Server Error')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it("the grouped view's load error shows the sentence of docs/product.md, Messages and technical details", async () => {
    const api = fakeReferralsApi();
    api.overrides.set('GET /api/referral-requests', () => new Response('db down', { status: 500 }));
    renderReferralsUi(<ReferrerDashboardPage user={referrer} />);
    expect(
      await screen.findByText('Error loading referral requests. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.getByText('500: db down')).toBeInTheDocument();
  });
});
