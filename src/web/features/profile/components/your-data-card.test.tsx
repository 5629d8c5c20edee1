// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { authKeys } from '@/lib/auth';
import { aUser } from '@/testing/fixtures';
import { fakeError, fakeApi } from '@/testing/fake-api';
import { renderReferralsUi } from '@/testing/referrals-test-utils';
import { YourDataCard } from './your-data-card';
import { stubBrowserApis } from '@/testing/browser-stubs';

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));
beforeEach(() => {
  vi.mocked(toast).mockClear();
  stubBrowserApis();
});
afterEach(() => vi.unstubAllGlobals());

const user = aUser({ email: 'dee@example.com' });

describe('YourDataCard', () => {
  it('offers the export as a download link', () => {
    renderReferralsUi(<YourDataCard user={user} />, '/profile/edit');
    const link = screen.getByRole('link', { name: 'Download my data' });
    expect(link).toHaveAttribute('href', '/api/user/export');
    expect(link).toHaveAttribute('download');
  });

  it('deletes only after the email is typed, then signs out and goes home', async () => {
    const api = fakeApi({ deleteAccount: () => null });
    const { queryClient } = renderReferralsUi(<YourDataCard user={user} />, '/profile/edit');
    queryClient.setQueryData(authKeys.status, { isAuthenticated: true, user });
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const confirm = screen.getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/Type your email/), 'DEE@example.com');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(api.calls).toEqual([
      { method: 'DELETE', path: '/api/user', body: { confirmEmail: 'DEE@example.com' } },
    ]);
    expect(queryClient.getQueryData(authKeys.status)).toEqual({
      isAuthenticated: false,
      user: null,
      isAdmin: false,
    });
  });

  it("shows the server's sentence when the deletion is refused", async () => {
    fakeApi({
      deleteAccount: () => fakeError(400, 'The email you typed is not the one on this account.'),
    });
    renderReferralsUi(<YourDataCard user={user} />, '/profile/edit');
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    await userEvent.type(screen.getByLabelText(/Type your email/), 'dee@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('not the one on this account');
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/edit');
  });
});
