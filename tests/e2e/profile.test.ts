import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, journeyServers, signInThroughPopup } from './browser';

const READY = "Your profile is ready to shine! Let's find the perfect referral for your dream job.";
const year = new Date().getFullYear();

/** The completion bar's value, as assistive technology reads it. */
const completion = (page: Page) =>
  page.getByRole('progressbar', { name: 'Profile completion' }).getAttribute('aria-valuenow');

/** Radix also repeats a toast in a live region, so match the visible text exactly. */
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true });

/** Lets the bar and colour transitions finish so the picture shows the settled page. */
async function snap(page: Page, file: string) {
  await page.waitForTimeout(600);
  await screenshot(page, file);
}

function writeSmallPdf(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'referbridge-resume-'));
  const file = path.join(dir, 'Casey Resume.pdf');
  fs.writeFileSync(file, '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
  return file;
}

describe.each(journeyServers('pglite'))('profile editing on $name', ({ name, baseUrl }) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a new user fills every part of the profile, reaches 100% and the dashboard says so', async () => {
    const { page, errors, context } = await newPage(browser, baseUrl);
    await signInThroughPopup(page, `casey.${name}@example.com`, 'Casey Jordan');
    await page.getByText('Complete your profile to maximize your chances of getting referred!').waitFor();

    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    await page.waitForURL('**/profile/edit');
    await page.getByRole('heading', { name: 'Edit Profile' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    await expect.poll(() => completion(page)).toBe('0');
    await page.getByText('0%', { exact: true }).waitFor();
    await page.getByText('PDF only, up to 5MB').waitFor();
    await snap(page, `${name}-profile-edit-empty`);

    // Work experience: the list is empty, so the form is already open.
    const experience = page.getByRole('form', { name: 'Add experience' });
    await experience.getByRole('button', { name: 'Save Experience' }).click();
    await experience.getByText('Company name is required').waitFor();
    await experience.getByText('Start date is required').waitFor();
    await snap(page, `${name}-profile-edit-experience-errors`);
    await experience.getByLabel('Company name').fill('Stripe');
    await experience.getByLabel('Job title').fill('Software Engineer');
    await experience.getByRole('combobox', { name: 'Start month' }).selectOption({ label: 'March' });
    await experience.getByRole('combobox', { name: 'Start year' }).selectOption(String(year - 2));
    await experience.getByRole('checkbox', { name: 'I currently work here' }).click();
    const endMonth = experience.getByRole('combobox', { name: 'End month' });
    expect(await endMonth.isDisabled()).toBe(true);
    expect(await endMonth.inputValue()).toBe('present');
    await experience.getByLabel('Description').pressSequentially('* Built the payouts API - Led a team of 4');
    expect(await experience.getByLabel('Description').inputValue()).toBe(
      '• Built the payouts API\n• Led a team of 4',
    );
    await snap(page, `${name}-profile-edit-experience-form`);
    await experience.getByRole('button', { name: 'Save Experience' }).click();
    await toastText(page, 'Your experience has been saved.').waitFor();
    await page.getByText(`Mar ${year - 2} - Present`).waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Led a team of 4' }).first().waitFor();
    await expect.poll(() => completion(page)).toBe('25');
    await snap(page, `${name}-profile-edit-experience-list`);

    // Education.
    await page
      .getByRole('navigation', { name: 'Profile sections' })
      .getByRole('button', { name: 'Education' })
      .click();
    const education = page.getByRole('form', { name: 'Add education' });
    await education.getByLabel('Institution name').fill('University of Washington');
    await education.getByLabel('Degree').fill('Bachelor of Science');
    await education.getByLabel('Major').fill('Computer Science');
    await education.getByRole('combobox', { name: 'Start month' }).selectOption({ label: 'September' });
    await education.getByRole('combobox', { name: 'Start year' }).selectOption(String(year - 8));
    await education.getByRole('combobox', { name: 'End month' }).selectOption({ label: 'June' });
    await education.getByRole('combobox', { name: 'End year' }).selectOption(String(year - 4));
    await snap(page, `${name}-profile-edit-education-form`);
    await education.getByRole('button', { name: 'Save Education' }).click();
    await toastText(page, 'Your education has been saved.').waitFor();
    await page.getByText(`Sep ${year - 8} - Jun ${year - 4}`).waitFor();
    await expect.poll(() => completion(page)).toBe('50');

    // Skills: the first one earns a nudge, the second completes the part.
    await page
      .getByRole('navigation', { name: 'Profile sections' })
      .getByRole('button', { name: 'Skills' })
      .click();
    const skillInput = page.getByLabel('Add a skill');
    await skillInput.fill('  TypeScript ');
    await skillInput.press('Enter');
    await toastText(page, 'Your skill has been added.').waitFor();
    await toastText(page, 'One more skill needed').waitFor();
    await toastText(page, 'Add one more skill to complete your profile.').waitFor();
    await page.getByRole('button', { name: 'Remove TypeScript' }).waitFor();
    await skillInput.fill('PostgreSQL');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Remove PostgreSQL' }).waitFor();
    await expect.poll(() => completion(page)).toBe('75');
    await snap(page, `${name}-profile-edit-skills`);

    // Resume.
    await page.getByLabel('Upload resume').setInputFiles(writeSmallPdf());
    await toastText(page, 'Your resume has been uploaded.').waitFor();
    await page.getByText('Casey Resume.pdf').waitFor();
    await expect.poll(() => completion(page)).toBe('100');
    await page.getByText('100%', { exact: true }).waitFor();
    const view = page.getByRole('link', { name: 'View Casey Resume.pdf' });
    expect(await view.getAttribute('target')).toBe('_blank');
    const download = await page.request.get((await view.getAttribute('href'))!);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toContain('application/pdf');
    // The profile-status sync runs once everything has loaded at 100%.
    await expect
      .poll(
        async () => (await page.request.get('/auth/status').then((r) => r.json())).user.profileCompleted,
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    await snap(page, `${name}-profile-edit-complete`);

    // The same page on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page
      .getByRole('navigation', { name: 'Profile sections' })
      .getByRole('button', { name: 'Work Experience' })
      .click();
    await page.getByText('Software Engineer').waitFor();
    await snap(page, `${name}-profile-edit-mobile`);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText(READY).waitFor();
    await page
      .getByRole('link', { name: /My Referrals/ })
      .first()
      .waitFor();
    expect(await page.getByRole('link', { name: /Complete Your Profile/ }).count()).toBe(0);
    await screenshot(page, `${name}-dashboard-profile-complete`);

    // Dropping below 100% clears the mark again.
    await page.goto('/profile/edit');
    await page
      .getByRole('navigation', { name: 'Profile sections' })
      .getByRole('button', { name: 'Skills' })
      .click();
    await page.getByRole('button', { name: 'Remove PostgreSQL' }).click();
    await toastText(page, 'Skill deleted successfully.').waitFor();
    await expect.poll(() => completion(page)).toBe('75');
    await expect
      .poll(
        async () => (await page.request.get('/auth/status').then((r) => r.json())).user.profileCompleted,
        {
          timeout: 10_000,
        },
      )
      .toBe(false);

    expect(errors).toEqual([]);
    await context.close();
  });
});
