import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, journeyServers } from './browser';

/** docs/product.md, Demo pages, in the order the checks run; written out here so the journey checks the texts. */
const EDGE_CASES: { name: string; message: string }[] = [
  {
    name: 'Missing protocol',
    message: 'The URL format is invalid. Please enter a complete URL including http:// or https:// prefix.',
  },
  {
    name: 'Incomplete host',
    message: 'The URL appears to be incomplete or malformed. Please enter a valid job posting URL.',
  },
  {
    name: 'Broken posting',
    message: 'The provided job URL is invalid or cannot be accessed. Please verify the URL and try again.',
  },
  {
    name: 'Unknown company',
    message:
      "We couldn't identify the company from the provided job URL. Please select a company manually or try a different job URL that clearly identifies the company.",
  },
  {
    name: 'Duplicate request',
    message:
      'A referral request for this job has already been submitted. You cannot submit duplicate requests for the same job listing.',
  },
  {
    name: 'Current employee',
    message:
      "You are already registered as an employee at Walmart. If you're looking to change teams or positions internally, please use your company's internal mobility program instead of requesting external referrals.",
  },
  {
    name: 'Referrers at capacity',
    message:
      "We're sorry, but all referrers at Amazon are currently at maximum capacity for referrals. Please try again later or consider other companies.",
  },
  { name: 'Valid posting', message: 'Valid job URL for Google. Every check passed.' },
  { name: "Company's former name", message: 'Valid job URL for Meta. Every check passed.' },
];

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function switchUser(page: Page, name: string) {
  await page.getByRole('button', { name: /Switch user/ }).click();
  await page.getByRole('menuitem', { name: new RegExp(name) }).click();
}

describe.each(journeyServers('pglite'))('demo pages on $name', ({ name, baseUrl }) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('/demo: every edge case gives its message of docs/product.md, Demo pages', async () => {
    const { page, errors, context } = await newPage(browser, baseUrl);
    await page.goto('/demo');
    await page.getByRole('heading', { level: 1, name: 'ReferBridge demo' }).waitFor();
    expect(await page.getByRole('complementary', { name: 'Demo data' }).textContent()).toContain(
      'Demo data only.',
    );

    await page.getByRole('button', { name: /Account/ }).click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).waitFor();
    await screenshot(page, `${name}-demo-account-dropdown`);
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Dummy Data' }).click();
    await page.getByRole('table', { name: 'Companies' }).waitFor();
    await screenshot(page, `${name}-demo-dummy-data`);

    await page.getByRole('tab', { name: 'Edge Cases' }).click();
    await page.getByRole('button', { name: 'Validate' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('Please enter a job URL to validate');

    for (const edgeCase of EDGE_CASES) {
      await page.getByRole('button', { name: `Quick test: ${edgeCase.name}` }).click();
      expect(await page.getByLabel('Job URL', { exact: true }).inputValue()).toMatch(/\S/);
      const result = page.getByRole('alert').or(page.getByRole('status'));
      await expect.poll(() => result.textContent()).toBe(edgeCase.message);
    }
    await page.getByRole('button', { name: 'Quick test: Referrers at capacity' }).click();
    // The validator sticks to the top while the guide scrolls; a full-page shot is taken from the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `${name}-demo-edge-cases`);

    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Quick test: Valid posting' }).click();
    await page.getByRole('status').waitFor();
    // The answer of a quick test is scrolled into view on a phone.
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .evaluate(
            (el) =>
              el.getBoundingClientRect().bottom <= window.innerHeight && el.getBoundingClientRect().top >= 0,
          ),
      )
      .toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `${name}-demo-edge-cases-phone`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/referrer-demo: a request made as a job seeker survives a reload', async () => {
    const { page, errors, context } = await newPage(browser, baseUrl);
    await page.goto('/referrer-demo');
    await page.getByRole('heading', { name: 'Priya Sharma' }).waitFor();
    expect(await page.getByRole('list', { name: 'Pending requests' }).getByRole('listitem').count()).toBe(2);
    await screenshot(page, `${name}-referrer-demo-referrer`);

    await page
      .getByRole('button', { name: /^View Profile/ })
      .first()
      .click();
    await page.getByRole('dialog').getByText('Skills').waitFor();
    await screenshot(page, `${name}-referrer-demo-profile`);
    await page.keyboard.press('Escape');

    await switchUser(page, 'Jordan Lee');
    await page.getByRole('tab', { name: 'Create Request' }).waitFor();
    await page.getByRole('button', { name: 'Submit demo request' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('Please enter a job URL');
    await page
      .getByLabel('Job URL', { exact: true })
      .fill('https://careers.microsoft.com/us/en/job/424242/Designer');
    await page.getByLabel('Position').fill('Senior UX Designer');
    await page.getByRole('button', { name: 'Submit demo request' }).click();
    await page.getByRole('status').getByText('Request submitted successfully!').waitFor();
    await screenshot(page, `${name}-referrer-demo-created`);

    await page.reload();
    await switchUser(page, 'Jordan Lee');
    await page.getByRole('tab', { name: 'My Requests' }).click();
    const mine = page.getByRole('list', { name: 'My requests' });
    await mine.getByText('Senior UX Designer').waitFor();
    await page.setViewportSize(PHONE);
    await screenshot(page, `${name}-referrer-demo-my-requests-phone`);

    // The referrer at that company sees it waiting.
    await page.setViewportSize(DESKTOP);
    await switchUser(page, 'Sofia Garcia');
    await page.getByRole('list', { name: 'Pending requests' }).getByText('Senior UX Designer').waitFor();
    await page.setViewportSize(PHONE);
    await screenshot(page, `${name}-referrer-demo-referrer-phone`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
