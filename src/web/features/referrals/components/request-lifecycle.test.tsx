// @vitest-environment jsdom
import {
  DECLINE_REASON_ERRORS,
  DECLINE_REASON_SENTENCES,
  REQUEST_LIFECYCLE_TEXTS,
} from '@shared/referral-texts';
import { type ReferralRequest } from '@shared/referrals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { IncomingRequestsView } from './incoming-requests-view';
import { MyReferralsPage } from '../my-referrals-page';
import { RequestReferralPage } from '../request-referral-page';
import { Route, Routes } from 'react-router';
import { aUser } from '@/testing/fixtures';
import { aRequest, fakeReferralsApi, renderReferralsUi, withReferral } from '@/testing/referrals-test-utils';
import { stubBrowserApis } from '@/testing/browser-stubs';
import { jsonResponse } from '@/testing/fake-api';

/** Issue 24 on the web: the decline's reason and Undo, and the seeker's Withdraw. */

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));
beforeEach(() => {
  vi.mocked(toast).mockClear();
  stubBrowserApis();
});
afterEach(() => vi.unstubAllGlobals());

function renderIncoming(incoming: ReferralRequest[]) {
  const api = fakeReferralsApi({ incoming });
  renderReferralsUi(
    <IncomingRequestsView
      user={aUser({ willingToGiveReferrals: true, role: 'referrer' })}
      renderProfileModal={() => null}
    />,
  );
  return api;
}

function renderMine(mine: ReferralRequest[]) {
  const api = fakeReferralsApi({ mine });
  renderReferralsUi(
    <MyReferralsPage user={aUser({ profileCompleted: true })} renderProfileModal={() => null} />,
    '/my-referrals',
  );
  return api;
}

describe('declining with a reason', () => {
  it('sends the chosen reason; other needs feedback first', async () => {
    const api = renderIncoming([withReferral(aRequest(1), 'pending')]);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog');
    const reason = within(dialog).getByRole('combobox', { name: /Reason/ });
    await userEvent.selectOptions(reason, 'other');
    expect(within(dialog).getByText(DECLINE_REASON_ERRORS.otherNeedsFeedback)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await userEvent.selectOptions(reason, 'Level does not match');
    await userEvent.type(within(dialog).getByRole('textbox'), 'Looking for staff');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(api.writes()[0]?.body).toEqual({
        status: 'declined',
        feedback: 'Looking for staff',
        reason: 'level_mismatch',
      }),
    );
    expect(await screen.findByText('Level does not match')).toBeInTheDocument();
  });

  it('sends the payload of docs/product.md, The API when no reason is chosen', async () => {
    const api = renderIncoming([withReferral(aRequest(1), 'pending')]);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.writes()[0]?.body).toEqual({ status: 'declined', feedback: '' }));
  });

  it("the toast's Undo calls the undo route and says so; a refusal shows the server's sentence", async () => {
    const api = renderIncoming([withReferral(aRequest(1), 'pending'), withReferral(aRequest(2), 'pending')]);
    const [first] = await screen.findAllByRole('button', { name: 'Decline' });
    await userEvent.click(first!);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ action: expect.anything() })),
    );
    const { action } = vi.mocked(toast).mock.calls.at(-1)![0];
    expect(action?.label).toBe('Undo');
    action!.onClick();
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Referral updated',
        description: REQUEST_LIFECYCLE_TEXTS.undone,
      }),
    );
    expect(api.writes().map((w) => `${w.method} ${w.path}`)).toContain('POST /api/referrals/1001/undo');
    // Pending again: its card offers Accept and Decline once more.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Decline' })).toHaveLength(2));

    api.overrides.set('POST /api/referrals/1001/undo', () =>
      jsonResponse(409, { error: 'The time to undo this decline has passed.' }),
    );
    action!.onClick();
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        variant: 'destructive',
        title: 'Error',
        description: 'The time to undo this decline has passed.',
      }),
    );
  });
});

describe("the card's Undo (issue 46 item 9)", () => {
  const declined = (id: number, undoUntil: string | null) => {
    const request = withReferral(aRequest(id), 'declined');
    return { ...request, referral: { ...request.referral!, undoUntil } };
  };

  it('stays on the declined card for the whole window, undoes, and goes when the window ends', async () => {
    const api = renderIncoming([declined(1, new Date(Date.now() + 60_000).toISOString())]);
    const undo = await screen.findByRole('button', { name: 'Undo decline' });
    expect(screen.getByText(/the job seeker is told after that\./)).toBeInTheDocument();
    await userEvent.click(undo);
    await waitFor(() =>
      expect(api.writes().map((w) => `${w.method} ${w.path}`)).toContain('POST /api/referrals/1001/undo'),
    );
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Referral updated',
        description: REQUEST_LIFECYCLE_TEXTS.undone,
      }),
    );
  });

  it("gives the focus to the card, back in Pending Review, after 'Undo decline' (issue 46 item 9)", async () => {
    renderIncoming([declined(7, new Date(Date.now() + 60_000).toISOString())]);
    const undo = await screen.findByRole('button', { name: 'Undo decline' });
    undo.focus();
    await userEvent.keyboard('{Enter}');
    const pending = await screen.findByRole('region', { name: 'Pending Review' });
    const card = await within(pending).findByRole('article', { name: /Engineer 7/ });
    await waitFor(() => expect(card).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Undo decline' })).not.toBeInTheDocument();
  });

  it('is gone once the window has passed, without a reload', async () => {
    renderIncoming([declined(2, new Date(Date.now() + 1500).toISOString()), declined(3, null)]);
    expect(await screen.findAllByRole('button', { name: 'Undo decline' })).toHaveLength(1);
    await waitFor(
      () => expect(screen.queryByRole('button', { name: 'Undo decline' })).not.toBeInTheDocument(),
      {
        timeout: 4000,
      },
    );
  });

  it('the decline toast says the seeker is told once the window passes, not that they were', async () => {
    renderIncoming([withReferral(aRequest(4), 'pending')]);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ description: REQUEST_LIFECYCLE_TEXTS.declinedUndoable }),
      ),
    );
  });
});

describe('withdrawing', () => {
  it('asks first, then withdraws; Cancel does nothing', async () => {
    const api = renderMine([withReferral(aRequest(5), 'pending')]);
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    let dialog = await screen.findByRole('dialog', { name: REQUEST_LIFECYCLE_TEXTS.withdrawTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.writes()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    dialog = await screen.findByRole('dialog', { name: REQUEST_LIFECYCLE_TEXTS.withdrawTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(api.writes().map((w) => `${w.method} ${w.path}`)).toContain(
        'POST /api/referral-requests/5/withdraw',
      ),
    );
    expect(toast).toHaveBeenCalledWith({
      title: 'Request withdrawn',
      description: REQUEST_LIFECYCLE_TEXTS.withdrawn,
    });
    // Withdrawn: the button is gone, and the posting may be asked for again.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument());
    expect(screen.getByText('Withdrawn')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Ask again' })).toHaveAttribute(
      'href',
      '/request-referral?companyId=1',
    );
  });

  it('gives the focus to the withdrawn card, not to the page, once the dialog closes (issue 46 item 9)', async () => {
    renderMine([withReferral(aRequest(6), 'pending'), withReferral(aRequest(8), 'accepted')]);
    const [card] = await screen.findAllByRole('article');
    const withdraw = within(card!).getByRole('button', { name: 'Withdraw' });
    withdraw.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: REQUEST_LIFECYCLE_TEXTS.withdrawTitle });
    within(dialog).getByRole('button', { name: 'Withdraw' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(card!).getByText('Withdrawn')).toBeInTheDocument());
    await waitFor(() => expect(card).toHaveFocus());
    // It stays there once everything has settled.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(card).toHaveFocus();
  });

  it('offers no Withdraw once submitted, and shows a decline reason as a sentence with the feedback', async () => {
    renderMine([
      { ...withReferral(aRequest(6), 'submitted'), status: 'submitted' },
      { ...withReferral(aRequest(7), 'declined', 'Try the platform team', 'not_a_fit'), status: 'declined' },
    ]);
    expect(await screen.findByText(DECLINE_REASON_SENTENCES.not_a_fit)).toBeInTheDocument();
    expect(screen.getByText('Try the platform team')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
  });
});

describe("'Ask again' on a withdrawn request (issue 46 item 9)", () => {
  function renderMineAndForm(mine: ReferralRequest[]) {
    const api = fakeReferralsApi({ mine });
    renderReferralsUi(
      <Routes>
        <Route
          path="/my-referrals"
          element={
            <MyReferralsPage user={aUser({ profileCompleted: true })} renderProfileModal={() => null} />
          }
        />
        <Route
          path="/request-referral"
          element={
            <RequestReferralPage resume={{ isLoading: false, fileUrl: null }} currentCompanyName={null} />
          }
        />
      </Routes>,
      '/my-referrals',
    );
    return api;
  }

  it('opens the request form filled with what the withdrawn request asked', async () => {
    const withdrawn = {
      ...aRequest(8, { position: 'Staff Engineer', message: 'I built the search at my last job.' }),
      status: 'withdrawn' as const,
    };
    renderMineAndForm([withdrawn]);
    await userEvent.click(await screen.findByRole('link', { name: 'Ask again' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/request-referral?companyId=1');
    const form = await screen.findByRole('form', { name: 'Job details' });
    expect(within(form).getByLabelText('Job URL')).toHaveValue('https://careers.google.com/jobs/8');
    expect(within(form).getByLabelText('Position')).toHaveValue('Staff Engineer');
    expect(within(form).getByLabelText(/^Message/)).toHaveValue('I built the search at my last job.');
    expect(screen.getByText(/^Asking again/)).toBeInTheDocument();
  });

  it('is not offered while another request for the posting is open, nor on requests that did not end so', async () => {
    renderMineAndForm([
      aRequest(10, { jobUrl: 'https://careers.google.com/jobs/8' }),
      { ...aRequest(8), status: 'withdrawn' },
      { ...aRequest(9), status: 'withdrawn' },
      withReferral(aRequest(11), 'pending'),
    ]);
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(4);
    expect(screen.getAllByRole('link', { name: 'Ask again' })).toHaveLength(1);
    expect(
      within(screen.getByRole('article', { name: /Engineer 9/ })).getByRole('link', { name: 'Ask again' }),
    ).toBeInTheDocument();
  });
});
