// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { stubBrowserApis } from '@/testing/browser-stubs';
import { renderApp, signedInReads } from '@/testing/render-app';

beforeEach(() => {
  stubBrowserApis();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const PUBLIC_PAGES = [
  '/',
  '/blog',
  '/blog/hidden-networking-strategies-2025',
  '/privacy',
  '/terms',
  '/about',
];

/** Issue 46 item 9: the public pages know a signed-in person. */
describe("the public pages' top bar", () => {
  it.each(PUBLIC_PAGES)('on %s shows a signed-in person the bell and the account menu', async (path) => {
    localStorage.setItem('mayBeSignedIn', 'true');
    fakeApi(signedInReads());
    renderApp(path);
    const [banner] = await screen.findAllByRole('banner', {}, { timeout: 10_000 });
    await within(banner!).findByRole('button', { name: 'Account' }, { timeout: 10_000 });
    expect(within(banner!).getByRole('button', { name: /^Notifications/ })).toBeInTheDocument();
    expect(within(banner!).queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(within(banner!).queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });

  it('shows Sign in and Sign up once the session says the browser is signed out, and forgets it', async () => {
    localStorage.setItem('mayBeSignedIn', 'true');
    fakeApi({ authStatus: () => ({ isAuthenticated: false, user: null }) });
    renderApp('/about');
    const [banner] = await screen.findAllByRole('banner', {}, { timeout: 10_000 });
    await within(banner!).findByRole('link', { name: 'Sign in' }, { timeout: 10_000 });
    expect(within(banner!).getByRole('link', { name: 'Sign up' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('mayBeSignedIn')).toBeNull());
  });

  it("never asks a visitor's session", async () => {
    const api = fakeApi({});
    renderApp('/about');
    const [banner] = await screen.findAllByRole('banner', {}, { timeout: 10_000 });
    expect(within(banner!).getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls.map((call) => call.path)).not.toContain('/auth/status');
  });

  it('is told by any signed-in page that the browser is signed in', async () => {
    fakeApi({ ...signedInReads(), notifications: () => [] });
    renderApp('/notifications');
    await screen.findByRole('heading', { level: 1, name: 'Notifications' }, { timeout: 10_000 });
    await waitFor(() => expect(localStorage.getItem('mayBeSignedIn')).toBe('true'));
  });
});
