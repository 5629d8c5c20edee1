import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, journeyServers, signInThroughPopup } from './browser';
import { api, becomeReferrer, myId } from './journey-api';

/**
 * Issue 46 item 9, the admin console: a report links to the reported user's view and to the request's
 * (who asked, its referral and referrer, its timeline), and the console's tables are usable on a 390 px
 * phone (each row a card, its actions on the screen) as on a 1280 px laptop.
 */

const ADMIN = 'admin.journey@example.com';
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 900 };

/** The document is no wider than the window: nothing scrolls the page sideways. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const widths = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(widths.scrollWidth, `${what} is wider than the window`).toBeLessThanOrEqual(widths.innerWidth);
}

/** Whole on the screen, side to side: a control the admin can see and reach without scrolling sideways. */
async function expectOnScreen(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, `${what} has no box`).not.toBeNull();
  expect(box!.x, `${what} starts left of the screen`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} ends right of the screen`).toBeLessThanOrEqual(width);
}

describe.each(journeyServers('pglite'))('the admin views and tables, on $name', ({ name, baseUrl }) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('goes from a report to its user and its request, and works the tables at 390 and 1280 px', async () => {
    const stamp = Date.now();
    const company = `Views Journey ${stamp}`;
    const rita = await newPage(browser, baseUrl);
    await signInThroughPopup(rita.page, `rita.views.${stamp}@example.com`, 'Rita Views');
    await becomeReferrer(rita.page, company);
    const sam = await newPage(browser, baseUrl);
    await signInThroughPopup(sam.page, `sam.views.${stamp}@example.com`, 'Sam Views');
    const samId = await myId(sam.page);
    const requestId = await sam.page.evaluate(
      async (body) => {
        const res = await fetch('/api/referral-requests', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return ((await res.json()) as { id: number }).id;
      },
      {
        jobUrl: `https://example.org/jobs/views-${stamp}`,
        position: 'Views Engineer',
        message: `Hello Rita (${stamp}).`,
        resumeLink: null,
        companyId: null,
        detectedCompanyName: company,
      },
    );
    expect(
      await api(rita.page, 'POST', '/api/reports', {
        subjectUserId: samId,
        requestId,
        reason: 'payment',
        note: `Sam offered me $200 for the referral (${stamp}).`,
      }),
    ).toBe(201);

    const admin = await newPage(browser, baseUrl);
    const page = admin.page;
    await signInThroughPopup(page, ADMIN, 'Ada Admin');
    await page.setViewportSize(PHONE);
    await page.goto('/admin');
    const report = page.getByRole('listitem').filter({ hasText: `(${stamp})` });
    await report.getByText('Offers or asks for money').waitFor();
    await expectNoSidewaysScroll(page, 'the queue');

    // The reported user's view: who, the actions, the report about them, their request.
    await report.getByRole('link', { name: 'Sam Views' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sam Views' }).waitFor();
    expect(page.url()).toMatch(new RegExp(`/admin/users/${samId}$`));
    const about = page.getByRole('region', { name: 'Reports about them' });
    await about.getByText(`Sam offered me $200 for the referral (${stamp}).`).waitFor();
    await expectOnScreen(page, page.getByRole('button', { name: 'Suspend' }), "the user view's Suspend");
    await expectNoSidewaysScroll(page, 'the user view');
    await screenshot(page, `${name}-admin-user-view-390`);

    // The request's view: who asked, where, the referral with its referrer, the timeline.
    await about.getByRole('link', { name: `request #${requestId}` }).click();
    await page.getByRole('heading', { level: 1, name: `Views Engineer at ${company}` }).waitFor();
    await page.getByText(`Hello Rita (${stamp}).`).waitFor();
    await page.getByRole('region', { name: 'Referrals' }).getByRole('link', { name: 'Rita Views' }).waitFor();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.getByText('Given to Rita Views').waitFor();
    await expectNoSidewaysScroll(page, 'the request view');
    await screenshot(page, `${name}-admin-request-view-390`);
    await page.setViewportSize(LAPTOP);
    await expectNoSidewaysScroll(page, 'the request view at 1280 px');
    await screenshot(page, `${name}-admin-request-view-1280`);

    // A request nobody has: the server's sentence (and the browser's own line for the 404, taken out).
    const before = admin.errors.length;
    await page.goto('/admin/requests/2147483647');
    await page.getByRole('alert').getByText('There is no such request.').waitFor();
    expect(admin.errors.splice(before)).toEqual([
      'console: Failed to load resource: the server responded with a status of 404 (Not Found)',
    ]);

    // The Users table at 390 px: each row a card, its actions on the screen.
    await page.setViewportSize(PHONE);
    await page.goto('/admin?tab=users');
    await page.getByLabel('Find a user').fill(`rita.views.${stamp}`);
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    const ritaRow = page.getByRole('row').filter({ hasText: 'Rita Views' });
    await expectOnScreen(page, ritaRow.getByRole('button', { name: 'Suspend' }), "Rita's Suspend");
    const verify = ritaRow.getByRole('button', { name: 'Verify by hand' });
    await expectOnScreen(page, verify, "Rita's Verify by hand");
    await expectOnScreen(page, ritaRow.getByText(company), 'where Rita refers');
    await expectNoSidewaysScroll(page, 'the Users tab');
    await screenshot(page, `${name}-admin-users-390`);
    await verify.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill('Checked on the company site.');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await ritaRow.getByRole('button', { name: 'Undo verification' }).waitFor();
    await expectOnScreen(
      page,
      ritaRow.getByRole('button', { name: 'Undo verification' }),
      'Undo verification',
    );

    // The Companies table and the audit log at 390 px.
    await page.getByRole('tab', { name: 'Companies' }).click();
    await page.getByLabel('Find a company').fill(company);
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    const companyRow = page.getByRole('row').filter({ hasText: company });
    await expectOnScreen(page, companyRow.getByRole('button', { name: 'Domains' }), 'Domains');
    await expectOnScreen(page, companyRow.getByRole('button', { name: 'Merge' }), 'Merge');
    await expectNoSidewaysScroll(page, 'the Companies tab');
    await screenshot(page, `${name}-admin-companies-390`);
    await page.getByRole('tab', { name: 'Audit log' }).click();
    const entry = page.getByRole('row').filter({ hasText: 'Checked on the company site.' });
    await expectOnScreen(page, entry.getByText('user.verify', { exact: true }), 'the audit entry');
    await expectNoSidewaysScroll(page, 'the audit log');
    await screenshot(page, `${name}-admin-audit-390`);

    // At 1280 px the same lists are tables, with their column headers.
    await page.setViewportSize(LAPTOP);
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByLabel('Find a user').fill(`rita.views.${stamp}`);
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await page.getByRole('columnheader', { name: 'Actions' }).waitFor({ state: 'visible' });
    const row = await ritaRow.boundingBox();
    const cell = await ritaRow.getByRole('button', { name: 'Undo verification' }).boundingBox();
    // One line per user: the actions stand beside the name, not under it.
    expect(cell!.y).toBeLessThan(row!.y + 40);
    await expectNoSidewaysScroll(page, 'the Users tab at 1280 px');
    await screenshot(page, `${name}-admin-users-1280`);

    expect(admin.errors).toEqual([]);
    for (const who of [rita, sam, admin]) await who.context.close();
  });
});
