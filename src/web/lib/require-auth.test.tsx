// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { BrowserRouter, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from './require-auth';
import { authKeys } from '@/lib/auth';
import { fakeApi } from '@/testing/fake-api';
import { aUser } from '@/testing/fixtures';

function renderProtected() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route
            path="/dashboard"
            element={<RequireAuth>{(user) => <p>Hello {user.fullName}</p>}</RequireAuth>}
          />
          <Route path="/signin" element={<p>Sign-in page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const signedIn = {
  isAuthenticated: true,
  user: aUser({ username: 'g', email: 'g@example.com', fullName: 'Grace Hopper' }),
};

describe('RequireAuth', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('shows the loading screen while asking, then the page', async () => {
    fakeApi({ authStatus: () => signedIn });
    renderProtected();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.getByText('Please wait while we check your authentication status.')).toBeInTheDocument();
    expect(await screen.findByText('Hello Grace Hopper')).toBeInTheDocument();
  });

  it('sends visitors to /signin and clears the logged-in flag', async () => {
    sessionStorage.setItem('isLoggedIn', 'true');
    fakeApi({ authStatus: () => ({ isAuthenticated: false, user: null }) });
    renderProtected();
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(sessionStorage.getItem('isLoggedIn')).toBeNull();
  });

  it('shows the authentication error screen when the check fails', async () => {
    fakeApi({}).overrides.set('GET /auth/status', () => new Response('down', { status: 503 }));
    renderProtected();
    expect(await screen.findByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(screen.getByText('There was a problem checking your authentication status.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/signin');
  });

  it('leaves a navigation already under way to decide where a user who just signed out goes', async () => {
    window.history.replaceState(null, '', '/profile/edit');
    const client = new QueryClient();
    client.setQueryData(authKeys.status, signedIn);
    const onVisitor = vi.fn();
    render(
      <QueryClientProvider client={client}>
        <BrowserRouter>
          <Routes>
            <Route
              path="/profile/edit"
              element={
                <RequireAuth onVisitor={onVisitor}>
                  {(user) => <p>Settings of {user.fullName}</p>}
                </RequireAuth>
              }
            />
            <Route path="/signin" element={<p>Sign-in page</p>} />
          </Routes>
        </BrowserRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByText('Settings of Grace Hopper')).toBeInTheDocument();

    // Deleting the account moves the browser home, and React Router renders that in a transition: the
    // signed-out status reaches this screen first, and must not send the user to /signin instead.
    act(() => {
      window.history.replaceState({ usr: null, key: 'on-the-way-home', idx: 0 }, '', '/');
      client.setQueryData(authKeys.status, { isAuthenticated: false, user: null });
    });

    await vi.waitFor(() => expect(screen.queryByText('Settings of Grace Hopper')).not.toBeInTheDocument());
    expect(screen.queryByText('Sign-in page')).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    expect(onVisitor).not.toHaveBeenCalled();
  });
});
