// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { GoogleButton } from './google-button';
import { fakeApi } from '@/testing/fake-api';
import { aUser } from '@/testing/fixtures';

/** A same-origin window the app can treat as its popup: a real WindowProxy, so it can be a message source. */
function fakePopup(): Window {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  return frame.contentWindow!;
}

function renderButton(mode: 'signin' | 'signup', start = '/start') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[start]}>
        <Routes>
          <Route path="/start" element={<GoogleButton mode={mode} />} />
          <Route path="/dashboard" element={<p>Dashboard page</p>} />
          <Route path="/refer" element={<p>Refer page</p>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return screen.getByRole('button', {
    name: mode === 'signup' ? 'Sign up with Google' : 'Sign in with Google',
  });
}

function post(data: unknown, origin: string, source: Window | null) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
}

describe('GoogleButton', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    document.querySelectorAll('iframe').forEach((f) => f.remove());
  });

  it('opens a 600x700 popup on /auth/google and disables itself while the flow runs', () => {
    const popup = fakePopup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    const button = renderButton('signup');
    fireEvent.click(button);
    expect(open).toHaveBeenCalledWith(
      '/auth/google',
      expect.any(String),
      expect.stringContaining('width=600,height=700'),
    );
    expect(button).toBeDisabled();
  });

  it('accepts AUTH_SUCCESS only from its own popup on its own origin', () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup);
    const button = renderButton('signup');
    fireEvent.click(button);

    post({ type: 'AUTH_SUCCESS' }, 'https://evil.example', popup);
    post({ type: 'AUTH_SUCCESS' }, window.location.origin, fakePopup());
    post({ type: 'SOMETHING_ELSE' }, window.location.origin, popup);
    expect(screen.queryByText('Sign up successful!')).not.toBeInTheDocument();
    expect(button).toBeDisabled();

    post({ type: 'AUTH_SUCCESS', newAccount: true }, window.location.origin, popup);
    expect(screen.getByText('Sign up successful!')).toBeInTheDocument();
    expect(
      screen.getByText('Welcome to ReferBridge! You are now being redirected to your dashboard.'),
    ).toBeInTheDocument();
    // Still busy until the redirect: a second click would open a second popup.
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(window.open).toHaveBeenCalledTimes(1);
  });

  it('after the popup closes, asks /auth/status, marks the sign-in and goes to the dashboard after 1.5 s', async () => {
    vi.useFakeTimers();
    const popup = { closed: false } as Window;
    vi.spyOn(window, 'open').mockReturnValue(popup);
    fakeApi({
      authStatus: () => ({
        isAuthenticated: true,
        user: aUser({ id: 1, username: 'g', email: 'g@example.com', fullName: 'Grace' }),
      }),
      mySettings: () => ({
        emailNotifications: true,
        timeZone: null,
        monthlyReferralCap: null,
        referralsPausedUntil: null,
      }),
      changeSettings: ({ body }) => ({
        emailNotifications: true,
        timeZone: null,
        monthlyReferralCap: null,
        referralsPausedUntil: null,
        ...(body as object),
      }),
    });
    fireEvent.click(renderButton('signin'));
    Object.assign(popup, { closed: true });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('Sign in successful!')).toBeInTheDocument();
    expect(sessionStorage.getItem('isLoggedIn')).toBe('true');
    // The browser's time zone fills the account's empty one, so mail writes times the way the reader reads them.
    expect(fetch).toHaveBeenCalledWith(
      '/api/user/settings',
      expect.objectContaining({
        method: 'PUT',
        body: JSON.stringify({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }),
      }),
    );
    expect(screen.queryByText('Dashboard page')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.getByText('Dashboard page')).toBeInTheDocument();
    // 'You are now being redirected' is done with: it does not follow onto the dashboard.
    expect(screen.queryByText('Sign in successful!')).not.toBeInTheDocument();
  });

  it('welcomes a new account, whichever button made it, and a returning one back (issue 46 item 9)', async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup);
    fireEvent.click(renderButton('signin'));
    post({ type: 'AUTH_SUCCESS', newAccount: true }, window.location.origin, popup);
    expect(screen.getByText('Sign up successful!')).toBeInTheDocument();
    expect(
      screen.getByText('Welcome to ReferBridge! You are now being redirected to your dashboard.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Sign in successful!')).not.toBeInTheDocument();
  });

  it('after the popup closes, a new account is welcomed as /auth/status says', async () => {
    vi.useFakeTimers();
    const popup = { closed: false } as Window;
    vi.spyOn(window, 'open').mockReturnValue(popup);
    fakeApi({
      authStatus: () => ({ isAuthenticated: true, isNewAccount: true, user: aUser({ fullName: 'Nia' }) }),
      mySettings: () => ({
        emailNotifications: true,
        timeZone: null,
        monthlyReferralCap: null,
        referralsPausedUntil: null,
      }),
      changeSettings: () => ({
        emailNotifications: true,
        timeZone: 'UTC',
        monthlyReferralCap: null,
        referralsPausedUntil: null,
      }),
    });
    fireEvent.click(renderButton('signin'));
    Object.assign(popup, { closed: true });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('Sign up successful!')).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
  });

  it('goes back to the page named by ?next= after 1.5 s, and says so', async () => {
    vi.useFakeTimers();
    const popup = { closed: false } as Window;
    vi.spyOn(window, 'open').mockReturnValue(popup);
    fakeApi({
      authStatus: () => ({ isAuthenticated: true, user: aUser({ fullName: 'Grace' }) }),
      mySettings: () => ({
        emailNotifications: true,
        timeZone: 'UTC',
        monthlyReferralCap: null,
        referralsPausedUntil: null,
      }),
    });
    // MemoryRouter does not move window.location: the hook reads ?next= from the address bar.
    window.history.replaceState(null, '', '/signin?next=%2Frefer');
    fireEvent.click(renderButton('signin'));
    Object.assign(popup, { closed: true });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(
      screen.getByText('Welcome back to ReferBridge! You are now being taken to the page you asked for.'),
    ).toBeInTheDocument();
    // A zone the account has (maybe chosen in Account settings) is not overwritten by the browser's.
    expect(fetch).not.toHaveBeenCalledWith('/api/user/settings', expect.objectContaining({ method: 'PUT' }));
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.getByText('Refer page')).toBeInTheDocument();
    window.history.replaceState(null, '', '/');
  });

  it('reports a failed sign-up from the status error and lets the user try again', async () => {
    vi.useFakeTimers();
    const popup = { closed: false } as Window;
    vi.spyOn(window, 'open').mockReturnValue(popup);
    fakeApi({ authStatus: () => ({ isAuthenticated: false, user: null, error: 'nope' }) });
    const button = renderButton('signup');
    fireEvent.click(button);
    Object.assign(popup, { closed: true });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('Authentication failed')).toBeInTheDocument();
    expect(
      screen.getByText('Something went wrong during the sign up process. Please try again.'),
    ).toBeInTheDocument();
    expect(button).toBeEnabled();
    expect(sessionStorage.getItem('isLoggedIn')).toBeNull();
  });

  it('says when the status check itself fails', async () => {
    vi.useFakeTimers();
    const popup = { closed: false } as Window;
    vi.spyOn(window, 'open').mockReturnValue(popup);
    fakeApi({}).overrides.set('GET /auth/status', () => new Response('down', { status: 503 }));
    fireEvent.click(renderButton('signin'));
    Object.assign(popup, { closed: true });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(
      screen.getByText('There was a problem checking your authentication status. Please try again.'),
    ).toBeInTheDocument();
  });

  it('says so when the popup is blocked', () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const button = renderButton('signin');
    fireEvent.click(button);
    expect(screen.getByText('Popup blocked')).toBeInTheDocument();
    expect(screen.getByText('Please allow popups for this site to sign in with Google.')).toBeInTheDocument();
    expect(button).toBeEnabled();
  });
});
