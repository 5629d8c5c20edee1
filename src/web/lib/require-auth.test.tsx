// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from './require-auth';
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
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(signedIn))),
    );
    renderProtected();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.getByText('Please wait while we check your authentication status.')).toBeInTheDocument();
    expect(await screen.findByText('Hello Grace Hopper')).toBeInTheDocument();
  });

  it('sends visitors to /signin and clears the logged-in flag', async () => {
    sessionStorage.setItem('isLoggedIn', 'true');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ isAuthenticated: false, user: null }))),
    );
    renderProtected();
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(sessionStorage.getItem('isLoggedIn')).toBeNull();
  });

  it('shows the authentication error screen when the check fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('down', { status: 503 })),
    );
    renderProtected();
    expect(await screen.findByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(screen.getByText('There was a problem checking your authentication status.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/signin');
  });
});
