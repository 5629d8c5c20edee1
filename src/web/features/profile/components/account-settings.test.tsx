// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { fakeProfileApi, renderWithClient, testUser } from '@/testing/profile-edit-test-utils';
import { CurrentCompanyCard } from './current-company-card';
import { EmailNotificationsCard } from './email-notifications-card';
import { ReferralLoadCard } from './referral-load-card';
import { TimeZoneCard } from './time-zone-card';
import { stubBrowserApis } from '@/testing/browser-stubs';

const NO_LIMITS = {
  monthlyReferralCap: null,
  referralsPausedUntil: null,
  showCurrentEmployer: true,
  notificationEmail: null,
  notificationEmailPending: null,
};

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));

beforeEach(() => {
  vi.mocked(toast).mockClear();
  stubBrowserApis();
  Element.prototype.scrollIntoView ??= () => {};
});

const card = (name: string) =>
  screen.getByRole('heading', { name }).closest('[data-slot="card"]') as HTMLElement;

describe('CurrentCompanyCard', () => {
  it('changes the current company later', async () => {
    const user = testUser({ currentCompanyName: 'Google' });
    const api = fakeProfileApi({ user });
    renderWithClient(<CurrentCompanyCard user={user} />);
    const input = screen.getByRole('combobox', { name: 'Where do you work?' });
    expect(input).toHaveValue('Google');
    const save = screen.getByRole('button', { name: 'Save company' });
    expect(save).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, 'Stripe');
    await userEvent.click(save);
    await waitFor(() =>
      expect(api.writes()).toContainEqual({
        method: 'PUT',
        path: `/api/users/${user.id}/current-company`,
        body: { companyName: 'Stripe' },
      }),
    );
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Company updated' })),
    );
  });

  it('explains a blank name, and shows the failure text when saving fails', async () => {
    const user = testUser({ currentCompanyName: 'Google' });
    const api = fakeProfileApi({ user });
    api.overrides.set(
      `PUT /api/users/${user.id}/current-company`,
      () => new Response('boom', { status: 500 }),
    );
    renderWithClient(<CurrentCompanyCard user={user} />);
    const input = screen.getByRole('combobox', { name: 'Where do you work?' });
    await userEvent.clear(input);
    await userEvent.type(input, '   {Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Please select or enter a company name');
    await userEvent.clear(input);
    await userEvent.type(input, 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Save company' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to update your company. Please try again.',
    );
  });

  it('records "I\'m not working right now"', async () => {
    const user = testUser({ currentCompanyName: 'Google' });
    const api = fakeProfileApi({ user });
    renderWithClient(<CurrentCompanyCard user={user} />);
    await userEvent.click(screen.getByRole('button', { name: "I'm not working right now" }));
    await waitFor(() =>
      expect(api.writes()).toContainEqual({
        method: 'PUT',
        path: `/api/users/${user.id}/not-working`,
        body: { notWorking: true },
      }),
    );
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Where do you work?' })).toHaveValue(''));
  });

  it('offers only adding a company to someone who said they are not working', () => {
    const user = testUser({ notWorking: true });
    fakeProfileApi({ user });
    renderWithClient(<CurrentCompanyCard user={user} />);
    expect(screen.getByText(/You said you're not working right now/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "I'm not working right now" })).not.toBeInTheDocument();
  });
});

describe('EmailNotificationsCard', () => {
  it('shows the saved setting and turns mail off', async () => {
    const api = fakeProfileApi({ settings: { emailNotifications: true, timeZone: null, ...NO_LIMITS } });
    renderWithClient(<EmailNotificationsCard />);
    const toggle = await screen.findByRole('switch', { name: 'Email me about my referrals' });
    await waitFor(() => expect(toggle).toBeChecked());
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(api.writes()).toContainEqual({
      method: 'PUT',
      path: '/api/user/settings',
      body: { emailNotifications: false },
    });
    expect(api.state.settings).toMatchObject({ emailNotifications: false });
    expect(within(card('Email notifications')).getByText(/one-click/)).toBeInTheDocument();
  });

  it('puts the switch back when saving fails', async () => {
    const api = fakeProfileApi({ settings: { emailNotifications: false, timeZone: null, ...NO_LIMITS } });
    api.overrides.set('PUT /api/user/settings', () => new Response('boom', { status: 500 }));
    renderWithClient(<EmailNotificationsCard />);
    const toggle = await screen.findByRole('switch', { name: 'Email me about my referrals' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(toggle).toBeEnabled();
  });
});

describe('TimeZoneCard', () => {
  it('shows the saved zone and saves another from the IANA list (issue 46 item 9)', async () => {
    const api = fakeProfileApi({
      settings: { emailNotifications: true, timeZone: 'Europe/Berlin', ...NO_LIMITS },
    });
    renderWithClient(<TimeZoneCard />);
    const select = await screen.findByRole('combobox', { name: 'Your time zone' });
    await waitFor(() => expect(select).toHaveValue('Europe/Berlin'));
    expect(within(card('Time zone')).getByText(/^Europe\/Berlin \(GMT\+\d+\)$/)).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save time zone' });
    expect(save).toBeDisabled();
    // Every zone the browser knows is offered.
    expect(within(select).getByRole('option', { name: 'America/Argentina/Salta' })).toBeInTheDocument();
    await userEvent.selectOptions(select, 'Asia/Tokyo');
    await userEvent.click(save);
    await waitFor(() =>
      expect(api.writes()).toContainEqual({
        method: 'PUT',
        path: '/api/user/settings',
        body: { timeZone: 'Asia/Tokyo' },
      }),
    );
    await waitFor(() =>
      expect(within(card('Time zone')).getByText('Asia/Tokyo (GMT+9)')).toBeInTheDocument(),
    );
  });

  it("offers the browser's zone while none is saved, and says the server's sentence when refused", async () => {
    const api = fakeProfileApi({ settings: { emailNotifications: true, timeZone: null, ...NO_LIMITS } });
    api.overrides.set(
      'PUT /api/user/settings',
      () =>
        new Response(
          JSON.stringify({ error: 'The time zone must be an IANA time zone name such as Europe/Berlin.' }),
          {
            status: 400,
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    renderWithClient(<TimeZoneCard />);
    expect(await within(card('Time zone')).findByText('not set, so UTC')).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Your time zone' });
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue(Intl.DateTimeFormat().resolvedOptions().timeZone);
    await userEvent.click(screen.getByRole('button', { name: 'Save time zone' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The time zone must be an IANA time zone name such as Europe/Berlin.',
    );
  });
});

describe('ReferralLoadCard', () => {
  it('says a pause ending on a day gone by is refused, before sending anything (issue 46 item 9)', async () => {
    const api = fakeProfileApi({ settings: { emailNotifications: true, timeZone: 'UTC', ...NO_LIMITS } });
    renderWithClient(<ReferralLoadCard />);
    const pause = await screen.findByLabelText('Pause new requests until');
    await waitFor(() => expect(pause).toBeEnabled());
    const today = new Date().toISOString().slice(0, 10);
    expect(pause).toHaveAttribute('min', today);
    await userEvent.type(pause, '2020-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `The pause must end today or later (today is ${today} in your time zone); leave it empty for no pause.`,
    );
    expect(api.writes()).toEqual([]);
    await userEvent.clear(pause);
    await userEvent.type(pause, '2099-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    await waitFor(() =>
      expect(api.writes()).toContainEqual({
        method: 'PUT',
        path: '/api/user/settings',
        body: { monthlyReferralCap: null, referralsPausedUntil: '2099-01-01' },
      }),
    );
  });
});
