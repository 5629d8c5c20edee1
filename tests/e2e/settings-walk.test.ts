import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, journeyServers, signInThroughPopup } from './browser';
import { api, becomeReferrer } from './journey-api';

/**
 * Issue 46 item 9, the new user's walk through settings and actions: 'Ask again' after a withdrawal, whom
 * one blocked (and unblocking), the time zone, and a pause that cannot end on a day gone by; issue 50 item
 * 4, the current employer hidden and a personal address confirmed by its mailed code. Pictured at 1280 and
 * 390 px.
 */

/** Radix also repeats a toast in a live region, so match the visible text exactly. */
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function pictureBoth(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe.each(journeyServers('pglite'))('settings and actions on $name', ({ name, baseUrl }) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('asks again after withdrawing, blocks and unblocks, sets the time zone, and refuses a past pause', async () => {
    const stamp = Date.now();
    const company = `Settings Walk ${stamp}`;
    const rita = await newPage(browser, baseUrl);
    await signInThroughPopup(rita.page, `rita.settings.${stamp}@example.com`, 'Rita Settings');
    await becomeReferrer(rita.page, company);
    const sam = await newPage(browser, baseUrl);
    await signInThroughPopup(sam.page, `sam.settings.${stamp}@example.com`, 'Sam Settings');
    const jobUrl = `https://example.org/jobs/settings-${stamp}`;
    expect(
      await api(sam.page, 'POST', '/api/referral-requests', {
        jobUrl,
        position: 'Data Engineer',
        message: 'I ran the data platform at my last job.',
        resumeLink: null,
        detectedCompanyName: company,
      }),
    ).toBe(201);

    // Sam withdraws, then asks again from the same card: the form comes filled in.
    const page = sam.page;
    await page.goto('/my-referrals');
    const first = page.getByRole('article', { name: 'Data Engineer' });
    await first.getByRole('button', { name: 'Withdraw' }).click();
    await page
      .getByRole('dialog', { name: 'Withdraw this request?' })
      .getByRole('button', { name: 'Withdraw' })
      .click();
    await first.getByText('Withdrawn', { exact: true }).waitFor();
    await pictureBoth(page, `${name}-ask-again-offered`);
    await first.getByRole('link', { name: 'Ask again' }).click();
    await page.waitForURL('**/request-referral?companyId=*');
    const form = page.getByRole('form', { name: 'Job details' });
    await expect.poll(() => form.getByLabel('Job URL').inputValue()).toBe(jobUrl);
    expect(await form.getByLabel('Position').inputValue()).toBe('Data Engineer');
    expect(await form.getByLabel(/^Message/).inputValue()).toBe('I ran the data platform at my last job.');
    await page.getByText(/^Asking again/).waitFor();
    await pictureBoth(page, `${name}-ask-again-form`);
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await toastText(page, 'Request submitted successfully!').waitFor();
    await page.waitForURL('**/dashboard');

    // Two cards now: the withdrawn one (no longer offering to ask again) and the new one, with Rita.
    await page.goto('/my-referrals');
    const cards = page.getByRole('article', { name: 'Data Engineer' });
    await expect.poll(() => cards.count()).toBe(2);
    expect(await page.getByRole('link', { name: 'Ask again' }).count()).toBe(0);
    const open = cards.filter({ hasText: 'Pending' });
    await open.getByText('Rita').first().waitFor();

    // Sam blocks Rita from the card; Account settings lists her, and Unblock lifts it.
    await open.getByRole('button', { name: 'Block' }).click();
    await page.getByRole('dialog', { name: 'Block Rita?' }).getByRole('button', { name: 'Block' }).click();
    await toastText(page, 'Blocked').waitFor();
    await page.goto('/profile/edit');
    const blocked = page.getByRole('list', { name: 'Blocked people' });
    await blocked.getByText('Rita', { exact: true }).waitFor();
    expect(await blocked.textContent()).toMatch(/Rita · blocked on [A-Z][a-z]{2} \d{1,2}, \d{4}/);

    // The time zone shows, and another is chosen.
    const zone = page.getByRole('combobox', { name: 'Your time zone' });
    await zone.selectOption('Asia/Tokyo');
    await page.getByRole('button', { name: 'Save time zone' }).click();
    await page.getByText('Asia/Tokyo (GMT+9)').first().waitFor();
    await page.getByRole('heading', { name: 'Account settings' }).scrollIntoViewIfNeeded();
    await pictureBoth(page, `${name}-account-settings`);

    // Issue 50 item 4: Sam hides his employer from referrers and confirms a personal address by its code.
    const privacy = page.locator('[data-slot="card"]', {
      has: page.getByRole('heading', { name: 'Privacy from your employer' }),
    });
    const shown = privacy.getByRole('switch', { name: 'Show my current employer to referrers' });
    expect(await shown.getAttribute('aria-checked')).toBe('true');
    await shown.click();
    await privacy.getByText(/^Referrers read 'Current employer \(hidden\)'/).waitFor();
    const personal = `sam.personal.${stamp}@gmail.com`;
    await privacy.getByLabel('Personal address').fill(personal);
    await privacy.getByRole('button', { name: 'Send code' }).click();
    const pending = privacy.getByRole('form', { name: 'Confirm your personal address' });
    await pending.getByText(personal).waitFor();
    await privacy.scrollIntoViewIfNeeded();
    await pictureBoth(page, `${name}-personal-address-pending`);
    const mailed = await page.evaluate(
      (to) => fetch(`/dev-mail/messages?to=${encodeURIComponent(to)}`).then((r) => r.json()),
      personal,
    );
    const code = /(\d{6})$/.exec((mailed as { subject: string }[])[0]!.subject)![1]!;
    await pending.getByLabel('Code from the email').fill(code);
    await pending.getByRole('button', { name: 'Confirm address' }).click();
    await privacy.getByText(`All your mail goes to ${personal}.`).waitFor();
    await privacy.scrollIntoViewIfNeeded();
    await pictureBoth(page, `${name}-personal-address-confirmed`);
    const privacySettings = await page.evaluate(() => fetch('/api/user/settings').then((r) => r.json()));
    expect(privacySettings).toMatchObject({
      showCurrentEmployer: false,
      notificationEmail: personal,
      notificationEmailPending: null,
    });

    await page.getByRole('button', { name: 'Unblock Rita' }).click();
    await toastText(page, 'Unblocked').waitFor();
    await page.getByText('You have not blocked anyone.').waitFor();
    expect(await api(page, 'GET', '/api/user/settings')).toBe(200);
    const settings = await page.evaluate(() => fetch('/api/user/settings').then((r) => r.json()));
    expect(settings).toMatchObject({ timeZone: 'Asia/Tokyo' });

    // Rita tries to pause until a day gone by: the form says so and sends nothing; the server refuses too.
    const ritaPage = rita.page;
    await ritaPage.goto('/profile/edit');
    const sent: string[] = [];
    ritaPage.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith('/api/user/settings'))
        sent.push(request.url());
    });
    const pause = ritaPage.getByLabel('Pause new requests until');
    await pause.fill('2020-01-01');
    await ritaPage.getByRole('button', { name: 'Save limits' }).click();
    const sentence = ritaPage.getByText(
      /^The pause must end today or later \(today is \d{4}-\d{2}-\d{2} in your time zone\); leave it empty for no pause\.$/,
    );
    await sentence.waitFor();
    await sentence.scrollIntoViewIfNeeded();
    await pictureBoth(ritaPage, `${name}-pause-in-the-past`);
    expect(sent).toEqual([]);
    expect(await api(ritaPage, 'PUT', '/api/user/settings', { referralsPausedUntil: '2020-01-01' })).toBe(
      400,
    );

    // Sam's one expected refusal aside, nothing went wrong in either browser.
    expect(rita.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    expect(sam.errors).toEqual([]);
    await rita.context.close();
    await sam.context.close();
  });
});
