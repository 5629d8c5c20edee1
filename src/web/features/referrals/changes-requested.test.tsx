// @vitest-environment jsdom
import { apiPath } from '@shared/api-routes';
import { CHANGE_SENTENCES, CHANGES_ERRORS, CHANGES_TEXTS } from '@shared/referral-changes';
import type { ReferralRequest } from '@shared/referrals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IncomingRequestsView } from './components/incoming-requests-view';
import { MyReferralsPage } from './my-referrals-page';
import { aUser } from '@/testing/fixtures';
import { aRequest, fakeReferralsApi, renderReferralsUi, withReferral } from '@/testing/referrals-test-utils';
import { stubBrowserApis } from '@/testing/browser-stubs';

/** Issue 50 item 1 (docs/decisions/084-changes-requested.md), on the web: both cards and both moves. */

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));
beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

const SLOW = { timeout: 4000 };
const DUE = '2027-01-12T10:00:00.000Z';

function waitingOnChanges(rounds = 1): ReferralRequest {
  const request = withReferral(aRequest(1), 'changes_requested', 'Name the Kafka work.');
  return {
    ...request,
    status: 'changes_requested',
    referral: {
      ...request.referral!,
      changes: ['missing_keywords', 'other'],
      changeRounds: rounds,
      resubmitBy: DUE,
    },
  };
}

function renderIncoming(request: ReferralRequest) {
  const api = fakeReferralsApi({ incoming: [request] });
  renderReferralsUi(
    <IncomingRequestsView
      user={aUser({ willingToGiveReferrals: true, role: 'referrer' })}
      renderProfileModal={() => null}
    />,
  );
  return api;
}

describe("the referrer's card", () => {
  it('asks for changes through the dialog: one at least, other with feedback', async () => {
    const api = renderIncoming(withReferral(aRequest(1), 'pending'));
    await userEvent.click(await screen.findByRole('button', { name: CHANGES_TEXTS.askForChanges }));
    const dialog = screen.getByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    expect(within(dialog).getByText(CHANGES_ERRORS.none)).toBeInTheDocument();
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Missing keywords from the posting' }),
    );
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Something else (please explain)' }));
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox'), 'Link the demo.');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(api.writes().map((c) => c.body)).toContainEqual({
        status: 'changes_requested',
        feedback: 'Link the demo.',
        changes: ['missing_keywords', 'other'],
      }),
    );
    expect(await screen.findByText(CHANGES_TEXTS.waitingOnSeeker, {}, SLOW)).toBeInTheDocument();
  });

  it('shows the request as waiting on the applicant, with what was asked and until when', async () => {
    renderIncoming(waitingOnChanges());
    expect(await screen.findByText(CHANGES_TEXTS.waitingOnSeeker)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Waiting for Changes' })).toBeInTheDocument();
    expect(screen.getByText(/Missing keywords from the posting; Something else/)).toBeInTheDocument();
    expect(screen.getByText(/The request ends withdrawn unless resubmitted by/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept Referral' })).not.toBeInTheDocument();
  });

  it('offers no third request for changes', async () => {
    const request = withReferral(aRequest(1), 'pending');
    renderIncoming({ ...request, referral: { ...request.referral!, changeRounds: 2 } });
    await screen.findByRole('button', { name: 'Accept Referral' });
    expect(screen.queryByRole('button', { name: CHANGES_TEXTS.askForChanges })).not.toBeInTheDocument();
    expect(screen.getByText(CHANGES_TEXTS.resubmittedAfter(2))).toBeInTheDocument();
  });
});

describe("the seeker's card", () => {
  it('says each change as a sentence with the feedback, and resubmits with a message', async () => {
    const api = fakeReferralsApi({ mine: [waitingOnChanges()] });
    renderReferralsUi(<MyReferralsPage user={aUser()} renderProfileModal={() => null} />, '/my-referrals');
    const section = await screen.findByRole('region', { name: CHANGES_TEXTS.seekerIntro });
    expect(within(section).getByText(CHANGE_SENTENCES.missing_keywords)).toBeInTheDocument();
    expect(within(section).getByText(CHANGE_SENTENCES.other)).toBeInTheDocument();
    expect(within(section).getByText('Name the Kafka work.')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: CHANGES_TEXTS.editProfile })).toHaveAttribute(
      'href',
      '/profile/edit',
    );
    await userEvent.click(within(section).getByRole('button', { name: CHANGES_TEXTS.resubmit }));
    await userEvent.type(
      screen.getByRole('textbox', { name: CHANGES_TEXTS.resubmitMessageLabel }),
      'Added the numbers.',
    );
    await userEvent.click(screen.getByTestId('confirm-resubmit'));
    await waitFor(() =>
      expect(api.writes()).toContainEqual(
        expect.objectContaining({
          path: apiPath('resubmitReferralRequest', { id: 1 }),
          body: { message: 'Added the numbers.' },
        }),
      ),
    );
    await waitFor(() => expect(screen.queryByTestId('changes-requested')).not.toBeInTheDocument(), SLOW);
  });
});
