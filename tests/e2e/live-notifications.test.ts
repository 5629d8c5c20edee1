import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, journeyServers, signInThroughPopup } from './browser';

describe.each(journeyServers('postgres'))('live notifications on $name', ({ name, baseUrl }) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("one tab's badge drops at once when another tab marks everything read, without waiting for a poll", async () => {
    const { page, errors, context } = await newPage(browser, baseUrl);
    await signInThroughPopup(page, `liv.${name}@example.com`, 'Liv Live');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    const badge = bell.getByTestId('notification-badge');
    await expect.poll(() => badge.textContent(), { timeout: 10_000 }).toBe('1');

    // Same browser, second tab: its own query cache, so only the stream can tell the first tab.
    const other = await context.newPage();
    await other.goto('/notifications');
    await other.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => other.getByRole('button', { name: 'Mark all as read' }).count()).toBe(0);

    // Polling would take up to 60 s; the stream takes well under 5.
    await expect.poll(() => badge.count(), { timeout: 5_000 }).toBe(0);
    expect(await bell.getAttribute('aria-label')).toBe('Notifications');
    await screenshot(page, `${name}-live-notifications-badge-cleared`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
