// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Prepaint from '@/lib/prepaint';
import { sessionFlags } from '@/lib/session-flags';
import { stubBrowserApis } from '@/testing/browser-stubs';
import { fakeApi } from '@/testing/fake-api';
import { renderApp, signedInReads } from '@/testing/render-app';
// What the server writes before #root for a visitor's /companies (server/plugins/spa.ts).
import companiesPrepaint from '../../../public/prepaint/companies.html?raw';

// This document came with the server's first paint (no session cookie): what main.tsx found at boot.
vi.mock('@/lib/prepaint', async (importOriginal) => ({
  ...(await importOriginal<typeof Prepaint>()),
  prepaintedAtBoot: true,
}));
// Which of the app's modules the page loaded.
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('./signed-in-screens', async (importOriginal) => {
  loaded.add('signed-in-screens');
  return importOriginal();
});

beforeEach(() => stubBrowserApis());
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  // A signed-in screen remembers the browser as signed in (site-header.tsx); each test starts a visitor.
  localStorage.clear();
});

const acme = {
  id: 7,
  name: 'Acme',
  referrers: 2,
  verifiedReferrers: 1,
  responseRate: null,
  medianResponseHours: null,
};

/** The whole app, opened on /companies by a visitor whose document the server painted first. */
async function openVisitorCompanies() {
  const api = fakeApi({
    recordActivity: () => null,
    wantedCompanies: () => ({ items: [] }),
    companyDirectory: () => ({ items: [acme], nextCursor: null }),
  });
  const router = renderApp('/companies');
  await screen.findByRole('heading', { name: 'Acme' }, { timeout: 10_000 });
  return { router, api };
}

/** From here on the server says the tab is signed in, with the reads a signed-in screen makes. */
function signedInFromNowOn() {
  fakeApi({
    ...signedInReads(),
    wantedCompanies: () => ({ items: [] }),
    companyDirectory: () => ({ items: [acme], nextCursor: null }),
  });
}

describe("a visitor's first /companies", () => {
  it('shows the directory under the public header without the signed-in screens or a session check', async () => {
    const { router, api } = await openVisitorCompanies();
    expect(screen.getByRole('heading', { level: 1, name: 'Companies' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Account' })).toHaveTextContent('Sign in');
    expect(screen.queryByRole('button', { name: /Account/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a referral at Acme' })).toHaveAttribute(
      'href',
      '/request-referral?companyId=7',
    );
    expect(document.title).toBe('Companies · ReferBridge');
    expect(router.state.location.pathname).toBe('/companies');
    expect(loaded).not.toContain('signed-in-screens');
    expect(api.calls.map((call) => call.path)).not.toContain('/auth/status');
  });

  // Signing up sets no flag: the page's own search (?q=) has replaced the first entry's key by then.
  it.each([
    ['signing in', () => sessionFlags.setLoggedIn()],
    ['signing up', () => {}],
  ])('after %s, Back to the first entry shows the signed-in page', async (_, signIn) => {
    const { router } = await openVisitorCompanies();
    await act(() => router.navigate('/about'));
    // The page is gone (a navigation keeps it on screen, mounted, while the next page's code loads).
    await screen.findByRole('heading', { level: 1, name: 'About' }, { timeout: 10_000 });
    signedInFromNowOn();
    signIn();
    await act(() => router.navigate(-1));
    await screen.findByRole('button', { name: /Account/ }, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/companies');
    expect(screen.queryByRole('navigation', { name: 'Account' })).not.toBeInTheDocument();
  });

  it('is not what a later navigation to /companies shows: the session decides', async () => {
    signedInFromNowOn();
    const router = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' }, { timeout: 10_000 });
    await act(() => router.navigate('/companies'));
    await screen.findByRole('heading', { name: 'Acme' }, { timeout: 10_000 });
    expect(screen.getByRole('button', { name: /Account/ })).toBeInTheDocument();
  });
});

describe("the server's first paint of a visitor's /companies", () => {
  const prepaint = () => {
    const holder = document.createElement('div');
    holder.innerHTML = companiesPrepaint;
    return holder;
  };

  it('is the top of the page React renders, element for element, so nothing moves when the app takes over', async () => {
    await openVisitorCompanies();
    const siteHeader = screen.getByRole('navigation', { name: 'Account' }).closest('header')!;
    const shell = siteHeader.parentElement!;
    const main = screen.getByRole('main');
    const pageHeader = screen.getByRole('heading', { level: 1, name: 'Companies' }).closest('header')!;

    const [first, ...rest] = [...prepaint().children];
    expect(rest).toEqual([]);
    expect(first!.outerHTML.startsWith('<div class=')).toBe(true);
    expect(first!.className).toBe(shell.className);
    const [paintedHeader, paintedMain, ...more] = [...first!.children];
    expect(more).toEqual([]);
    expect(paintedHeader!.outerHTML).toBe(siteHeader.outerHTML);
    // The same box (not the landmark's id and tab stop: the app's own main has them once it shows).
    expect(paintedMain!.tagName).toBe('MAIN');
    expect(paintedMain!.className).toBe(main.className);
    expect(paintedMain!.getAttributeNames()).toEqual(['class']);
    expect([...paintedMain!.children].map((child) => child.outerHTML)).toEqual([pageHeader.outerHTML]);
    expect(main.firstElementChild).toBe(pageHeader);
  });
});
