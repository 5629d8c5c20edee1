// @vitest-environment jsdom
import { REFERRAL_SUBMIT_TEXTS } from '@shared/referral-texts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));
beforeEach(() => vi.mocked(toast).mockClear());
afterEach(() => vi.unstubAllGlobals());

const visitor = () => fakeApi({ authStatus: () => ({ isAuthenticated: false, user: null }) });

/**
 * The signed-in screens are one lazy module: its first import in a file transforms it, which takes
 * seconds on a busy machine, past findBy's default second.
 */
const FIRST_LOAD = { timeout: 15_000 };

describe('referral routes', () => {
  it.each(['/referrer-dashboard', '/original-dashboard', '/basic-dashboard', '/emergency-dashboard'])(
    '%s tells visitors to sign in instead of redirecting',
    async (path) => {
      visitor();
      const router = renderApp(path);
      expect(
        await screen.findByRole('heading', { name: 'Authentication Required' }, FIRST_LOAD),
      ).toBeInTheDocument();
      expect(
        screen.getByText('You need to be signed in to view your referral dashboard.'),
      ).toBeInTheDocument();
      // Its link comes back here once signed in (issue 46 item 9).
      expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
        'href',
        `/signin?next=${encodeURIComponent(path)}`,
      );
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it("/basic-dashboard says 'Auth check failed' when the auth check fails", async () => {
    fakeApi({}).overrides.set('GET /auth/status', () => new Response('down', { status: 500 }));
    renderApp('/basic-dashboard');
    expect(await screen.findByRole('heading', { name: 'Auth check failed' }, FIRST_LOAD)).toBeInTheDocument();
  });

  it('/request-referral toasts and redirects visitors to /signin', async () => {
    visitor();
    const router = renderApp('/request-referral');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(toast).toHaveBeenCalledWith({
      variant: 'destructive',
      title: REFERRAL_SUBMIT_TEXTS.authTitle,
      description: REFERRAL_SUBMIT_TEXTS.authMessage,
    });
  });

  it('/my-referrals redirects visitors to /signin', async () => {
    visitor();
    const router = renderApp('/my-referrals');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });
});
