// @vitest-environment jsdom
import { NO_COMPANY_FOR_WILLINGNESS } from '@shared/referral-texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { MyReferralsPage } from './my-referrals-page';
import { WILLINGNESS_FAILED } from './api/update-willingness';
import { RequireAuth } from '@/lib/require-auth';
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

function renderPage(user = aUser(), path = '/my-referrals') {
  return renderReferralsUi(
    <MyReferralsPage
      user={user}
      renderProfileModal={({ userId, open }) => (open ? <p>Profile modal of {userId}</p> : null)}
    />,
    path,
  );
}

describe('MyReferralsPage, My Requests', () => {
  it('has the header links, the incomplete-profile banner and the empty state', async () => {
    fakeReferralsApi();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'My Referrals' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Request New Referral' })).toHaveAttribute(
      'href',
      '/request-referral',
    );
    expect(screen.getByText('Your profile is not complete')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Complete Profile' })).toHaveAttribute('href', '/profile/edit');
    expect(screen.getByRole('tab', { name: 'My Requests' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Loading your referral requests...')).toBeInTheDocument();
    expect(await screen.findByText('No referral requests yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a Referral' })).toHaveAttribute(
      'href',
      '/request-referral',
    );
    expect(screen.getByRole('heading', { name: 'Tips for Success' })).toBeInTheDocument();
    expect(screen.getByText('Follow Up Appropriately')).toBeInTheDocument();
    expect(screen.getByText('Be Ready for Interviews')).toBeInTheDocument();
  });

  it('hides the banner when the profile is complete', async () => {
    fakeReferralsApi();
    renderPage(aUser({ profileCompleted: true }));
    await screen.findByText('No referral requests yet');
    expect(screen.queryByText('Your profile is not complete')).not.toBeInTheDocument();
  });

  it('shows a card per request with status, date, message, job link and referrer feedback', async () => {
    fakeReferralsApi({
      mine: [
        withReferral(aRequest(2, { message: 'Please refer me' }), 'accepted', 'Happy to help'),
        aRequest(1, { company: { id: 77, name: '', isPartner: false }, companyId: 77 }),
      ],
    });
    renderPage();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    const [first, second] = cards;
    expect(first).toHaveAccessibleName('Engineer 2');
    expect(first).toHaveTextContent('Google');
    expect(first).toHaveTextContent('Accepted');
    expect(first).toHaveTextContent('Requested on Jan 5, 2025');
    expect(first).toHaveTextContent('Please refer me');
    expect(first).toHaveTextContent('Referrer: Ada');
    expect(first).toHaveTextContent('Happy to help');
    const link = within(first!).getByRole('link', { name: 'View Job Posting' });
    expect(link).toHaveAttribute('href', 'https://careers.google.com/jobs/2');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(second).toHaveTextContent('Company');
    expect(second).toHaveTextContent('Pending');
  });

  it('shows the hand-off history, and Expired when nobody answered', async () => {
    fakeReferralsApi({
      mine: [
        withReferral(
          aRequest(4, {
            handoffs: [
              {
                referrerFirstName: 'Rita',
                outcome: 'declined',
                at: '2026-11-23T10:00:00.000Z',
                declineReason: null,
                feedback: null,
              },
              {
                referrerFirstName: 'Wes',
                outcome: 'withdrawn',
                at: '2026-11-24T10:00:00.000Z',
                declineReason: null,
                feedback: null,
              },
            ],
          }),
          'pending',
        ),
        aRequest(3, {
          status: 'expired',
          handoffs: [
            {
              referrerFirstName: 'Rita',
              outcome: 'declined',
              at: '2026-11-23T10:00:00.000Z',
              declineReason: null,
              feedback: null,
            },
            {
              referrerFirstName: 'Bob',
              outcome: 'expired',
              at: '2026-11-28T10:00:00.000Z',
              declineReason: null,
              feedback: null,
            },
          ],
        }),
      ],
    });
    renderPage();
    const [passed, expired] = await screen.findAllByRole('article');
    expect(passed).toHaveTextContent('Pending');
    expect(passed).toHaveTextContent('Referrer: Ada');
    expect(
      within(within(passed!).getByRole('list', { name: 'Referrer history' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Passed on from Rita (declined) on Nov 23, 2026',
      // A referrer who stopped referring (left, suspended, a block): never 'no answer', never why.
      'Passed on from Wes (no longer referring) on Nov 24, 2026',
    ]);
    expect(expired).toHaveTextContent('Expired');
    const items = within(expired!).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Passed on from Rita (declined) on Nov 23, 2026',
      'Closed after Bob (no answer) on Nov 28, 2026',
    ]);
  });

  it("the refresh action toasts 'Refreshing data' and refetches", async () => {
    const api = fakeReferralsApi();
    renderPage();
    await screen.findByText('No referral requests yet');
    const before = api.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(toast).toHaveBeenCalledWith({ title: 'Refreshing data' });
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(before));
  });
});

/** As the app renders it: the user comes from the auth status, so a change to it shows at once. */
function renderSignedIn(path = '/my-referrals?tab=incoming') {
  return renderReferralsUi(<RequireAuth>{(user) => <MyReferralsPage user={user} />}</RequireAuth>, path);
}

const willingness = () =>
  screen.findByRole('checkbox', { name: 'I am willing to give referrals for my organization' });

/** The badge's first answer (not a referrer yet) is in, and showed nothing. */
async function verificationAsked(api: ReturnType<typeof fakeReferralsApi>) {
  await screen.findByText('No referral requests received');
  await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('/api/referrer/verification'));
  expect(screen.queryByText(/Verif/)).not.toBeInTheDocument();
}

describe('MyReferralsPage, willingness', () => {
  it('the checkbox shows its new state at once, before the server answers', async () => {
    const api = fakeReferralsApi();
    let answer: (response: Response) => void = () => {};
    api.overrides.set('PUT /api/users/7/willingness-to-give-referrals', () => {
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    renderSignedIn();
    const box = await willingness();
    await userEvent.click(box);
    expect(box).toBeChecked();
    expect(screen.getByText('Currently active')).toBeInTheDocument();
    expect(toast).not.toHaveBeenCalled();
    api.state.user = { ...api.state.user, willingToGiveReferrals: true, role: 'referrer' };
    answer(jsonResponse(200, api.state.user));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Preferences updated' }));
    expect(box).toBeChecked();
  });

  it('goes back to its old state with the error toast when the server refuses', async () => {
    const api = fakeReferralsApi();
    let answer: (response: Response) => void = () => {};
    api.overrides.set('PUT /api/users/7/willingness-to-give-referrals', () => {
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    renderSignedIn();
    const box = await willingness();
    await userEvent.click(box);
    expect(box).toBeChecked();
    answer(jsonResponse(500, { error: 'boom' }));
    await waitFor(() => expect(box).not.toBeChecked());
    expect(screen.queryByText('Currently active')).not.toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith({
      variant: 'destructive',
      title: 'Error',
      description: WILLINGNESS_FAILED,
    });
  });

  it("shows 'Pending Verification' as soon as willingness is on, without a reload", async () => {
    const api = fakeReferralsApi({ user: aUser({ currentCompanyName: 'Google' }) });
    renderSignedIn();
    await verificationAsked(api);
    // Turning willingness on makes the user a referrer at Google, whose verification is pending.
    api.state.verification = {
      verified: false,
      method: null,
      companyName: 'Google',
      verifiedUntil: null,
      renewable: false,
    };
    await userEvent.click(await willingness());
    expect(
      await screen.findByRole('button', { name: 'Pending Verification: verify with your work email' }),
    ).toBeInTheDocument();
  });

  it("shows 'Verified until' at once for a referrer whose email verifies them", async () => {
    const api = fakeReferralsApi({ user: aUser({ currentCompanyName: 'Google' }) });
    renderSignedIn();
    await verificationAsked(api);
    api.state.verification = {
      verified: true,
      method: 'sign-in-email',
      companyName: 'Google',
      verifiedUntil: '2031-03-01T12:00:00.000Z',
      renewable: false,
    };
    await userEvent.click(await willingness());
    expect(await screen.findByText('Verified until 1 Mar 2031')).toBeInTheDocument();
  });
});

describe('MyReferralsPage, Incoming Requests', () => {
  it('opens on ?tab=incoming and switching tabs updates the URL', async () => {
    fakeReferralsApi();
    renderPage(aUser(), '/my-referrals?tab=incoming');
    expect(screen.getByRole('tab', { name: 'Incoming Requests' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Referrer Mode')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'My Requests' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/my-referrals$/);
    await userEvent.click(screen.getByRole('tab', { name: 'Incoming Requests' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/my-referrals?tab=incoming');
  });

  it("empty and not willing: 'Enable Referrals' turns willingness on", async () => {
    const api = fakeReferralsApi();
    renderPage(aUser(), '/my-referrals?tab=incoming');
    expect(await screen.findByText('No referral requests received')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enable Referrals' }));
    await waitFor(() =>
      expect(api.writes()).toEqual([
        { method: 'PUT', path: '/api/users/7/willingness-to-give-referrals', body: { isWilling: true } },
      ]),
    );
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Preferences updated' }));
  });

  it("empty and willing: 'Currently active' and the open-to-requests text", async () => {
    fakeReferralsApi();
    renderPage(aUser({ willingToGiveReferrals: true }), '/my-referrals?tab=incoming');
    expect(await screen.findByText("You're open to receiving referral requests")).toBeInTheDocument();
    expect(
      screen.getByRole('checkbox', { name: 'I am willing to give referrals for my organization' }),
    ).toBeChecked();
    expect(screen.getByText('Currently active')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enable Referrals' })).not.toBeInTheDocument();
  });

  it('the willingness checkbox sends the PUT and logs the toggle', async () => {
    const api = fakeReferralsApi();
    renderPage(aUser(), '/my-referrals?tab=incoming');
    const box = screen.getByRole('checkbox', { name: 'I am willing to give referrals for my organization' });
    expect(box).not.toBeChecked();
    expect(screen.queryByText('Currently active')).not.toBeInTheDocument();
    await userEvent.click(box);
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Preferences updated' }));
    expect(api.writes()[0]).toMatchObject({ body: { isWilling: true } });
    expect(api.activities()).toContainEqual({
      category: 'user_preference',
      action: 'willingness_toggle',
      details: { isWilling: true },
    });
  });

  it("shows the server's 409 text, else the failure text of docs/product.md, Messages", async () => {
    const api = fakeReferralsApi();
    const path = '/api/users/7/willingness-to-give-referrals';
    api.overrides.set(`PUT ${path}`, () => jsonResponse(409, { error: NO_COMPANY_FOR_WILLINGNESS }));
    renderPage(aUser(), '/my-referrals?tab=incoming');
    const box = screen.getByRole('checkbox', { name: 'I am willing to give referrals for my organization' });
    await userEvent.click(box);
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        variant: 'destructive',
        title: 'Error',
        description: NO_COMPANY_FOR_WILLINGNESS,
      }),
    );
    api.overrides.set(`PUT ${path}`, () => jsonResponse(500, { error: 'boom' }));
    await userEvent.click(box);
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        variant: 'destructive',
        title: 'Error',
        description: WILLINGNESS_FAILED,
      }),
    );
  });
});
