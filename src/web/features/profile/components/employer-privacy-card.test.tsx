// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { jsonResponse } from '@/testing/fake-api';
import { FAKE_CODE, fakeProfileApi, renderWithClient } from '@/testing/profile-edit-test-utils';
import { stubBrowserApis } from '@/testing/browser-stubs';
import { EmployerPrivacyCard } from './employer-privacy-card';

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));

beforeEach(() => {
  vi.mocked(toast).mockClear();
  stubBrowserApis();
});

const card = () =>
  screen
    .getByRole('heading', { name: 'Privacy from your employer' })
    .closest('[data-slot="card"]') as HTMLElement;

describe('EmployerPrivacyCard (issue 50 item 4)', () => {
  it('hides the current employer from referrers, and says what they read then', async () => {
    const api = fakeProfileApi();
    renderWithClient(<EmployerPrivacyCard />);
    const toggle = await screen.findByRole('switch', { name: 'Show my current employer to referrers' });
    await waitFor(() => expect(toggle).toBeChecked());
    expect(toggle).toHaveAccessibleDescription('Referrers see where you work now.');
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(api.writes()).toContainEqual({
      method: 'PUT',
      path: '/api/user/settings',
      body: { showCurrentEmployer: false },
    });
    expect(api.state.settings.showCurrentEmployer).toBe(false);
    expect(toggle).toHaveAccessibleDescription(/Referrers read 'Current employer \(hidden\)'/);
  });

  it('mails a code to a personal address, shows it pending, and confirms it with the code', async () => {
    const api = fakeProfileApi();
    renderWithClient(<EmployerPrivacyCard />);
    await screen.findByRole('heading', { name: 'Privacy from your employer' });
    const within_ = within(card());
    expect(await within_.findByText(/Your mail goes to your sign-in address/)).toBeInTheDocument();
    const send = within_.getByRole('button', { name: 'Send code' });
    expect(send).toBeDisabled();
    const input = within_.getByLabelText('Personal address');
    await waitFor(() => expect(input).toBeEnabled());
    await userEvent.type(input, 'Me@Gmail.com');
    await userEvent.click(send);
    await waitFor(() =>
      expect(api.writes()).toContainEqual({
        method: 'PUT',
        path: '/api/user/settings',
        body: { notificationEmail: 'Me@Gmail.com' },
      }),
    );
    // Pending: the address waiting, and where to type its code.
    const pending = await screen.findByRole('form', { name: 'Confirm your personal address' });
    expect(pending).toHaveTextContent('We sent a 6-digit code to me@gmail.com. It works for 15 minutes.');
    const confirm = within(pending).getByRole('button', { name: 'Confirm address' });
    const code = within(pending).getByLabelText('Code from the email');
    // A wrong code: the server's sentence, at the code.
    await userEvent.type(code, '111111');
    await userEvent.click(confirm);
    expect(await within(pending).findByRole('alert')).toHaveTextContent(
      'That code is not right. 4 tries left.',
    );
    await userEvent.clear(code);
    await userEvent.type(code, `${FAKE_CODE}x`);
    expect(code).toHaveValue(FAKE_CODE);
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(api.writes()).toContainEqual({
        method: 'POST',
        path: '/api/user/settings/notification-email/confirm',
        body: { code: FAKE_CODE },
      }),
    );
    // Confirmed: the address stated, no code asked any more.
    expect(await screen.findByText(/All your mail goes to/)).toHaveTextContent(
      'All your mail goes to me@gmail.com.',
    );
    expect(screen.queryByRole('form', { name: 'Confirm your personal address' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Another personal address')).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Saved', description: 'Your mail goes to me@gmail.com.' }),
    );
  });

  it("shows the server's refusal of an address at the employer beside the address", async () => {
    const api = fakeProfileApi();
    api.overrides.set('PUT /api/user/settings', () =>
      jsonResponse(400, {
        error:
          'That address is at your current employer: use a personal address, so news of your requests stays yours.',
      }),
    );
    renderWithClient(<EmployerPrivacyCard />);
    const input = await screen.findByLabelText('Personal address');
    await waitFor(() => expect(input).toBeEnabled());
    await userEvent.type(input, 'me@acme.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/at your current employer/);
    expect(screen.getByLabelText('Personal address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('form', { name: 'Confirm your personal address' })).not.toBeInTheDocument();
    // The refusal is shown here, not toasted as well.
    expect(toast).not.toHaveBeenCalled();
  });

  it('shows a pending address after a reload, and a confirmed one', async () => {
    fakeProfileApi({
      settings: {
        emailNotifications: true,
        timeZone: null,
        monthlyReferralCap: null,
        referralsPausedUntil: null,
        showCurrentEmployer: false,
        notificationEmail: 'old@yahoo.com',
        notificationEmailPending: 'new@proton.me',
      },
    });
    renderWithClient(<EmployerPrivacyCard />);
    expect(await screen.findByText(/All your mail goes to/)).toHaveTextContent('old@yahoo.com');
    expect(screen.getByRole('form', { name: 'Confirm your personal address' })).toHaveTextContent(
      'new@proton.me',
    );
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Show my current employer to referrers' })).not.toBeChecked(),
    );
  });
});
