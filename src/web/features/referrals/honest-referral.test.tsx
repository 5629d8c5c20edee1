// @vitest-environment jsdom
import {
  ALREADY_APPLIED_TEXTS,
  RELATIONSHIP_ANSWERS,
  RELATIONSHIP_SEEKER_SENTENCES,
} from '@shared/referral-honesty';
import type { ReferralRequest } from '@shared/referrals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPath } from '@shared/api-routes';
import { IncomingRequestsView } from './components/incoming-requests-view';
import { MyReferralsPage } from './my-referrals-page';
import { RequestReferralPage } from './request-referral-page';
import { aUser } from '@/testing/fixtures';
import { aRequest, fakeReferralsApi, renderReferralsUi, withReferral } from '@/testing/referrals-test-utils';
import { stubBrowserApis } from '@/testing/browser-stubs';

/** Issue 50 items 2 and 3 (docs/decisions/082-already-applied-and-relationship.md), on the web. */

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));
beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

const JOB = 'https://careers.google.com/jobs/results/123';
const SLOW = { timeout: 4000 };

function renderForm() {
  const api = fakeReferralsApi();
  renderReferralsUi(
    <RequestReferralPage
      resume={{ isLoading: false, fileUrl: apiPath('resumeFile', { id: 1 }) }}
      currentCompanyName={null}
    />,
    '/request-referral',
  );
  return api;
}

async function fillAndSend() {
  await userEvent.type(screen.getByRole('textbox', { name: 'Job URL' }), JOB);
  await userEvent.type(screen.getByRole('textbox', { name: 'Position' }), 'Data Engineer');
  await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
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

const accepted = (relationship: 'worked_together' | 'know_personally' | 'referbridge_only') => {
  const request = withReferral(aRequest(1, { alreadyApplied: true }), 'accepted');
  return { ...request, referral: { ...request.referral!, relationship } };
};

describe('the request form asks whether the seeker already applied', () => {
  it('warns on yes and sends alreadyApplied: true', async () => {
    const api = renderForm();
    const group = screen.getByRole('group', { name: /Have you already applied for this job\?/ });
    expect(group).toBeInTheDocument();
    expect(screen.queryByText(ALREADY_APPLIED_TEXTS.warning)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.getByText(ALREADY_APPLIED_TEXTS.warning)).toBeInTheDocument();
    expect(group).toHaveAccessibleDescription(ALREADY_APPLIED_TEXTS.warning);
    await fillAndSend();
    await waitFor(() => expect(api.writes()).toHaveLength(1), SLOW);
    expect(api.writes()[0]!.body).toMatchObject({ alreadyApplied: true });
  });

  it('sends false on no, without the warning', async () => {
    const api = renderForm();
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByText(ALREADY_APPLIED_TEXTS.warning)).not.toBeInTheDocument();
    await fillAndSend();
    await waitFor(() => expect(api.writes()).toHaveLength(1), SLOW);
    expect(api.writes()[0]!.body).toMatchObject({ alreadyApplied: false });
  });

  it('leaves alreadyApplied out when the question is not answered', async () => {
    const api = renderForm();
    await fillAndSend();
    await waitFor(() => expect(api.writes()).toHaveLength(1), SLOW);
    expect(api.writes()[0]!.body).not.toHaveProperty('alreadyApplied');
  });
});

describe("the referrer's card and packet", () => {
  it('shows that the seeker already applied', async () => {
    renderIncoming(withReferral(aRequest(1, { alreadyApplied: true }), 'pending'));
    expect(await screen.findByText('Already applied: yes')).toBeInTheDocument();
  });

  it('shows no already-applied line when the seeker did not say', async () => {
    renderIncoming(withReferral(aRequest(1), 'pending'));
    await screen.findByRole('button', { name: 'Accept Referral' });
    expect(screen.queryByText(/Already applied/)).not.toBeInTheDocument();
  });

  it('accepts with the relationship chosen in the dialog, referbridge_only unless changed', async () => {
    const api = renderIncoming(withReferral(aRequest(1), 'pending'));
    await userEvent.click(await screen.findByRole('button', { name: 'Accept Referral' }));
    const select = screen.getByRole('combobox', { name: 'How do you know the candidate?' });
    expect(select).toHaveValue('referbridge_only');
    await userEvent.selectOptions(select, 'We worked together');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(api.writes().map((c) => c.body)).toContainEqual({
        status: 'accepted',
        feedback: '',
        relationship: 'worked_together',
      }),
    );
  });

  it("copies a packet that answers 'How do you know the candidate?' and says already applied", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderIncoming(accepted('referbridge_only'));
    await userEvent.click(await screen.findByRole('button', { name: 'Copy referral details' }));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
    const text = (writeText.mock.calls[0] as unknown as [string])[0].split('\n');
    expect(text).toContain('Already applied: yes');
    expect(text).toContain(`How do you know the candidate? ${RELATIONSHIP_ANSWERS.referbridge_only}`);
  });

  it('changes the relationship of an accepted referral from its card', async () => {
    const api = renderIncoming(accepted('referbridge_only'));
    const select = await screen.findByRole('combobox', { name: 'How do you know the candidate?' });
    expect(select).toHaveValue('referbridge_only');
    await userEvent.selectOptions(select, 'I know them personally');
    await waitFor(() =>
      expect(api.writes()).toContainEqual(
        expect.objectContaining({
          path: apiPath('referralRelationship', { referralId: 1001 }),
          body: { relationship: 'know_personally' },
        }),
      ),
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'How do you know the candidate?' })).toHaveValue(
        'know_personally',
      ),
    );
  });
});

describe("the seeker's card", () => {
  it('says how the referrer said they know the seeker', async () => {
    fakeReferralsApi({ mine: [accepted('worked_together')] });
    renderReferralsUi(<MyReferralsPage user={aUser()} renderProfileModal={() => null} />, '/my-referrals');
    expect(await screen.findByText(RELATIONSHIP_SEEKER_SENTENCES.worked_together)).toBeInTheDocument();
  });
});
