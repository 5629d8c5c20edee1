import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clickToClose,
  completePopupSignIn,
  launchBrowser,
  newPage,
  screenshot,
  journeyServers,
  signInThroughPopup,
} from './browser';
import { api, becomeReferrer, myId } from './journey-api';

/**
 * Issue 25's console in the browser (docs/decisions/039-running-the-marketplace.md): an admin resolves a
 * report, suspends the referrer it was about (who is signed out and refused at sign-in) and lifts it, and
 * gives the company an email domain, and releases a request held for offering money.
 */

const ADMIN = 'admin.journey@example.com';
const SUSPENDED = 'This account is suspended, so it cannot sign in.';
const toastText = (page: Page, text: string | RegExp) =>
  page.getByText(text, typeof text === 'string' ? { exact: true } : {}).first();

describe.each(journeyServers('postgres'))('the admin console, on $name', ({ baseUrl }) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('takes an admin through a report, a suspension and a company domain', async () => {
    const stamp = Date.now();
    const company = `Console Journey ${stamp}`;
    const rita = await newPage(browser, baseUrl);
    await signInThroughPopup(rita.page, `rita.console.${stamp}@example.com`, 'Rita Console');
    await becomeReferrer(rita.page, company);
    const ritaId = await myId(rita.page);
    const sam = await newPage(browser, baseUrl);
    await signInThroughPopup(sam.page, `sam.console.${stamp}@example.com`, 'Sam Console');
    expect(
      await api(sam.page, 'POST', '/api/referral-requests', {
        jobUrl: `https://example.org/jobs/console-${stamp}`,
        position: 'Console Engineer',
        message: '',
        resumeLink: null,
        companyId: null,
        detectedCompanyName: company,
      }),
    ).toBe(201);
    expect(
      await api(sam.page, 'POST', '/api/reports', {
        subjectUserId: ritaId,
        reason: 'payment',
        note: `Rita asked me for $200 to refer me (${stamp}).`,
      }),
    ).toBe(201);

    // A non-admin gets the 404 page at /admin.
    await sam.page.goto('/admin');
    await sam.page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();

    const admin = await newPage(browser, baseUrl);
    await signInThroughPopup(admin.page, ADMIN, 'Ada Admin');
    await admin.page.goto('/admin');
    await admin.page.getByRole('heading', { name: 'Admin console', level: 1 }).waitFor();

    // The report, its note in full, resolved with a note.
    const report = admin.page.getByRole('listitem').filter({ hasText: `(${stamp})` });
    await report.getByText('Offers or asks for money').waitFor();
    await screenshot(admin.page, 'admin-queue');
    await report.getByRole('button', { name: 'Warned' }).click();
    const resolve = admin.page.getByRole('dialog');
    await resolve.getByRole('textbox').fill('Warned Rita by email.');
    await resolve.getByRole('button', { name: 'Resolve' }).click();
    await toastText(admin.page, 'The report is resolved.').waitFor();
    await report.waitFor({ state: 'detached' });

    // Rita suspended: signed out at once, refused at sign-in with the sentence; then lifted.
    await admin.page.getByRole('tab', { name: 'Users' }).click();
    await admin.page.getByLabel('Find a user').fill(`rita.console.${stamp}`);
    // The search has answered: the header row and Rita's alone.
    await expect.poll(() => admin.page.getByRole('row').count()).toBe(2);
    const ritaRow = admin.page.getByRole('row').filter({ hasText: 'Rita Console' });
    await ritaRow.getByRole('button', { name: 'Suspend' }).click();
    const suspend = admin.page.getByRole('dialog', { name: 'Suspend Rita Console?' });
    await suspend.getByRole('textbox').fill('Asked a seeker for money.');
    await suspend.getByRole('button', { name: 'Suspend' }).click();
    await ritaRow.getByText('Suspended', { exact: true }).waitFor();
    await screenshot(admin.page, 'admin-users');
    expect(await api(rita.page, 'GET', '/api/user/settings')).toBe(401);
    await rita.page.goto('/signin');
    const [popup] = await Promise.all([
      rita.page.waitForEvent('popup'),
      rita.page.getByRole('button', { name: 'Sign in with Google' }).click(),
    ]);
    await completePopupSignIn(popup, `rita.console.${stamp}@example.com`, 'Rita Console');
    await popup.getByText(SUSPENDED).waitFor();
    await clickToClose(popup, 'Close this window');
    await toastText(rita.page, new RegExp(SUSPENDED)).waitFor();
    await ritaRow.getByRole('button', { name: 'Unsuspend' }).click();
    await ritaRow.getByText('Active', { exact: true }).waitFor();

    // The company gets an email domain.
    await admin.page.getByRole('tab', { name: 'Companies' }).click();
    await admin.page.getByLabel('Find a company').fill(company);
    const companyRow = admin.page.getByRole('row').filter({ hasText: company });
    await companyRow.getByRole('button', { name: 'Domains' }).click();
    const domains = admin.page.getByRole('dialog');
    await domains.getByRole('textbox').fill(`console-${stamp}.test`);
    await domains.getByRole('button', { name: 'Save' }).click();
    await companyRow.getByText(`@console-${stamp}.test`).waitFor();
    await screenshot(admin.page, 'admin-companies');

    // A request offering money is held, then released to Rita.
    expect(
      await api(sam.page, 'POST', '/api/referral-requests', {
        jobUrl: `https://example.org/jobs/console-held-${stamp}`,
        position: 'Held Engineer',
        message: `I will pay $300 for a referral (${stamp}).`,
        resumeLink: null,
        companyId: null,
        detectedCompanyName: company,
      }),
    ).toBe(201);
    await admin.page.getByRole('tab', { name: 'Queue' }).click();
    const held = admin.page
      .getByRole('listitem')
      .filter({ hasText: `I will pay $300 for a referral (${stamp}).` });
    await held.getByText('Offers to pay for the referral').waitFor();
    await held.getByRole('button', { name: 'Release' }).click();
    await toastText(admin.page, `Released: a referrer at ${company} has it now.`).waitFor();
    await held.waitFor({ state: 'detached' });
    // Rita, unsuspended, signs in again and finds it in her list.
    await signInThroughPopup(rita.page, `rita.console.${stamp}@example.com`, 'Rita Console');
    await rita.page.goto('/my-referrals?tab=incoming');
    await rita.page.getByRole('region', { name: 'Pending Review' }).getByText('Held Engineer').waitFor();

    // Every step is in the audit log.
    await admin.page.getByRole('tab', { name: 'Audit log' }).click();
    for (const action of [
      'request.released',
      'company.email_domains',
      'user.unsuspend',
      'user.suspend',
      'report.warned',
    ]) {
      await admin.page.getByText(action, { exact: true }).first().waitFor();
    }

    expect(admin.errors).toEqual([]);
    for (const who of [rita, sam, admin]) await who.context.close();
  });
});
