import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completePopupSignIn, launchBrowser, newPage, screenshot, journeyServers } from './browser';

describe.each(journeyServers('postgres'))('notifications journey on $name', ({ name, baseUrl }) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a new user is welcomed, reads the welcome from the bell, then deletes it on /notifications', async () => {
    const { page, errors, context } = await newPage(browser, baseUrl);
    await page.goto('/signup');
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Sign up with Google' }).click(),
    ]);
    await completePopupSignIn(popup, `nora.${name}@example.com`, 'Nora Notify');
    await page.waitForURL('**/dashboard', { timeout: 15_000 });

    // Its name carries the badge's count ('Notifications, 1 unread'), so find it by the start.
    const bell = page.getByRole('button', { name: /^Notifications/ });
    const badge = bell.getByTestId('notification-badge');
    await expect.poll(() => badge.textContent(), { timeout: 10_000 }).toBe('1');
    expect(await bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');

    await bell.click();
    const recent = page.getByRole('list', { name: 'Recent notifications' });
    const welcome = recent.getByRole('button', { name: /Welcome to ReferBridge!/ });
    await welcome.waitFor();
    expect(await welcome.getAttribute('data-unread')).toBe('true');
    expect(await recent.getByText(/Complete your profile/).getAttribute('class')).toContain('line-clamp-2');
    expect(await recent.locator('time').textContent()).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)$/,
    );
    await screenshot(page, `${name}-notifications-bell`);

    // Its link leads to the profile editor; the bell's badge goes away once it is read.
    await welcome.click();
    await page.waitForURL('**/profile/edit');
    await expect.poll(() => badge.count(), { timeout: 10_000 }).toBe(0);

    await bell.click();
    await page.getByRole('link', { name: 'View all notifications' }).click();
    await page.waitForURL('**/notifications');
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Dashboard', 'Referrals', 'Notifications']) {
      expect(await nav.getByRole('link', { name: label, exact: true }).count()).toBe(1);
    }
    const rows = page.getByRole('list', { name: 'All notifications' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-unread')).toBeNull();
    expect(await page.getByRole('button', { name: 'Mark all as read' }).count()).toBe(0);
    expect(
      await page
        .getByRole('main')
        .getByText(/^\d+ unread$/)
        .count(),
    ).toBe(0);
    await page.mouse.move(5, 600);
    await screenshot(page, `${name}-notifications-page`);

    await rows.first().getByRole('button', { name: 'Delete notification' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Delete Notification' }).waitFor();
    await dialog
      .getByText('Are you sure you want to delete this notification? This action cannot be undone.')
      .waitFor();
    await screenshot(page, `${name}-notifications-delete-dialog`);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('No notifications yet').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, `${name}-notifications-empty`);

    // The deletion is stored: a reload shows the same empty list.
    await page.reload();
    await page.getByText('No notifications yet').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows unread on /notifications with '1 unread' and 'Mark all as read', which clears both", async () => {
    const { page, errors, context } = await newPage(browser, baseUrl);
    await page.goto('/signup');
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Sign up with Google' }).click(),
    ]);
    await completePopupSignIn(popup, `otto.${name}@example.com`, 'Otto Unread');
    await page.waitForURL('**/dashboard', { timeout: 15_000 });

    await page.goto('/notifications');
    await page.getByRole('main').getByText('1 unread', { exact: true }).waitFor();
    const row = page.getByRole('list', { name: 'All notifications' }).getByRole('listitem').first();
    expect(await row.getAttribute('data-unread')).toBe('true');
    await screenshot(page, `${name}-notifications-page-unread`);

    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Mark all as read' }).count()).toBe(0);
    expect(await page.getByRole('main').getByText('1 unread', { exact: true }).count()).toBe(0);
    // The count and the list are two queries; the list's refetch may land a moment after the count's.
    await expect.poll(() => row.getAttribute('data-unread')).toBeNull();
    expect(
      await page
        .getByRole('button', { name: /^Notifications/ })
        .getByTestId('notification-badge')
        .count(),
    ).toBe(0);
    // Still there, only read.
    await row.getByText('Welcome to ReferBridge!').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
