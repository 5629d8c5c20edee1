import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, myId } from './journey-api';
import { launchBrowser, newPage, screenshot, journeyServers, signInThroughPopup } from './browser';

/**
 * Issue 46 item 9, 'The new user's walk': what only a keyboard shows. The header's bell and account button
 * stay the very element that has focus (their popups' code loads on first use), and Tab walks a signed-in
 * page and the request form in reading order.
 */

/** The focused element as a person hears it: its tag and its name (aria-label, its label, or its text). */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const label = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null;
    const shown = el.cloneNode(true) as Element;
    for (const hidden of shown.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
    const name = el.getAttribute('aria-label') ?? label?.textContent ?? shown.textContent ?? '';
    return `${el.tagName.toLowerCase()} ${name.replace(/\s+/g, ' ').trim()}`;
  });
}

/** Whether the bell (named 'Notifications', with the unread count when there is one) has focus. */
const isBell = (stop: string | undefined) => /^button Notifications(, \d+ unread)?$/.test(stop ?? '');

/** Marks the focused element, so a later check can tell whether it is still the same node. */
async function markFocused(page: Page): Promise<void> {
  await page.evaluate(() => document.activeElement?.setAttribute('data-focus-mark', 'yes'));
}

async function markedStillFocused(page: Page): Promise<boolean> {
  return page.evaluate(() => document.activeElement?.getAttribute('data-focus-mark') === 'yes');
}

describe.each(journeyServers('pglite'))('keyboard on $name', ({ name, baseUrl }) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the bell and the account button keep focus, and Tab walks the header then the page', async () => {
    const { page, errors, context } = await newPage(browser, baseUrl);
    await signInThroughPopup(page, `kim.keys.${name}@example.com`, 'Kim Keys');
    await page.getByRole('heading', { name: 'Welcome, Kim!' }).waitFor();
    // A company, so that the dashboard's company question stays closed.
    expect(
      await api(page, 'PUT', `/api/users/${await myId(page)}/current-company`, { companyName: 'Figma' }),
    ).toBe(200);
    // A fresh load: nothing of the bell's popup or the account menu has been fetched yet.
    await page.reload();
    await page.getByRole('heading', { name: 'Hey, Kim!' }).waitFor();
    await page.waitForLoadState('networkidle');

    // Tab from the top of the page to the bell.
    const stops: string[] = [];
    while (stops.length < 15 && !isBell(stops.at(-1))) {
      await page.keyboard.press('Tab');
      stops.push(await focused(page));
    }
    expect(isBell(stops.at(-1)), stops.join('\n')).toBe(true);
    await markFocused(page);
    // Whatever loads on focus has loaded: the bell is still the element that has focus.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    expect(await markedStillFocused(page)).toBe(true);

    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button Account');
    await markFocused(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    expect(await markedStillFocused(page)).toBe(true);

    // Enter opens the menu from the keyboard; Escape closes it and focus is back on the button.
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect.poll(() => menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    await expect.poll(() => focused(page)).toBe('button Account');

    // The page's own content comes after the header.
    await page.keyboard.press('Tab');
    const firstInMain = await page.evaluate(
      () => document.getElementById('main-content')?.contains(document.activeElement) ?? false,
    );
    expect(firstInMain, `the Tab after the account button reached ${await focused(page)}`).toBe(true);

    // The bell's popup, opened and closed from the keyboard, gives focus back to the bell.
    await page.keyboard.down('Shift');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.up('Shift');
    expect(isBell(await focused(page))).toBe(true);
    await page.keyboard.press('Enter');
    const popup = page.getByRole('dialog', { name: 'Notifications' });
    await popup.waitFor();
    // Escape once the popup has taken the focus, as a person presses it after the popup shows.
    await expect.poll(() => popup.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await screenshot(page, `${name}-keyboard-bell-open`);
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
    // Radix gives the focus back on the task after the popup unmounts, not with it.
    await expect
      .poll(async () => isBell(await focused(page)), { message: 'focus back on the bell' })
      .toBe(true);

    // The header in reading order: skip link, brand, the same nav on every signed-in page, bell, account.
    expect(stops).toEqual([
      'a Skip to main content',
      'a ReferBridge',
      'a Dashboard',
      'a Referrals',
      'a Notifications',
      'a Profile',
      'a Companies',
      'a Openings',
      'button Notifications, 1 unread',
    ]);
    // On a phone the links take a row of their own, which scrolls sideways rather than the page.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, `${name}-keyboard-dashboard-390`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Tab walks the request form in reading order', async () => {
    const { page, errors, context } = await newPage(browser, baseUrl);
    await signInThroughPopup(page, `ria.keys.${name}@example.com`, 'Ria Keys');
    await page.goto('/request-referral');
    await page.getByLabel('Job URL').waitFor();
    await page.waitForLoadState('networkidle');
    // From the skip link: into the main landmark, then on through the form.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('a Skip to main content');
    await page.keyboard.press('Enter');
    const stops: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const stop = await focused(page);
      stops.push(stop);
      if (stop.startsWith('button Submit Request')) break;
    }
    const order = ['Job URL', 'Position', 'Message', 'Submit Request'].map((field) =>
      stops.findIndex((stop) => stop.includes(field)),
    );
    expect(
      order.every((index) => index >= 0),
      stops.join('\n'),
    ).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    await screenshot(page, `${name}-keyboard-request-form`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
