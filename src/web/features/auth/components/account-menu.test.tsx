// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { aUser } from '@/testing/fixtures';
import { AccountMenu } from './account-menu';

function renderMenu() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route
            path="/dashboard"
            element={
              <AccountMenu
                user={aUser()}
                links={[{ label: 'Account Settings', to: '/profile/edit' }]}
                signOutLabel="Sign out"
              />
            }
          />
          <Route path="/signin" element={<p>Sign-in page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function choose(item: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: /Account/ }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('AccountMenu', () => {
  beforeEach(() => {
    sessionStorage.setItem('isLoggedIn', 'true');
    sessionStorage.setItem('hasVisitedDashboard', 'true');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it.each([
    ['Sign out', '/auth/logout'],
    ['Sign out everywhere', '/auth/logout-all'],
  ])("'%s' posts to %s, clears the session flags and goes to /signin", async (item, endpoint) => {
    const { fetchMock } = fakeApi({
      signOut: () => ({ success: true }),
      signOutEverywhere: () => ({ success: true }),
    });
    renderMenu();
    await choose(item);
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(endpoint, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: undefined,
    });
    expect(sessionStorage.getItem('isLoggedIn')).toBeNull();
    expect(sessionStorage.getItem('hasVisitedDashboard')).toBeNull();
  });

  it.each([
    ['Sign out', 'POST /auth/logout'],
    ['Sign out everywhere', 'POST /auth/logout-all'],
  ])("a failed '%s' is only logged and the user stays", async (item, call) => {
    fakeApi({}).overrides.set(call, () => new Response('down', { status: 503 }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderMenu();
    await choose(item);
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Sign out failed', expect.any(Error)));
    expect(screen.queryByText('Sign-in page')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Account/ })).toBeInTheDocument();
  });
});
