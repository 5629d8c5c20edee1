// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { stubBrowserApis } from '@/testing/browser-stubs';
import { renderApp, signedInReads } from '@/testing/render-app';

beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

/** The whole app at `path`, signed in, with the reads its signed-in screens make on the way in. */
async function renderSignedIn(path: string, { isAdmin = false } = {}) {
  fakeApi({
    ...signedInReads(undefined, isAdmin),
    notifications: () => [],
    referralRequests: () => [],
    verification: () => ({ verified: false, method: null, companyName: null }),
    myExperiences: () => [],
    myEducation: () => [],
    mySkills: () => [],
    myActiveResume: () => null,
    mySettings: () => ({
      emailNotifications: true,
      timeZone: 'UTC',
      monthlyReferralCap: null,
      referralsPausedUntil: null,
    }),
    myBlocks: () => [],
    wantedCompanies: () => ({ items: [] }),
    companies: () => [],
    openings: () => ({ items: [], nextCursor: null }),
  });
  return renderApp(path);
}

describe('the skip link', () => {
  it.each(['/notifications', '/my-referrals', '/dashboard'])(
    'on %s is the first Tab stop, and Enter moves focus to the main landmark',
    async (path) => {
      await renderSignedIn(path);
      // The screen itself, not the loading state that stands in for it.
      await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
      await userEvent.tab();
      expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      const main = screen.getByRole('main');
      expect(main).toHaveAttribute('id', 'main-content');
      expect(main).toHaveFocus();
    },
  );

  it('leads to the main landmark on public pages too', async () => {
    const router = await renderSignedIn('/about');
    const main = await screen.findByRole('main', {}, { timeout: 10_000 });
    expect(main).toHaveAttribute('id', 'main-content');
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
    await act(() => router.navigate('/no-such-page'));
    await screen.findByRole('heading', { name: '404 Page Not Found' }, { timeout: 10_000 });
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });
});

/** Every signed-in page (docs/product.md, Screens), each with the one header. */
const SIGNED_IN_PAGES = [
  '/dashboard',
  '/my-referrals',
  '/notifications',
  '/profile/edit',
  '/request-referral',
  '/refer',
  '/companies',
  '/openings',
  '/referrer-dashboard',
  '/original-dashboard',
  '/basic-dashboard',
  '/emergency-dashboard',
];

describe('the signed-in header', () => {
  it.each(SIGNED_IN_PAGES)(
    'on %s has the same links, with every one docs/product.md, Screens asks for',
    async (path) => {
      await renderSignedIn(path);
      const nav = await screen.findByRole('navigation', { name: 'Main' }, { timeout: 10_000 });
      const links = within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]);
      expect(links).toEqual([
        ['Dashboard', '/dashboard'],
        ['Referrals', '/my-referrals'],
        ['Notifications', '/notifications'],
        ['Profile', '/profile/edit'],
        ['Companies', '/companies'],
        ['Openings', '/openings'],
      ]);
    },
  );

  it.each(['/my-referrals', '/notifications', '/refer'])(
    'on %s has the same account menu, with every item docs/product.md names for one',
    async (path) => {
      await renderSignedIn(path);
      await userEvent.click(await screen.findByRole('button', { name: /Account/ }, { timeout: 10_000 }));
      const menu = await screen.findByRole('menu');
      const items = within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent);
      expect(items).toEqual([
        'Referrals Dashboard',
        'My Referral Requests',
        'Account Settings',
        'Sign out',
        'Sign out everywhere',
      ]);
    },
  );
});

describe('the admin console link (issue 46 item 9)', () => {
  const menuItems = async () => {
    await userEvent.click(await screen.findByRole('button', { name: /Account/ }, { timeout: 10_000 }));
    return within(await screen.findByRole('menu')).getAllByRole('menuitem');
  };

  it('is in the account menu for an admin, and leads to /admin', async () => {
    const router = await renderSignedIn('/notifications', { isAdmin: true });
    const item = (await menuItems()).find((entry) => entry.textContent === 'Admin console');
    expect(item).toBeDefined();
    await userEvent.click(item!);
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('is not there for anyone else', async () => {
    await renderSignedIn('/notifications');
    expect((await menuItems()).map((item) => item.textContent)).not.toContain('Admin console');
  });
});

/** The visitor's /companies with one company, rendered whole. */
async function renderVisitorCompanies() {
  fakeApi({
    authStatus: () => ({ isAuthenticated: false, user: null }),
    recordActivity: () => null,
    wantedCompanies: () => ({ items: [] }),
    companyDirectory: () => ({
      items: [
        {
          id: 7,
          name: 'Acme',
          referrers: 2,
          verifiedReferrers: 1,
          responseRate: null,
          medianResponseHours: null,
        },
      ],
      nextCursor: null,
    }),
  });
  const router = renderApp('/companies');
  await screen.findByRole('heading', { name: 'Acme' }, { timeout: 10_000 });
  return router;
}

// A visitor's first load skips the session check (visitor-companies-screen.test.tsx); a later visit asks it.
describe('/companies for a visitor', () => {
  it('shows the directory under the public header, and asking leads to sign-in', async () => {
    const router = await renderVisitorCompanies();
    expect(screen.getByRole('heading', { level: 1, name: 'Companies' })).toBeInTheDocument();
    // The site's own header (Sign in), not the signed-in one (no bell, no account menu).
    expect(screen.getAllByRole('link', { name: /sign in/i }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /Account/ })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/companies');
    // The public page's head, as the server's HTML has it for crawlers.
    expect(document.title).toBe('Companies · ReferBridge');
    expect(document.head.querySelector('meta[property="og:description"]')).toHaveAttribute(
      'content',
      'Companies where a referrer can take your request now. Sign in to ask for a referral at one.',
    );
    expect(screen.queryByRole('link', { name: /Back to Dashboard/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a referral at Acme' })).toHaveAttribute(
      'href',
      '/request-referral?companyId=7',
    );
  });
});

/** Issue 46 item 9: a visitor sent to sign in comes back to the page they asked for. */
describe('a visitor on a signed-in page', () => {
  it.each([
    ['/refer', '?next=%2Frefer'],
    ['/request-referral?companyId=7', '?next=%2Frequest-referral%3FcompanyId%3D7'],
    ['/dashboard', ''],
  ])('on %s goes to /signin, naming the page to come back to', async (path, search) => {
    fakeApi({ authStatus: () => ({ isAuthenticated: false, user: null }), recordActivity: () => null });
    const router = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'), { timeout: 10_000 });
    expect(router.state.location.search).toBe(search);
    // Sign up instead: the page to come back to goes along.
    const signUp = await screen.findByRole('link', { name: 'Sign up' }, { timeout: 10_000 });
    expect(signUp).toHaveAttribute('href', `/signup${search}`);
  });

  it('on a referrer dashboard is told to sign in, by a link that comes back there', async () => {
    fakeApi({ authStatus: () => ({ isAuthenticated: false, user: null }), recordActivity: () => null });
    renderApp('/basic-dashboard');
    await screen.findByRole('heading', { name: 'Authentication Required' }, { timeout: 10_000 });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/signin?next=%2Fbasic-dashboard',
    );
  });
});
