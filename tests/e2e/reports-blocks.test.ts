import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, journeyServers, signInThroughPopup } from './browser';
import { api, becomeReferrer, myId } from './journey-api';

/**
 * Issue 25 items 2 and 3 in the browser (docs/decisions/039-running-the-marketplace.md): the seeker reports
 * the referrer from their card, and the referrer blocks the seeker from theirs, which takes the request
 * away from her at once.
 */

/** Radix also repeats a toast in a live region, so match the visible text exactly. */
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

describe.each(journeyServers('postgres'))('reports and blocks from the cards, on $name', ({ baseUrl }) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reports a referrer with a reason and a note, then the referrer blocks the seeker', async () => {
    const stamp = Date.now();
    const company = `Guarded Journey ${stamp}`;
    const rita = await newPage(browser, baseUrl);
    await signInThroughPopup(rita.page, `rita.block.${stamp}@example.com`, 'Rita Block');
    await becomeReferrer(rita.page, company);
    const sam = await newPage(browser, baseUrl);
    await signInThroughPopup(sam.page, `sam.block.${stamp}@example.com`, 'Sam Block');
    const samId = await myId(sam.page);
    expect(
      await api(sam.page, 'POST', '/api/referral-requests', {
        jobUrl: `https://example.org/jobs/block-${stamp}`,
        position: 'Platform Engineer',
        message: '',
        resumeLink: null,
        companyId: null,
        detectedCompanyName: company,
      }),
    ).toBe(201);

    // Sam reports Rita from his card.
    await sam.page.goto('/my-referrals');
    const card = sam.page.getByRole('article', { name: 'Platform Engineer' });
    await card.getByRole('button', { name: 'Report' }).click();
    const report = sam.page.getByRole('dialog', { name: 'Report Rita' });
    await report.getByLabel('Reason').selectOption('payment');
    await report.getByLabel(/What happened/).fill('Asked me for money to refer me.');
    await screenshot(sam.page, 'report-dialog');
    await report.getByRole('button', { name: 'Send report' }).click();
    await toastText(sam.page, 'Report sent').waitFor();
    // A second one while the first is open is refused with a sentence.
    await card.getByRole('button', { name: 'Report' }).click();
    await sam.page
      .getByRole('dialog', { name: 'Report Rita' })
      .getByRole('button', { name: 'Send report' })
      .click();
    await toastText(
      sam.page,
      'You already reported this user, and an admin has not looked at it yet.',
    ).waitFor();
    await sam.page.keyboard.press('Escape');

    // Rita blocks Sam: the request leaves her hands at once, and his profile closes to her.
    await rita.page.goto('/my-referrals?tab=incoming');
    const pending = rita.page.getByRole('region', { name: 'Pending Review' });
    await pending.getByText('Platform Engineer').waitFor();
    expect(await api(rita.page, 'GET', `/api/users/${samId}`)).toBe(200);
    await pending.getByRole('button', { name: 'Block' }).click();
    const confirm = rita.page.getByRole('dialog', { name: 'Block Sam?' });
    await confirm.getByText(/Sam is not told\./).waitFor();
    await screenshot(rita.page, 'block-confirmation');
    await confirm.getByRole('button', { name: 'Block' }).click();
    await toastText(rita.page, 'Blocked').waitFor();
    await rita.page
      .getByRole('region', { name: 'Passed On or Closed' })
      .getByText('Platform Engineer')
      .waitFor();
    await pending.getByText('Platform Engineer').waitFor({ state: 'detached' });
    expect(await api(rita.page, 'GET', `/api/users/${samId}`)).toBe(404);

    // Sam's card waits for another referrer and says nothing of a block.
    await sam.page.reload();
    await card.waitFor();
    expect(await card.textContent()).not.toMatch(/blocked|blocking/i);

    // Rita's deliberate 404 and Sam's refused second report are the only things the consoles may say.
    expect(rita.errors).toEqual([
      'console: Failed to load resource: the server responded with a status of 404 (Not Found)',
    ]);
    expect(sam.errors).toEqual([
      'console: Failed to load resource: the server responded with a status of 409 (Conflict)',
    ]);
    for (const who of [rita, sam]) await who.context.close();
  });
});
