// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '@/testing/browser-stubs';
import { CORRECT_CODE, fakeReferralsApi, renderReferralsUi } from '@/testing/referrals-test-utils';
import { ReferFlowPage } from './refer-flow';

beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

describe("/refer: 'Refer people at your company'", () => {
  it("shows 'Referrers wanted' under the steps, names only, without a link to itself", async () => {
    const api = fakeReferralsApi({ wanted: [{ id: 3, name: 'Initech' }] });
    renderReferralsUi(<ReferFlowPage user={api.state.user} />, '/refer');
    const strip = await screen.findByRole('region', { name: 'Referrers wanted' }, { timeout: 10_000 });
    expect(within(strip).getByRole('listitem')).toHaveTextContent('Initech');
    expect(within(strip).queryByRole('link')).toBeNull();
  });

  it('takes the company, the work email, then willingness, the cap and the pause, and ends on the dashboard', async () => {
    const api = fakeReferralsApi({
      verification: {
        verified: false,
        method: null,
        companyName: 'Stripe',
        verifiedUntil: null,
        renewable: false,
      },
    });
    api.state.user = { ...api.state.user, currentCompanyName: null, willingToGiveReferrals: false };
    renderReferralsUi(<ReferFlowPage user={api.state.user} />, '/refer');

    // Step 1: the company.
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('1. Your company');
    await userEvent.type(screen.getByRole('combobox', { name: 'Where do you work?' }), 'Stripe');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    // Step 2: the work email and its code.
    await userEvent.type(await screen.findByLabelText('Work email'), 'me@stripe.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await screen.findByLabelText('Code'), CORRECT_CODE);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

    // Step 3: willingness, cap and pause, with their help text.
    const cap = await screen.findByRole('spinbutton', { name: 'Most new requests a month' });
    expect(cap).toHaveAccessibleDescription(/From 1 to 100, counted per calendar month in your time zone/);
    expect(screen.getByRole('checkbox', { name: /willing to give referrals/ })).toBeChecked();
    await userEvent.type(cap, '5');
    const pause = screen.getByLabelText('Pause new requests until');
    await userEvent.type(pause, '2031-01-15');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    const writes = api.writes().map((c) => `${c.method} ${c.path} ${JSON.stringify(c.body)}`);
    expect(writes).toEqual([
      `PUT /api/users/${api.state.user.id}/current-company {"companyName":"Stripe"}`,
      'POST /api/referrer/verification {"workEmail":"me@stripe.com"}',
      `POST /api/referrer/verification/confirm {"code":"${CORRECT_CODE}"}`,
      'PUT /api/user/settings {"monthlyReferralCap":5,"referralsPausedUntil":"2031-01-15"}',
      `PUT /api/users/${api.state.user.id}/willingness-to-give-referrals {"isWilling":true}`,
    ]);
  });

  it('refuses a cap outside 1 to 100 with its sentence, and saves nothing', async () => {
    const api = fakeReferralsApi({
      verification: {
        verified: true,
        method: 'work-email',
        companyName: 'Stripe',
        verifiedUntil: null,
        renewable: false,
      },
    });
    api.state.user = { ...api.state.user, currentCompanyName: 'Stripe' };
    renderReferralsUi(<ReferFlowPage user={api.state.user} />, '/refer');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    const cap = await screen.findByRole('spinbutton', { name: 'Most new requests a month' });
    await userEvent.type(cap, '101');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The monthly cap must be a whole number from 1 to 100; leave it empty for no cap.',
    );
    expect(api.writes()).toEqual([]);
  });
});

/** Issue 49 item 3: an invitation's link lands here with the inviter's company filled in. */
describe('/refer through an invitation', () => {
  it("fills in the invitation's company for someone who has none, and offers a willing referrer their link", async () => {
    const api = fakeReferralsApi();
    api.state.user = { ...api.state.user, currentCompanyName: null, willingToGiveReferrals: false };
    const { unmount } = renderReferralsUi(<ReferFlowPage user={api.state.user} />, '/refer?company=Stripe');
    expect(screen.getByRole('combobox', { name: 'Where do you work?' })).toHaveValue('Stripe');
    expect(screen.queryByRole('heading', { name: 'Invite a colleague' })).not.toBeInTheDocument();
    unmount();

    // A company of their own comes first, and a willing referrer sees their invitation link.
    api.state.user = { ...api.state.user, currentCompanyName: 'Google', willingToGiveReferrals: true };
    renderReferralsUi(<ReferFlowPage user={api.state.user} />, '/refer?company=Stripe');
    expect(screen.getByRole('combobox', { name: 'Where do you work?' })).toHaveValue('Google');
    expect(await screen.findByRole('heading', { name: 'Invite a colleague' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });
});
