import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, journeyServers, signInThroughPopup } from './browser';
import { api, myId } from './journey-api';

const WATCH = 'Tell me when one joins';

/** The company's id, as the signed-in page's company list names it. */
async function companyId(page: Page, company: string): Promise<number> {
  return page.evaluate(
    (name) =>
      fetch('/api/companies')
        .then((r) => r.json())
        .then((list: { id: number; name: string }[]) => list.find((c) => c.name === name)!.id),
    company,
  );
}

/**
 * Issue 49 item 1: a seeker watches a company where nobody can take a request, from /companies; a colleague
 * there turns willing; the seeker is told, in the app and by mail, and the notice leads to the request form
 * with the company chosen. Pictured (and checked with axe) at 1280 and 390 px.
 */
describe.each(journeyServers('postgres'))('watching a company on $name', ({ name, baseUrl }) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a seeker watches a company with nobody, a referrer there turns willing, and the seeker is told', async () => {
    const company = `Watchberry ${name}`;
    // Someone works there, so the company is listed, but is not willing yet: nobody can take a request.
    const colleague = await newPage(browser, baseUrl);
    await signInThroughPopup(colleague.page, `cole-${name}@example.com`, 'Cole Colleague');
    const colleagueId = await myId(colleague.page);
    expect(
      await api(colleague.page, 'PUT', `/api/users/${colleagueId}/current-company`, { companyName: company }),
    ).toBe(200);

    const seeker = await newPage(browser, baseUrl);
    const { page } = seeker;
    const seekerEmail = `wren-${name}@example.com`;
    await signInThroughPopup(page, seekerEmail, 'Wren Watcher');
    await page.goto('/companies?q=watchberry');
    const section = page.getByRole('region', { name: 'No referrer available yet' });
    const row = section.getByRole('listitem').filter({ hasText: company });
    await row.getByText(`No referrers at ${company} yet: your request will wait until one joins.`).waitFor();
    const watch = row.getByRole('button', { name: WATCH });
    expect(await watch.getAttribute('aria-pressed')).toBe('false');
    await screenshot(page, `${name}-watch-companies-1280`);
    await watch.click();
    await expect.poll(() => watch.getAttribute('aria-pressed')).toBe('true');
    await row.getByRole('status').waitFor();
    await page.mouse.move(5, 5);
    await screenshot(page, `${name}-watch-companies-watching-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, `${name}-watch-companies-watching-390`);

    // The request form with the company chosen says nobody is there yet, and shows the watch.
    const id = await companyId(page, company);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/request-referral?companyId=${id}`);
    await page.getByRole('textbox', { name: 'Job URL' }).fill(`https://careers.example.com/jobs/${name}-42`);
    const formWatch = page.getByRole('button', { name: WATCH });
    await formWatch.waitFor({ timeout: 15_000 });
    await expect.poll(() => formWatch.getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, `${name}-watch-request-form-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, `${name}-watch-request-form-390`);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The colleague turns willing: the seeker's bell counts the notice.
    expect(
      await api(colleague.page, 'PUT', `/api/users/${colleagueId}/willingness-to-give-referrals`, {
        isWilling: true,
      }),
    ).toBe(200);
    const notice = `A referrer at ${company} can take requests now.`;
    await page.goto('/dashboard');
    // The bell's name carries its count ('Notifications, 1 unread'): find it by the start.
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.getByTestId('notification-badge').waitFor({ timeout: 15_000 });
    await bell.click();
    const recent = page.getByRole('list', { name: 'Recent notifications' });
    const told = recent.getByRole('button').filter({ hasText: notice });
    await told.waitFor();
    await screenshot(page, `${name}-watch-bell-1280`);

    // By mail too, once.
    const mail = (await (
      await page.request.get(`/dev-mail/messages?to=${encodeURIComponent(seekerEmail)}`)
    ).json()) as { text: string }[];
    expect(mail.filter((m) => m.text.includes(notice))).toHaveLength(1);

    // The notice leads to the request form with the company chosen; the watch has ended.
    await told.click();
    await page.waitForURL(`**/request-referral?companyId=${id}`);
    const watches = await page.evaluate(() => fetch('/api/user/watches').then((r) => r.json()));
    expect(watches).toEqual({ items: [] });
    await page.goto('/notifications');
    await page.getByRole('list', { name: 'All notifications' }).getByText(notice).waitFor();
    await page.mouse.move(5, 600);
    await screenshot(page, `${name}-watch-notification-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, `${name}-watch-notification-390`);

    expect(seeker.errors).toEqual([]);
    expect(colleague.errors).toEqual([]);
    await seeker.context.close();
    await colleague.context.close();
  });
});
