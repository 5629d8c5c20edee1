// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { authKeys } from '@/lib/auth';
import { aUser } from '@/testing/fixtures';
import { jsonResponse, renderReferralsUi, stubBrowserApis } from '@/testing/referrals-test-utils';
import { YourDataCard } from './your-data-card';

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));
beforeEach(() => {
  vi.mocked(toast).mockClear();
  stubBrowserApis();
});
afterEach(() => vi.unstubAllGlobals());

const user = aUser({ email: 'dee@example.com' });

function stubFetch(response: () => Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('YourDataCard', () => {
  it('offers the export as a download link', () => {
    renderReferralsUi(<YourDataCard user={user} />, '/profile/edit');
    const link = screen.getByRole('link', { name: 'Download my data' });
    expect(link).toHaveAttribute('href', '/api/user/export');
    expect(link).toHaveAttribute('download');
  });

  it('deletes only after the email is typed, then signs out and goes home', async () => {
    const fetchMock = stubFetch(() => new Response(null, { status: 204 }));
    const { queryClient } = renderReferralsUi(<YourDataCard user={user} />, '/profile/edit');
    queryClient.setQueryData(authKeys.status, { isAuthenticated: true, user });
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const confirm = screen.getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/Type your email/), 'DEE@example.com');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user');
    expect(init?.method).toBe('DELETE');
    expect(JSON.parse(String(init?.body))).toEqual({ confirmEmail: 'DEE@example.com' });
    expect(queryClient.getQueryData(authKeys.status)).toEqual({ isAuthenticated: false, user: null });
  });

  it("shows the server's sentence when the deletion is refused", async () => {
    stubFetch(() => jsonResponse(400, { error: 'The email you typed is not the one on this account.' }));
    renderReferralsUi(<YourDataCard user={user} />, '/profile/edit');
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    await userEvent.type(screen.getByLabelText(/Type your email/), 'dee@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('not the one on this account');
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/edit');
  });
});
