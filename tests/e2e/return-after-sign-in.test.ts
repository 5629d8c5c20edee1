import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completePopupSignIn, launchBrowser, newPage, screenshot, journeyServers } from './browser';

/**
 * Issue 46 item 9, the new user's walk: a visitor sent to sign in comes back to the page they asked for,
 * is welcomed as new (not back), and the public pages then show the signed-in header.
 */

/** Radix also repeats a toast in a live region, so match the visible text exactly. */
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function signInFromHere(page: Page, email: string, name: string) {
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: /with Google$/ }).click(),
  ]);
  await completePopupSignIn(popup, email, name);
}

describe.each(journeyServers('pglite'))('back where they were, on $name', ({ name, baseUrl }) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a visitor signs in from a protected page, is welcomed as new, and finds the public pages know them', async () => {
    const { page, errors, context } = await newPage(browser, baseUrl);
    const email = `nora.next.${name}@example.com`;
    await page.goto('/refer');
    await page.waitForURL('**/signin?next=%2Frefer');
    await signInFromHere(page, email, 'Nora Next');
    await toastText(page, 'Sign up successful!').waitFor();
    await toastText(
      page,
      'Welcome to ReferBridge! You are now being taken to the page you asked for.',
    ).waitFor();
    expect(await page.getByText('Sign in successful!').count()).toBe(0);
    await page.waitForURL('**/refer');
    await page.getByRole('heading', { name: 'Refer people at your company' }).waitFor();

    // The public pages: the bell and the account menu, not Sign in and Sign up, at both widths.
    for (const [path, heading] of [
      ['/', /referr/i],
      ['/blog', /./],
      ['/privacy', /Privacy/],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
      const banner = page.getByRole('banner').first();
      await banner.getByRole('button', { name: 'Account' }).waitFor();
      expect(await banner.getByRole('button', { name: /^Notifications/ }).count()).toBe(1);
      expect(await banner.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await screenshot(
          page,
          `${name}-signed-in-public${path === '/' ? '-landing' : path.replace('/', '-')}-${width}`,
        );
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    // Its account menu signs out, and the public page then offers Sign in again.
    await page.goto('/about');
    await page.getByRole('banner').first().getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
    await page.waitForURL('**/signin');
    await page.goto('/about');
    await page.getByRole('banner').first().getByRole('link', { name: 'Sign in' }).waitFor();

    // A hostile ?next= is ignored: the returning person is welcomed back, on the dashboard, here.
    await page.goto('/signin?next=%2F%2Fevil.example%2Fdashboard');
    await signInFromHere(page, email, 'Nora Next');
    await toastText(page, 'Sign in successful!').waitFor();
    await toastText(
      page,
      'Welcome back to ReferBridge! You are now being redirected to your dashboard.',
    ).waitFor();
    await page.waitForURL(`${baseUrl}/dashboard`);
    expect(new URL(page.url()).origin).toBe(new URL(baseUrl).origin);

    expect(errors).toEqual([]);
    await context.close();
  });
});
