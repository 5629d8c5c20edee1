import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, journeyServers, signInThroughPopup } from './browser';
import { api, becomeReferrer, myId } from './journey-api';

/**
 * Issue 46 item 9: /referrer-dashboard speaks to the referrer first (whether requests reach them, their
 * pause and cap, what waits for their answer and by when), at a desktop's width and a phone's.
 */
describe.each(journeyServers('pglite'))('the referrer dashboard on $name', ({ name, baseUrl }) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the pause, the cap and the pending requests with their deadlines, at 1280 and 390 px', async () => {
    const stamp = Date.now();
    const company = `Dashboard Journey ${stamp}`;
    const rita = await newPage(browser, baseUrl);
    await signInThroughPopup(rita.page, `rita.dash.${stamp}@example.com`, 'Rita Dashboard');
    await becomeReferrer(rita.page, company);
    expect(await api(rita.page, 'PUT', '/api/user/settings', { monthlyReferralCap: 6 })).toBe(200);

    const sam = await newPage(browser, baseUrl);
    await signInThroughPopup(sam.page, `sam.dash.${stamp}@example.com`, 'Sam Dashboard');
    for (const position of ['Data Engineer', 'Site Reliability Engineer']) {
      expect(
        await api(sam.page, 'POST', '/api/referral-requests', {
          jobUrl: `https://example.org/jobs/dash-${stamp}-${position.length}`,
          position,
          message: '',
          resumeLink: null,
          detectedCompanyName: company,
        }),
      ).toBe(201);
    }
    expect(await myId(sam.page)).toBeGreaterThan(0);

    for (const width of [1280, 390]) {
      await rita.page.setViewportSize({ width, height: 900 });
      await rita.page.goto('/referrer-dashboard');
      const summary = rita.page.getByRole('region', { name: 'Your referring' });
      await summary.getByText(`New requests at ${company} reach you.`).waitFor();
      await summary.getByText('At most 6 new requests a month.').waitFor();
      await summary.getByText(/^2 requests wait for your answer; answer the next by /).waitFor();
      const pending = rita.page.getByRole('region', { name: 'Pending Review' });
      expect(await pending.getByText(/^Answer by /).count()).toBe(2);
      await screenshot(rita.page, `${name}-referrer-dashboard-${width}`);
    }
    expect(rita.errors).toEqual([]);
    expect(sam.errors).toEqual([]);
  });
});
