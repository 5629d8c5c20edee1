import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_REQUEST_ERRORS } from '../../src/shared/referral-texts';
import {
  expectNoAxeViolations,
  launchBrowser,
  newPage,
  savePicture,
  journeyServers,
  signInThroughPopup,
} from './browser';

/**
 * Issue 21's walk, 'What a new user met': the screens a new user meets, on a phone (390 px) and a laptop
 * (1280 px). Each screen is checked by axe at both widths, must not scroll sideways on the phone, and is
 * pictured in /tmp/walk (WALK_DIR) to be looked at.
 */

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 900 };
const OUT = process.env.WALK_DIR ?? '/tmp/walk';

/** Checks and pictures the current screen at both widths, then leaves the page at `end`. */
async function walk(page: Page, screen: string, end: 'phone' | 'laptop' = 'laptop') {
  fs.mkdirSync(OUT, { recursive: true });
  const sizes = end === 'laptop' ? ([PHONE, LAPTOP] as const) : ([LAPTOP, PHONE] as const);
  for (const size of sizes) {
    await page.setViewportSize(size);
    // A layout pass (and the scroll boxes' resize observers) after the resize.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    if (size === PHONE) {
      const widths = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(widths.scrollWidth, `${screen} is wider than a 390 px phone`).toBeLessThanOrEqual(
        widths.innerWidth,
      );
    }
    await expectNoAxeViolations(page, `${screen} at ${size.width} px`);
    await savePicture(page, path.join(OUT, `${screen}-${size.width}.png`));
  }
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${String(locator)} has no box`);
  return found;
}

type Box = Awaited<ReturnType<typeof box>>;
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Sets the signed-in user's current company through the API, as the dashboard's question does. */
async function setCompany(page: Page, companyName: string) {
  const status = await page.evaluate(async (name) => {
    const { user } = (await fetch('/auth/status').then((r) => r.json())) as { user: { id: number } };
    return fetch(`/api/users/${user.id}/current-company`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ companyName: name }),
    }).then((r) => r.status);
  }, companyName);
  expect(status).toBe(200);
}

describe.each(journeyServers('pglite'))('the 390 px walk on $name', ({ name, baseUrl }) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a new referrer and a new seeker meet every screen whole, at 390 and 1280 px', async () => {
    // A Shopify employee (no other journey's company) turns willingness on from a phone.
    const rita = await newPage(browser, baseUrl);
    await signInThroughPopup(rita.page, `rita.walk.${name}@shopify.com`, 'Rita Walker');
    await setCompany(rita.page, 'Shopify');
    await rita.page.setViewportSize(PHONE);
    await rita.page.goto('/my-referrals?tab=incoming');

    // The header links to the dashboard, the referrals and the profile (docs/product.md, Screens), as on every signed-in page.
    const nav = rita.page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Profile' }).waitFor();
    expect(
      await nav
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')])),
    ).toEqual([
      ['Dashboard', '/dashboard'],
      ['Referrals', '/my-referrals'],
      ['Notifications', '/notifications'],
      ['Profile', '/profile/edit'],
      ['Companies', '/companies'],
      ['Openings', '/openings'],
    ]);

    // The label sits beside its checkbox, not below it.
    const checkbox = rita.page.getByRole('checkbox', {
      name: 'I am willing to give referrals for my organization',
    });
    const label = rita.page.getByText('I am willing to give referrals for my organization');
    const [boxOfCheckbox, boxOfLabel] = [await box(checkbox), await box(label)];
    expect(boxOfLabel.x).toBeGreaterThan(boxOfCheckbox.x + boxOfCheckbox.width);
    expect(boxOfLabel.y).toBeLessThan(boxOfCheckbox.y + boxOfCheckbox.height);

    // On at once, and the verification shows without a reload; the toast leaves the header free.
    await checkbox.click();
    await rita.page.getByText('Currently active').waitFor();
    const toast = rita.page.locator('ol > li').filter({ hasText: 'Preferences updated' });
    await toast.waitFor();
    expect(overlaps(await box(toast), await box(rita.page.locator('header').first()))).toBe(false);
    await rita.page.getByText(/^Verified until /).waitFor();
    expect(await checkbox.getAttribute('aria-checked')).toBe('true');
    await walk(rita.page, `${name}-my-referrals-incoming`);

    // The first Tab stop is the skip link; Enter lands in the main landmark.
    await rita.page.goto('/notifications');
    await rita.page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await rita.page.keyboard.press('Tab');
    expect(await rita.page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await expectNoAxeViolations(rita.page, `${name}-skip-link-focused`);
    await savePicture(rita.page, path.join(OUT, `${name}-skip-link-1280.png`), false);
    await rita.page.keyboard.press('Enter');
    expect(await rita.page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await walk(rita.page, `${name}-notifications`);

    // A seeker who works at Stripe asks for referrals.
    const sam = await newPage(browser, baseUrl);
    await signInThroughPopup(sam.page, `sam.walk.${name}@example.com`, 'Sam Walker');
    await setCompany(sam.page, 'Stripe');
    await sam.page.setViewportSize(PHONE);
    await sam.page.goto('/request-referral');
    const jobUrl = sam.page.getByLabel('Job URL');
    const detection = sam.page.getByTestId('company-detection');
    await jobUrl.fill('https://jobs.lever.co/shopify/123');
    await detection.getByText('Shopify').waitFor();
    await sam.page.getByText('1 referrer at Shopify').waitFor();
    expect(await detection.textContent()).not.toMatch(/confidence/i);

    // A new URL drops the old company at once.
    await jobUrl.fill('https://jobs.lever.co/stripe/42');
    expect(await sam.page.locator('form').textContent()).not.toContain('Shopify');
    // Their own company is refused on the form, before any submit.
    await sam.page.getByText(REFERRAL_REQUEST_ERRORS.employee('Stripe')).waitFor();
    expect(await sam.page.getByRole('button', { name: 'Submit Request' }).isDisabled()).toBe(true);
    await walk(sam.page, `${name}-request-referral-own-company`);

    // A company with nobody on the site yet: the request will wait.
    await jobUrl.fill('https://boards.greenhouse.io/figma/jobs/123');
    await sam.page.getByText('No referrers at Figma yet: your request will wait until one joins.').waitFor();
    expect(await sam.page.getByRole('button', { name: 'Submit Request' }).isEnabled()).toBe(true);
    await walk(sam.page, `${name}-request-referral-no-referrers`);

    // A request to Rita, so that her dashboards have a row.
    await jobUrl.fill('https://jobs.lever.co/shopify/123');
    await sam.page.getByText('1 referrer at Shopify').waitFor();
    await sam.page.getByLabel('Position').fill('Software Engineer');
    await sam.page.getByRole('button', { name: 'Submit Request' }).click();
    await sam.page.waitForURL('**/dashboard');
    await sam.page.getByRole('heading', { name: /Sam!$/ }).waitFor();
    await walk(sam.page, `${name}-dashboard`);

    // The dashboards' tables scroll inside their boxes, with a cue, on the phone.
    for (const [route, table] of [
      ['/emergency-dashboard', 'Pending Referrals table'],
      ['/basic-dashboard', 'Referral requests table'],
    ] as const) {
      await rita.page.setViewportSize(PHONE);
      await rita.page.goto(route);
      const region = rita.page.getByRole('region', { name: table });
      await region.getByText('Software Engineer').waitFor();
      expect(await region.getAttribute('tabindex')).toBe('0');
      // The cue shows exactly when the table is wider than its box.
      const wider = await region.evaluate((el) => el.scrollWidth > el.clientWidth);
      const hint = rita.page.getByText('Scroll sideways to see more').first();
      await expect.poll(() => hint.isVisible()).toBe(wider);
      if (route === '/basic-dashboard') expect(wider).toBe(true);
      await walk(rita.page, `${name}${route.replace('/', '-')}`, 'phone');
    }

    // An unknown profile: one request, then 'Profile Not Found'.
    const asked: string[] = [];
    sam.page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/users/9999')) asked.push(url.pathname);
    });
    await sam.page.goto('/profile/view/9999');
    await sam.page.getByRole('heading', { name: 'Profile Not Found' }).waitFor();
    await sam.page.waitForLoadState('networkidle');
    expect(asked).toEqual(['/api/users/9999']);
    await walk(sam.page, `${name}-profile-not-found`);

    expect(rita.errors).toEqual([]);
    // The browser logs the profile's 404 as a failed resource.
    expect(sam.errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    await rita.context.close();
    await sam.context.close();
  });
});
