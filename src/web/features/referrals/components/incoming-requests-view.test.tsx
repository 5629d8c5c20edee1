// @vitest-environment jsdom
import { apiPath } from '@shared/api-routes';
import { REFERRAL_STATUS_TOASTS, REQUEST_LIFECYCLE_TEXTS } from '@shared/referral-texts';
import { type ReferralRequest } from '@shared/referrals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { IncomingRequestsView } from './incoming-requests-view';
import { PARTNER_MEANING } from './incoming-request-card';
import { MISSING_REFERRAL_TEXT } from './status-actions';
import { STATUS_UPDATE_FAILED } from '../api/update-referral-status';
import { aUser } from '@/testing/fixtures';
import { aRequest, fakeReferralsApi, renderReferralsUi, withReferral } from '@/testing/referrals-test-utils';
import { stubBrowserApis } from '@/testing/browser-stubs';
import { jsonResponse } from '@/testing/fake-api';

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));
beforeEach(() => {
  vi.mocked(toast).mockClear();
  stubBrowserApis();
});
afterEach(() => vi.unstubAllGlobals());

function renderView(incoming: ReferralRequest[], answer?: () => Response) {
  const api = fakeReferralsApi({ incoming });
  if (answer) api.overrides.set('GET /api/referral-requests', answer);
  renderReferralsUi(
    <IncomingRequestsView
      user={aUser({ willingToGiveReferrals: true, role: 'referrer' })}
      renderProfileModal={({ userId, open }) =>
        open ? <p role="dialog">Profile modal of {userId}</p> : null
      }
    />,
  );
  return api;
}

const section = (name: string) => screen.findByRole('region', { name });
const buttonsOf = (card: HTMLElement) =>
  within(card)
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('IncomingRequestsView', () => {
  it('groups requests by displayed status with counts', async () => {
    renderView([
      withReferral(aRequest(1), 'pending'),
      withReferral(aRequest(2), 'pending'),
      withReferral(aRequest(3), 'accepted'),
      withReferral(aRequest(4), 'declined'),
      withReferral(aRequest(5), 'submitted'),
      withReferral(aRequest(6), 'successful'),
      withReferral(aRequest(7), 'unsuccessful'),
    ]);
    const counts: Record<string, number> = {
      'Pending Review': 2,
      'Accepted Requests': 1,
      'Declined Requests': 1,
      'Submitted Referrals': 1,
      'Successful Referrals': 1,
      'Unsuccessful Referrals': 1,
    };
    for (const [name, count] of Object.entries(counts)) {
      const region = await section(name);
      expect(within(region).getByLabelText(`${count} requests`)).toHaveTextContent(String(count));
      expect(within(region).getAllByRole('article')).toHaveLength(count);
    }
    expect(screen.queryByText('No Categorized Requests')).not.toBeInTheDocument();
  });

  it("shows the seeker's current employer as the server shaped it, hidden included (issue 50 item 4)", async () => {
    const seeker = (id: number, currentEmployer: string | null) => ({
      id,
      fullName: `Seeker ${id}`,
      email: `s${id}@example.com`,
      profilePicture: null,
      currentEmployer,
    });
    renderView([
      withReferral(aRequest(1, { jobSeeker: seeker(31, 'Initech') }), 'pending'),
      withReferral(aRequest(2, { jobSeeker: seeker(32, 'Current employer (hidden)') }), 'pending'),
      withReferral(aRequest(3, { jobSeeker: seeker(33, null) }), 'pending'),
    ]);
    const cards = within(await section('Pending Review')).getAllByRole('article');
    const lines = cards.map((card) => within(card).queryByTestId('current-employer')?.textContent ?? null);
    expect(lines.sort()).toEqual(['Current employer (hidden)', 'Current employer: Initech', null].sort());
  });

  it('reads statuses it does not know instead of failing the list (docs/product.md, Flows and statuses, issue 46 item 10)', async () => {
    // Older or foreign data: the server's own schema would refuse these, so they come as raw JSON.
    const raw = (id: number, status: string) => {
      const request = withReferral(aRequest(id), 'pending');
      return { ...request, referral: { ...request.referral, status } };
    };
    renderView([], () =>
      jsonResponse(200, [raw(1, 'approved'), raw(2, 'rejected'), raw(3, 'on_hold'), raw(4, 'pending')]),
    );
    expect(within(await section('Accepted Requests')).getByText('Engineer 1')).toBeInTheDocument();
    expect(within(await section('Declined Requests')).getByText('Engineer 2')).toBeInTheDocument();
    expect(within(await section('Pending Review')).getByText('Engineer 4')).toBeInTheDocument();
    // An unknown value is in no group, and the list is not an error.
    expect(screen.queryByText('Engineer 3')).not.toBeInTheDocument();
    expect(screen.queryByText(/Error loading referral requests/)).not.toBeInTheDocument();
  });

  it("never says 'No Categorized Requests' above a card (issue 46 item 9)", async () => {
    renderView([withReferral(aRequest(1), 'submitted'), withReferral(aRequest(2), 'successful')]);
    expect(within(await section('Submitted Referrals')).getByRole('article')).toBeInTheDocument();
    expect(within(await section('Successful Referrals')).getByRole('article')).toBeInTheDocument();
    expect(screen.queryByText('No Categorized Requests')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh Requests' })).not.toBeInTheDocument();
    // Pending Review stays, empty, where new requests land.
    expect(
      within(await section('Pending Review')).getByText('Nothing waiting for your review.'),
    ).toBeVisible();
  });

  it("says 'No Categorized Requests' when requests exist but no group shows one", async () => {
    const raw = (id: number, status: string) => {
      const request = withReferral(aRequest(id), 'pending');
      return { ...request, referral: { ...request.referral, status } };
    };
    const api = renderView([], () => jsonResponse(200, [raw(1, 'on_hold'), raw(2, 'archived')]));
    expect(await screen.findByText('No Categorized Requests')).toBeInTheDocument();
    // The empty state stands in for the empty Pending Review section, and no other section shows.
    expect(screen.queryAllByRole('region')).toHaveLength(0);
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    const before = api.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Requests' }));
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(before));
  });

  it('offers the action buttons of each status', async () => {
    renderView([
      withReferral(aRequest(1, { resumeLink: apiPath('resumeFile', { id: 9 }) }), 'pending'),
      withReferral(aRequest(2), 'accepted'),
      withReferral(aRequest(3), 'submitted'),
      withReferral(aRequest(4), 'declined'),
    ]);
    const card = async (group: string) => within(await section(group)).getByRole('article');
    // The packet is copied while the referrer works on it: pending, accepted and submitted.
    expect(buttonsOf(await card('Pending Review'))).toEqual([
      'Copy referral details',
      'View Profile',
      'Report',
      'Block',
      'Accept Referral',
      'Ask for changes',
      'Decline',
    ]);
    expect(buttonsOf(await card('Accepted Requests'))).toEqual([
      'Copy referral details',
      'View Profile',
      'Report',
      'Block',
      'Mark as Submitted',
    ]);
    expect(buttonsOf(await card('Submitted Referrals'))).toEqual([
      'Copy referral details',
      'View Profile',
      'Report',
      'Block',
      'Mark as Successful',
      'Mark as Unsuccessful',
    ]);
    expect(buttonsOf(await card('Declined Requests'))).toEqual(['View Profile', 'Report', 'Block']);
    const pending = await card('Pending Review');
    expect(within(pending).getByRole('link', { name: 'View Resume' })).toHaveAttribute('target', '_blank');
    expect(within(await card('Accepted Requests')).queryByRole('link', { name: 'View Resume' })).toBeNull();
  });

  it('accepts with feedback: PUT, the toast of docs/product.md, Messages, activity, and the card moves', async () => {
    const api = renderView([withReferral(aRequest(1, { message: 'Hi there' }), 'pending')]);
    const card = within(await section('Pending Review')).getByRole('article');
    expect(card).toHaveTextContent('Message from applicant:');
    expect(card).toHaveTextContent('Grace Hopper');
    await userEvent.click(within(card).getByRole('button', { name: 'Accept Referral' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept Referral' });
    await userEvent.type(within(dialog).getByLabelText(/Feedback for the job seeker/), 'Great fit');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(api.writes()).toEqual([
        {
          method: 'PUT',
          path: '/api/referrals/1001/status',
          body: { status: 'accepted', feedback: 'Great fit', relationship: 'referbridge_only' },
        },
      ]),
    );
    expect(toast).toHaveBeenCalledWith({
      title: 'Referral updated',
      description: REFERRAL_STATUS_TOASTS.accepted,
    });
    expect(api.activities()).toContainEqual({
      category: 'referral_action',
      action: 'accept',
      details: { referralId: 1001 },
    });
    expect(await section('Accepted Requests')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it.each([
    ['submitted', 'Mark as Successful', 'successful', 'success'],
    ['submitted', 'Mark as Unsuccessful', 'unsuccessful', 'unsuccessful'],
    ['accepted', 'Mark as Submitted', 'submitted', 'submit'],
    ['pending', 'Decline', 'declined', 'decline'],
  ] as const)('%s → %s sends %s with empty feedback', async (from, label, to, action) => {
    const api = renderView([withReferral(aRequest(1), from)]);
    await userEvent.click(await screen.findByRole('button', { name: label }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.writes()[0]?.body).toEqual({ status: to, feedback: '' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Referral updated',
        // A decline may still be undone, so its toast says when the seeker is told (issue 46 item 9).
        description:
          to === 'declined' ? REQUEST_LIFECYCLE_TEXTS.declinedUndoable : REFERRAL_STATUS_TOASTS[to],
        // A decline's toast carries its Undo (decline-reason.test.tsx presses it).
        ...(to === 'declined' ? { action: { label: 'Undo', onClick: expect.any(Function) as unknown } } : {}),
      }),
    );
    expect(api.activities()).toContainEqual({
      category: 'referral_action',
      action,
      details: { referralId: 1001 },
    });
  });

  it("shows the server's 409 text, else the failure text of docs/product.md, Messages; the dialog stays open", async () => {
    const api = renderView([withReferral(aRequest(1), 'pending')]);
    api.overrides.set('PUT /api/referrals/1001/status', () =>
      jsonResponse(409, { error: 'This referral is already accepted.' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Accept Referral' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        variant: 'destructive',
        title: 'Error',
        description: 'This referral is already accepted.',
      }),
    );
    api.overrides.set('PUT /api/referrals/1001/status', () => new Response('', { status: 500 }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        variant: 'destructive',
        title: 'Error',
        description: STATUS_UPDATE_FAILED,
      }),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('a card without a referral cannot change status', async () => {
    const api = renderView([aRequest(1)]);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept Referral' }));
    expect(toast).toHaveBeenCalledWith({
      variant: 'destructive',
      title: 'Error',
      description: MISSING_REFERRAL_TEXT,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('marks the partner company by id or by its job URL host, with fallbacks for missing names', async () => {
    renderView([
      withReferral(
        aRequest(1, { companyId: 4, company: { id: 4, name: 'Stripe', isPartner: true } }),
        'pending',
      ),
      withReferral(
        aRequest(2, {
          jobUrl: 'https://jobs.stripe.com/role/2',
          companyId: 300,
          company: { id: 300, name: '', isPartner: false },
          jobSeeker: {
            id: 21,
            fullName: '',
            email: 'x@example.com',
            profilePicture: null,
            currentEmployer: null,
          },
        }),
        'pending',
      ),
      withReferral(aRequest(3), 'pending'),
    ]);
    const [byId, byHost, plain] = within(await section('Pending Review')).getAllByRole('article');
    expect(byId).toHaveTextContent('Partner Company');
    expect(byId).toHaveAttribute('data-partner', 'true');
    // The badge says what it means, on the card and as its description (issue 46 item 9).
    expect(within(byId!).getByText(PARTNER_MEANING)).toBeInTheDocument();
    expect(within(byId!).getByText('Partner Company')).toHaveAccessibleDescription(PARTNER_MEANING);
    expect(byHost).toHaveTextContent('Partner Company');
    expect(byHost).toHaveTextContent('Unknown Company');
    expect(byHost).toHaveTextContent('Unknown User');
    expect(plain).not.toHaveTextContent('Partner Company');
    expect(plain).not.toHaveAttribute('data-partner');
  });

  it("'View Profile' opens the composed profile modal for the job seeker", async () => {
    renderView([withReferral(aRequest(1), 'pending')]);
    await userEvent.click(await screen.findByRole('button', { name: 'View Profile' }));
    expect(screen.getByText('Profile modal of 20')).toBeInTheDocument();
  });
});
