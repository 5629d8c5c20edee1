import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completePopupSignIn,
  launchBrowser,
  newPage,
  screenshot,
  journeyServers,
  signInThroughPopup,
} from './browser';
import { api, myId } from './journey-api';

/**
 * Issue 49 item 3: a referrer copies their invitation link from the referrer dashboard; a colleague opens it,
 * signs up, lands on /refer with the company filled in and turns willing; the inviter is told once and the
 * count shows it. A code that does not exist shows the plain landing page. Pictured (and checked with axe)
 * at 1280 and 390 px.
 */
describe.each(journeyServers('postgres'))('invitations on $name', ({ name, baseUrl }) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a colleague joins through a referrer’s link and the referrer is told', async () => {
    const company = `Invitebury ${name}`;
    const inviter = await newPage(browser, baseUrl);
    const { page } = inviter;
    await signInThroughPopup(page, `ivy-${name}@example.com`, 'Ivy Inviter');
    const inviterId = await myId(page);
    expect(await api(page, 'PUT', `/api/users/${inviterId}/current-company`, { companyName: company })).toBe(
      200,
    );
    expect(
      await api(page, 'PUT', `/api/users/${inviterId}/willingness-to-give-referrals`, { isWilling: true }),
    ).toBe(200);

    // The referrer dashboard's card: the link, its copy button and the text to paste.
    await page.goto('/referrer-dashboard');
    const card = page.getByRole('heading', { name: 'Invite a colleague' });
    await card.waitFor({ timeout: 15_000 });
    const url = await page.getByRole('textbox', { name: 'Your invitation link' }).inputValue();
    expect(url).toMatch(/\/join\/[A-Za-z0-9_-]{16}$/);
    await page.getByText('No colleague has joined through your link yet.').waitFor();
    await card.scrollIntoViewIfNeeded();
    await page.mouse.move(5, 5);
    await screenshot(page, `${name}-invite-card-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, `${name}-invite-card-390`);
    // Nothing on the card is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });

    // A code that does not exist: the plain landing page, no error.
    const stranger = await newPage(browser, baseUrl);
    const unknown = await stranger.page.goto('/join/AAAAAAAAAAAAAAAA');
    expect(unknown?.status()).toBe(200);
    expect(new URL(stranger.page.url()).pathname).toBe('/');
    await stranger.page.getByRole('heading', { level: 1 }).waitFor();
    await stranger.context.close();

    // The colleague opens the link, signs up, and lands on /refer with the company filled in.
    const colleague = await newPage(browser, baseUrl);
    const joiner = colleague.page;
    await joiner.goto(new URL(url).pathname);
    await joiner.waitForURL('**/signup?next=*');
    const [popup] = await Promise.all([
      joiner.waitForEvent('popup'),
      joiner.getByRole('button', { name: 'Sign up with Google' }).click(),
    ]);
    await completePopupSignIn(popup, `jade-${name}@example.com`, 'Jade Joiner');
    await joiner.waitForURL('**/refer?company=*', { timeout: 15_000 });
    const field = joiner.getByRole('combobox', { name: 'Where do you work?' });
    await expect.poll(() => field.inputValue()).toBe(company);
    await joiner.mouse.move(5, 5);
    await screenshot(joiner, `${name}-invite-refer-1280`);
    await joiner.setViewportSize({ width: 390, height: 844 });
    await screenshot(joiner, `${name}-invite-refer-390`);
    await joiner.setViewportSize({ width: 1280, height: 800 });

    // Through the steps: the company, the work email for later, willing.
    await joiner.getByRole('button', { name: 'Continue' }).click();
    await joiner.getByRole('button', { name: 'Continue' }).click();
    await joiner.getByRole('button', { name: 'Done' }).click();
    // A first-time referrer is offered the work email once more, after willingness.
    await joiner.getByRole('button', { name: 'Skip for now' }).click();
    await joiner.waitForURL('**/dashboard');

    // The inviter is told once, and the card counts the colleague.
    const notice = `Jade joined ${company} as a referrer through your invitation.`;
    await page.goto('/notifications');
    await page
      .getByRole('list', { name: 'All notifications' })
      .getByText(notice)
      .waitFor({ timeout: 15_000 });
    const all = await page.evaluate(() => fetch('/api/notifications').then((r) => r.json()));
    expect(JSON.stringify(all).split(notice).length - 1).toBe(1);
    await page.goto('/referrer-dashboard');
    await page.getByText('1 colleague joined through your link as a referrer.').waitFor({ timeout: 15_000 });

    expect(inviter.errors).toEqual([]);
    expect(colleague.errors).toEqual([]);
    await inviter.context.close();
    await colleague.context.close();
  });
});
