import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completePopupSignIn,
  firstDashboardVisitRecorded,
  launchBrowser,
  newPage,
  screenshot,
  journeyServers,
} from './browser';

const PROMPT = 'We need one information';

/** The signed-in user as the page itself sees it. */
async function authStatus(page: Page): Promise<{ user: { id: number; currentCompanyName: string | null } }> {
  return page.evaluate(() => fetch('/auth/status', { credentials: 'include' }).then((r) => r.json()));
}

/** Waits until the page has stopped fetching, so a dialog that would open has had its chance. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

describe.each(journeyServers('postgres'))('company prompt and profile view on $name', ({ name, baseUrl }) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('asks a new user for their company on the second dashboard visit, then shows their profile', async () => {
    const { page, errors, context } = await newPage(browser, baseUrl);
    await page.goto('/signup');
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Sign up with Google' }).click(),
    ]);
    await completePopupSignIn(popup, `lin.${name}@example.com`, 'Lin Chen');
    await page.waitForURL('**/dashboard', { timeout: 15_000 });

    // First dashboard visit of the session: no dialog.
    await page.getByRole('heading', { name: 'Welcome, Lin!' }).waitFor();
    await settle(page);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Second visit: no company, no experience, so the blocking dialog opens.
    await firstDashboardVisitRecorded(page);
    await page.reload();
    // The company question is a modal: once open, it hides the page behind it from the accessibility tree.
    await page.getByRole('heading', { name: 'Hey, Lin!', includeHidden: true }).waitFor();
    const dialog = page.getByRole('dialog', { name: PROMPT });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    // It cannot be dismissed.
    await page.keyboard.press('Escape');
    await page.mouse.click(10, 10);
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByRole('combobox', { name: 'Where do you work?' }).fill('goo');
    const options = dialog.getByRole('option');
    await options.first().waitFor();
    expect(await options.count()).toBeLessThanOrEqual(10);
    expect(await dialog.getByRole('button', { name: 'Continue' }).isEnabled()).toBe(true);
    await screenshot(page, `${name}-company-prompt`);
    await dialog.getByRole('option', { name: 'Google', exact: true }).click();
    expect(await dialog.getByRole('combobox').inputValue()).toBe('Google');
    expect(await dialog.getByRole('listbox').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await authStatus(page)).user.currentCompanyName).toBe('Google');

    await page.reload();
    await page.getByRole('heading', { name: 'Hey, Lin!' }).waitFor();
    await settle(page);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Their own public profile: name, email and the empty texts.
    const { user } = await authStatus(page);
    await page.goto(`/profile/view/${user.id}`);
    await page.getByRole('heading', { name: 'Lin Chen' }).waitFor();
    expect(await page.getByRole('heading', { name: 'User Profile' }).count()).toBe(1);
    expect(await page.getByText(`lin.${name}@example.com`).count()).toBe(1);
    for (const text of [
      'No work experience has been added yet.',
      'No education has been added yet.',
      'No skills have been added yet.',
    ]) {
      expect(await page.getByText(text).count()).toBe(1);
    }
    await screenshot(page, `${name}-profile-view`);

    // Filled in through the API, the sections show in the order of docs/product.md, Screens.
    const saved = await page.evaluate(async () => {
      const post = (path: string, data: unknown) =>
        fetch(path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(data),
        }).then((r) => r.status);
      const pdf = new Blob(['%PDF-1.4\n% test resume\n'], { type: 'application/pdf' });
      const form = new FormData();
      form.append('resume', pdf, 'lin-chen.pdf');
      return [
        await post('/api/user/experiences', {
          companyName: 'Initech',
          jobTitle: 'Junior Developer',
          startDate: '2016-02-01',
          endDate: '2019-05-01',
          currentlyWorking: false,
          description: '* Built reports * Fixed bugs',
        }),
        await post('/api/user/experiences', {
          companyName: 'Google',
          jobTitle: 'Software Engineer',
          startDate: '2019-06-01',
          currentlyWorking: true,
          description: 'Search infrastructure.',
        }),
        await post('/api/user/experiences', {
          companyName: 'Hooli',
          jobTitle: 'Intern',
          startDate: '2020-01-01',
          endDate: '2020-06-01',
        }),
        await post('/api/user/education', {
          instituteName: 'State University',
          degree: 'BSc',
          major: 'Computer Science',
          startDate: '2012-09-01',
          endDate: '2016-06-01',
        }),
        await post('/api/user/education', {
          instituteName: 'Open University',
          degree: 'MSc',
          major: 'Data Science',
          startDate: '2022-09-01',
        }),
        await post('/api/user/skills', { skill: 'TypeScript' }),
        await post('/api/user/skills', { skill: 'Distributed Systems' }),
        await fetch('/api/user/resume', { method: 'POST', body: form }).then((r) => r.status),
      ];
    });
    expect(saved.every((status) => status >= 200 && status < 300)).toBe(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Lin Chen' }).waitFor();
    const jobs = page
      .getByRole('list', { name: 'Work experience entries' })
      .getByRole('heading', { level: 3 });
    expect(await jobs.allTextContents()).toEqual(['Software Engineer', 'Intern', 'Junior Developer']);
    const schools = page.getByRole('list', { name: 'Education entries' }).getByRole('heading', { level: 3 });
    expect(await schools.allTextContents()).toEqual(['Open University', 'State University']);
    expect(await page.getByText('Jun 2019 - Present').count()).toBe(1);
    const download = page.getByRole('link', { name: 'Download Resume' });
    expect(await download.getAttribute('download')).toBe('lin-chen.pdf');
    expect(await page.getByRole('link', { name: 'View' }).getAttribute('target')).toBe('_blank');
    await screenshot(page, `${name}-profile-view-filled`);
    expect(errors).toEqual([]);

    // Close leaves the page opened directly for the dashboard.
    await page.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL('**/dashboard');

    // Unknown user: the API's 404 (which the browser logs as a failed resource) becomes 'Profile Not Found'.
    await page.goto('/profile/view/999999');
    await page.getByRole('heading', { name: 'Profile Not Found' }).waitFor();
    expect(await page.getByRole('button', { name: 'Go Back' }).count()).toBe(1);
    await screenshot(page, `${name}-profile-not-found`);
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    await context.close();
  });
});
