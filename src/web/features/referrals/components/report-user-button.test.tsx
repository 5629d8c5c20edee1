// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { IncomingRequestCard } from './incoming-request-card';
import { MyRequestCard } from './my-request-card';
import { aRequest, fakeReferralsApi, renderReferralsUi, withReferral } from '@/testing/referrals-test-utils';
import { stubBrowserApis } from '@/testing/browser-stubs';

beforeEach(() => stubBrowserApis());

describe("'Report' on both sides' cards", () => {
  it('lets the seeker report their referrer with a reason and a note', async () => {
    const base = withReferral(aRequest(5), 'accepted');
    const request = { ...base, referral: { ...base.referral!, referrerId: 42 } };
    const api = fakeReferralsApi({ mine: [request] });
    renderReferralsUi(<MyRequestCard request={request} />);
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: /^Report / });
    await userEvent.selectOptions(within(dialog).getByLabelText('Reason'), 'payment');
    await userEvent.type(within(dialog).getByLabelText(/What happened/), 'Asked me for $100.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(api.writes().map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'POST',
        '/api/reports',
        { subjectUserId: 42, requestId: request.id, reason: 'payment', note: 'Asked me for $100.' },
      ],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("needs a note for 'Something else', and reports the applicant from the referrer's card", async () => {
    const request = withReferral(aRequest(6), 'pending');
    const api = fakeReferralsApi({ incoming: [request] });
    renderReferralsUi(<IncomingRequestCard request={request} onViewProfile={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: /^Report / });
    await userEvent.selectOptions(within(dialog).getByLabelText('Reason'), 'other');
    const send = within(dialog).getByRole('button', { name: 'Send report' });
    expect(send).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/What happened/), 'Sent me ten messages a day.');
    await userEvent.click(send);
    expect(api.writes().map((c) => c.body)).toEqual([
      {
        subjectUserId: request.jobSeeker.id,
        requestId: request.id,
        reason: 'other',
        note: 'Sent me ten messages a day.',
      },
    ]);
  });
});

describe("'Block' on both sides' cards", () => {
  it('blocks the referrer after a confirmation that says they are not told', async () => {
    const base = withReferral(aRequest(7), 'pending');
    const request = { ...base, referral: { ...base.referral!, referrerId: 43 } };
    const api = fakeReferralsApi({ mine: [request] });
    renderReferralsUi(<MyRequestCard request={request} />);
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    const dialog = screen.getByRole('dialog', { name: /^Block / });
    expect(dialog).toHaveTextContent(/is not told\./);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(api.writes().map((c) => [c.method, c.path])).toEqual([['POST', '/api/users/43/block']]);
  });
});
