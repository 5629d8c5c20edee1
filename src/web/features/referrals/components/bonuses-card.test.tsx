// @vitest-environment jsdom
import { BONUS_TOO_EARLY, type ReferralBonus } from '@shared/referral-bonus';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { jsonResponse } from '@/testing/fake-api';
import { stubBrowserApis } from '@/testing/browser-stubs';
import { aRequest, fakeReferralsApi, renderReferralsUi, withReferral } from '@/testing/referrals-test-utils';
import { BonusesCard, NO_BONUSES } from './bonuses-card';

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));
beforeEach(() => {
  stubBrowserApis();
  vi.mocked(toast).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

const hired = withReferral(aRequest(5, { position: 'Staff Engineer' }), 'successful'); // referral 1005
const bonus: ReferralBonus = {
  referralId: 1005,
  candidateFirstName: 'Grace',
  company: 'Google',
  hiredOn: '2027-01-04',
  payoutAfterDays: 30,
  expectedPayoutOn: '2027-02-03',
  amount: 2500,
  currency: 'USD',
  status: 'waiting',
};

/** Issue 50 item 5: the referrer's Bonuses card on their dashboard. */
describe('BonusesCard', () => {
  it('says there is nothing to track before any referral succeeded', async () => {
    fakeReferralsApi({ incoming: [withReferral(aRequest(6), 'submitted')] });
    renderReferralsUi(<BonusesCard />);
    expect(await screen.findByText(NO_BONUSES)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Bonuses', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Record bonus/ })).not.toBeInTheDocument();
  });

  it('records the bonus of a successful referral and lists it with its expected day', async () => {
    const api = fakeReferralsApi({ incoming: [hired] });
    renderReferralsUi(<BonusesCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Record bonus for Grace at Google' }));
    const form = screen.getByRole('form', { name: 'Bonus for Grace at Google' });
    await userEvent.type(within(form).getByLabelText('Hire date'), '2027-01-04');
    const days = within(form).getByLabelText('Paid after (days)');
    await userEvent.clear(days);
    await userEvent.type(days, '30');
    await userEvent.type(within(form).getByLabelText(/^Amount/), '2500');
    await userEvent.type(within(form).getByLabelText(/^Currency/), 'usd');
    await userEvent.click(within(form).getByRole('button', { name: 'Save bonus' }));

    const list = await screen.findByRole('list', { name: 'Your bonuses' });
    const row = within(list).getByRole('listitem');
    expect(row).toHaveTextContent('Grace at Google');
    expect(row).toHaveTextContent('Waiting');
    expect(row).toHaveTextContent('Expected Feb 3, 2027 · hired Jan 4, 2027 · $2,500.00');
    expect(api.writes()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/api/referrals/1005/bonus',
        body: {
          hiredOn: '2027-01-04',
          payoutAfterDays: 30,
          amount: 2500,
          currency: 'USD',
          status: 'waiting',
        },
      }),
    ]);
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Bonus saved',
        description: 'Expected on Feb 3, 2027 for Grace at Google.',
      }),
    );
    // Recorded, it is no longer offered to record.
    expect(screen.queryByRole('button', { name: /Record bonus/ })).not.toBeInTheDocument();
  });

  it('edits a bonus: marked paid, the amount left out', async () => {
    const api = fakeReferralsApi({ incoming: [hired], bonuses: [bonus] });
    renderReferralsUi(<BonusesCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit the bonus for Grace at Google' }));
    const form = screen.getByRole('form', { name: 'Bonus for Grace at Google' });
    expect(within(form).getByLabelText('Hire date')).toHaveValue('2027-01-04');
    await userEvent.clear(within(form).getByLabelText(/^Amount/));
    await userEvent.clear(within(form).getByLabelText(/^Currency/));
    await userEvent.selectOptions(within(form).getByLabelText('Status'), 'paid');
    await userEvent.click(within(form).getByRole('button', { name: 'Save bonus' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Your bonuses' })).toHaveTextContent('Paid'));
    expect(api.writes()[0]!.body).toEqual({
      hiredOn: '2027-01-04',
      payoutAfterDays: 30,
      amount: null,
      currency: null,
      status: 'paid',
    });
  });

  it('checks the form with the shared schema before sending, and shows the server’s sentence', async () => {
    const api = fakeReferralsApi({ incoming: [hired] });
    renderReferralsUi(<BonusesCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Record bonus for Grace at Google' }));
    const form = screen.getByRole('form', { name: 'Bonus for Grace at Google' });
    await userEvent.type(within(form).getByLabelText(/^Currency/), 'US');
    await userEvent.click(within(form).getByRole('button', { name: 'Save bonus' }));
    expect(await within(form).findByText(/The hire date must be a date as YYYY-MM-DD/)).toBeInTheDocument();
    expect(
      within(form).getByText('The currency must be a three-letter code such as USD or EUR.'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Hire date')).toHaveAttribute('aria-invalid', 'true');
    expect(api.writes()).toEqual([]);

    api.overrides.set('PUT /api/referrals/1005/bonus', () => jsonResponse(409, { error: BONUS_TOO_EARLY }));
    await userEvent.type(within(form).getByLabelText('Hire date'), '2027-01-04');
    await userEvent.clear(within(form).getByLabelText(/^Currency/));
    await userEvent.click(within(form).getByRole('button', { name: 'Save bonus' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(BONUS_TOO_EARLY);
    expect(toast).not.toHaveBeenCalled();
  });

  it('says so when the bonuses cannot be read', async () => {
    const api = fakeReferralsApi();
    api.overrides.set('GET /api/referrer/bonuses', () =>
      jsonResponse(500, { error: 'Internal Server Error' }),
    );
    renderReferralsUi(<BonusesCard />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your bonuses could not be loaded.');
  });
});
