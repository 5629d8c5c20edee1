import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, journeyServers, signInThroughPopup } from './browser';
import { api, becomeReferrer } from './journey-api';

/**
 * Issue 50 item 5 in the browser (docs/decisions/083-referral-bonus-tracker.md): a referral ends successful,
 * its referrer records the bonus on the dashboard's Bonuses card, and the card shows the expected payout
 * day. Pictured (and checked with axe) at 1280 and 390 px.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function pictureBoth(page: Page, name: string) {
  await page.mouse.move(5, 5);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await screenshot(page, `${name}-390`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(DESKTOP);
}

/** The id of the referrer's one referral. */
async function theReferral(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const list: { referral: { id: number } }[] = await fetch('/api/referral-requests?role=referrer').then(
      (r) => r.json(),
    );
    return list[0]!.referral.id;
  });
}

describe.each(journeyServers('postgres'))('the referral bonus, on $name', ({ name, baseUrl }) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('is recorded by the referrer of a successful referral and shows its expected payout day', async () => {
    const stamp = Date.now();
    const company = `Bonus Works ${name} ${stamp}`;
    const rita = await newPage(browser, baseUrl);
    await signInThroughPopup(rita.page, `rita.bonus.${stamp}@example.com`, 'Rita Bonus');
    await becomeReferrer(rita.page, company);

    const sam = await newPage(browser, baseUrl);
    await signInThroughPopup(sam.page, `sam.bonus.${stamp}@example.com`, 'Sam Bonus');
    expect(
      await api(sam.page, 'POST', '/api/referral-requests', {
        jobUrl: `https://www.indeed.com/viewjob?jk=bonus${stamp}`,
        position: 'Platform Engineer',
        message: '',
        resumeLink: null,
        companyId: null,
        detectedCompanyName: company,
      }),
    ).toBe(201);

    // The referral goes all the way: accepted, submitted, successful.
    const referralId = await theReferral(rita.page);
    for (const status of ['accepted', 'submitted', 'successful'])
      expect(await api(rita.page, 'PUT', `/api/referrals/${referralId}/status`, { status })).toBe(200);

    await rita.page.goto('/referrer-dashboard');
    const card = rita.page.getByRole('region', { name: 'Bonuses' });
    await card.getByRole('button', { name: `Record bonus for Sam at ${company}` }).click({ timeout: 15_000 });
    const form = card.getByRole('form', { name: `Bonus for Sam at ${company}` });
    await form.getByLabel('Hire date').fill('2027-01-04');
    await form.getByLabel('Paid after (days)').fill('30');
    await form.getByLabel(/^Amount/).fill('2500');
    await form.getByLabel(/^Currency/).fill('eur');
    await card.scrollIntoViewIfNeeded();
    await pictureBoth(rita.page, `${name}-bonus-form`);
    await form.getByRole('button', { name: 'Save bonus' }).click();

    const row = card.getByRole('list', { name: 'Your bonuses' }).getByRole('listitem');
    await row.getByText('Expected Feb 3, 2027 · hired Jan 4, 2027 · €2,500.00').waitFor({ timeout: 15_000 });
    await row.getByText('Waiting').waitFor();
    await card.scrollIntoViewIfNeeded();
    await pictureBoth(rita.page, `${name}-bonus-card`);

    // Sam sees none of it.
    const seen = await sam.page.evaluate(() => fetch('/api/referral-requests').then((r) => r.text()));
    expect(seen).not.toMatch(/hiredOn|payoutAfterDays/);

    expect(rita.errors).toEqual([]);
    expect(sam.errors).toEqual([]);
    for (const who of [rita, sam]) await who.context.close();
  });
});
