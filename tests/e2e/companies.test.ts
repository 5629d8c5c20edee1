import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, journeyServers, signInThroughPopup } from './browser';
import { becomeReferrer } from './journey-api';

const SENTENCE =
  'Companies where a referrer can take your request now. Sign in to ask for a referral at one.';

/** Where the page's title and sentence stand, to the pixel. */
const headerBoxes = async (page: Page) => ({
  title: await page.getByRole('heading', { level: 1, name: 'Companies' }).boundingBox(),
  sentence: await page.getByText(SENTENCE).boundingBox(),
});

describe.each(journeyServers('pglite'))('the company directory on $name', ({ name, baseUrl }) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a visitor sees the page's top before any script, and the app takes over without a flash or a shift", async () => {
    // No script at all: what the server's HTML paints.
    const bare = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false });
    const still = await bare.newPage();
    await still.setViewportSize({ width: 390, height: 844 });
    await still.goto('/companies');
    expect(await still.getByText(SENTENCE).isVisible()).toBe(true);
    expect(await still.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
    expect(await still.getByRole('searchbox').count()).toBe(0);
    const painted = await headerBoxes(still);
    await bare.close();

    const { page, errors, context } = await newPage(browser, baseUrl);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: number[] };
      w.shifts = [];
      new PerformanceObserver((list) =>
        list.getEntries().forEach((entry) => w.shifts.push((entry as unknown as { value: number }).value)),
      ).observe({ type: 'layout-shift', buffered: true });
    });
    // The directory page's code held back: meanwhile the server's paint stays, and no spinner shows over it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/companies-page-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/companies', { waitUntil: 'domcontentloaded' });
    await page.getByText(SENTENCE).waitFor();
    await page.waitForTimeout(500);
    expect(await page.locator('#prepaint').isVisible()).toBe(true);
    expect(await page.locator('#root').isVisible()).toBe(false);
    expect(await page.getByRole('status').filter({ visible: true }).count()).toBe(0);
    release();

    await page.getByRole('searchbox', { name: 'Search companies' }).waitFor();
    expect(await page.locator('#prepaint').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await headerBoxes(page)).toEqual(painted);
    // The directory has answered (other journeys may have left companies in it, or none): nothing moved,
    // neither when the app took over nor when the list arrived under the header.
    await page.getByText('Loading companies...').waitFor({ state: 'detached' });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
    await screenshot(page, `${name}-companies-visitor`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a visitor's first load fetches none of the signed-in screens' code and no session check, and the page works", async () => {
    const referrer = await newPage(browser, baseUrl);
    const company = `Quillfeather ${name}`;
    await signInThroughPopup(referrer.page, `quinn-${name}@example.com`, 'Quinn Quillfeather');
    await becomeReferrer(referrer.page, company);
    await referrer.context.close();

    const { page, errors, context } = await newPage(browser, baseUrl);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/companies');
    const search = page.getByRole('searchbox', { name: 'Search companies' });
    await search.fill('zzz');
    await page.getByText('No company starting with “zzz” has a referrer available right now.').waitFor();
    await search.fill('quillfeather');
    await page.waitForURL('**/companies?q=quillfeather');
    await page.getByRole('heading', { level: 2, name: company }).waitFor();
    const list = page.getByRole('list', { name: 'Companies with referrers' });
    expect(await list.getByRole('listitem').count()).toBe(1);

    const chunks = requested.filter((path) => path.startsWith('/assets/') && path.endsWith('.js'));
    expect(chunks.some((path) => path.includes('/visitor-companies-screen-'))).toBe(true);
    const signedInCode =
      /\/assets\/(signed-in-screens|layouts|profile|notification[a-z-]*|bell-popover|account-menu)-/;
    expect(chunks.filter((path) => signedInCode.test(path))).toEqual([]);
    expect(requested).not.toContain('/auth/status');

    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/signin');
    await page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a signed-in user gets the page under their own header, with no first paint in its HTML', async () => {
    const { page, errors, context } = await newPage(browser, baseUrl);
    await signInThroughPopup(page, `dana-${name}@example.com`, 'Dana Directory');
    const html = await (await page.request.get('/companies')).text();
    expect(html).not.toContain('id="prepaint"');
    expect(html).toContain('<title>Companies · ReferBridge</title>');
    await page.goto('/companies');
    await page.getByRole('searchbox', { name: 'Search companies' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Dashboard' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Sign up' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Account/ }).count()).toBe(1);
    expect(await page.locator('#prepaint').count()).toBe(0);
    // On a phone, with a short list, the page fits the screen under the signed-in header (two rows there):
    // no footer follows, so nothing holds the page a screen tall.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/companies?q=zzz');
    await page.getByText('No company starting with “zzz” has a referrer available right now.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(844);
    expect(errors).toEqual([]);
    await context.close();
  });
});
