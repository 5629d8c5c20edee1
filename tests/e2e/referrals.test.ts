import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  firstDashboardVisitRecorded,
  launchBrowser,
  newPage,
  screenshot,
  journeyServers,
  signInThroughPopup,
} from './browser';

/** Radix also repeats a toast in a live region, so match the visible text exactly. */
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** Answers the dashboard's 'Where do you work?' prompt, which opens from the second visit on. */
async function setCompany(page: Page, company: string) {
  // The first dashboard visit of a session is marked once the greeting renders; only later visits prompt.
  await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
  await firstDashboardVisitRecorded(page);
  await page.reload();
  // The prompt is a modal that hides the page behind it from the accessibility tree as soon as it opens.
  await page.getByRole('heading', { name: /^Hey, /, includeHidden: true }).waitFor();
  const dialog = page.getByRole('dialog', { name: 'We need one information' });
  await dialog.getByRole('combobox', { name: 'Where do you work?' }).fill(company);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10_000 }).toBe(0);
}

/** Turns on 'I am willing to give referrals for my organization' from the Incoming Requests tab. */
async function enableReferrals(page: Page) {
  await page.goto('/my-referrals');
  await page.getByRole('tab', { name: 'Incoming Requests' }).click();
  await page.getByRole('button', { name: 'Enable Referrals' }).click();
  await page.getByText('Currently active').waitFor();
}

async function uploadResume(page: Page) {
  const status = await page.evaluate(async () => {
    const form = new FormData();
    form.append('resume', new Blob(['%PDF-1.4\n% resume\n'], { type: 'application/pdf' }), 'sam.pdf');
    return fetch('/api/user/resume', { method: 'POST', body: form }).then((r) => r.status);
  });
  expect(status).toBe(201);
}

/** Fills the request form; detection runs as the URL is typed. */
async function requestReferral(page: Page, jobUrl: string, position: string, message: string) {
  await page.goto('/request-referral');
  await page.getByLabel('Job URL').fill(jobUrl);
  await page.getByLabel('Position').fill(position);
  await page.getByRole('textbox', { name: /Message/ }).fill(message);
  await page.getByText(`${message.length}/500`).waitFor();
}

async function notificationTitles(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const list: { title: string }[] = await fetch('/api/notifications').then((r) => r.json());
    return list.map((n) => n.title);
  });
}

describe.each(journeyServers('postgres'))('referrals on $name', ({ name, baseUrl }) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a seeker asks a Google employee; the referrer reviews, accepts, submits and reports success', async () => {
    const rita = await newPage(browser, baseUrl);
    await signInThroughPopup(rita.page, `rita.${name}@google.com`, 'Rita Referrer');
    await setCompany(rita.page, 'Google');
    await enableReferrals(rita.page);
    await rita.page.getByText("You're open to receiving referral requests").waitFor();

    const sam = await newPage(browser, baseUrl);
    await signInThroughPopup(sam.page, `sam.${name}@example.com`, 'Sam Seeker');
    await uploadResume(sam.page);
    const jobUrl = `https://www.linkedin.com/jobs/view/software-engineer-at-google-${name === 'pglite' ? 1 : 2}4242`;
    await requestReferral(sam.page, jobUrl, 'Software Engineer', 'I build search systems.');
    await sam.page
      .getByText(/Google/)
      .first()
      .waitFor();
    await screenshot(sam.page, `${name}-request-referral`);
    await sam.page.getByRole('button', { name: 'Submit Request' }).click();
    await toastText(sam.page, 'Request submitted successfully!').waitFor();
    await toastText(sam.page, 'Your referral request has been sent to available referrers.').waitFor();
    await sam.page.waitForURL('**/dashboard');

    // The referrer finds it under Pending Review, with the applicant's profile and resume.
    await rita.page.goto('/my-referrals?tab=incoming');
    const pending = rita.page.getByRole('region', { name: 'Pending Review' });
    await pending.getByText('Software Engineer').waitFor();
    await pending.getByText('Sam Seeker').waitFor();
    await pending.getByText('I build search systems.').waitFor();
    await screenshot(rita.page, `${name}-incoming-pending`);

    await pending.getByRole('button', { name: 'View Profile' }).click();
    const modal = rita.page.getByRole('dialog');
    await modal.getByText(`sam.${name}@example.com`).waitFor();
    await screenshot(rita.page, `${name}-incoming-profile-modal`);
    await modal.getByRole('button', { name: 'OK' }).click();

    const resumeHref = await pending.getByRole('link', { name: 'View Resume' }).getAttribute('href');
    const resume = await rita.context.request.get(resumeHref!);
    expect(resume.status()).toBe(200);
    expect(resume.headers()['content-type']).toBe('application/pdf');
    // Nobody else may see it, nor the applicant's profile.
    const stranger = await newPage(browser, baseUrl);
    await signInThroughPopup(stranger.page, `stan.${name}@example.com`, 'Stan Stranger');
    expect((await stranger.context.request.get(resumeHref!)).status()).toBe(404);
    const samId = await sam.page.evaluate(() =>
      fetch('/auth/status')
        .then((r) => r.json())
        .then((s: { user: { id: number } }) => s.user.id),
    );
    expect((await stranger.context.request.get(`/api/users/${samId}`)).status()).toBe(404);
    expect((await rita.context.request.get(`/api/users/${samId}`)).status()).toBe(200);
    await stranger.context.close();

    // Accept, submit, then report success with feedback.
    const act = async (button: string, feedback: string | null, toast: string) => {
      await rita.page.getByRole('button', { name: button }).click();
      const dialog = rita.page.getByRole('dialog');
      if (feedback)
        await dialog.getByRole('textbox', { name: 'Feedback for the job seeker (optional)' }).fill(feedback);
      await dialog.getByRole('button', { name: 'Confirm' }).waitFor();
      await expectNoAxeViolations(rita.page, `${name}-${button.toLowerCase().replaceAll(' ', '-')}-dialog`);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await toastText(rita.page, toast).waitFor();
    };
    await act(
      'Accept Referral',
      'Strong profile, happy to help.',
      "You've accepted the referral request. The job seeker has been notified.",
    );
    await rita.page.getByRole('region', { name: 'Accepted Requests' }).getByText('Sam Seeker').waitFor();
    await sam.page.goto('/my-referrals');
    const samCard = sam.page.getByRole('article', { name: 'Software Engineer' });
    await samCard.getByText('Accepted', { exact: true }).waitFor();
    // Exact: the folded timeline repeats the note in quotes.
    await samCard.getByText('Strong profile, happy to help.', { exact: true }).waitFor();
    await act('Mark as Submitted', null, "You've marked the referral as submitted to your company.");
    await act(
      'Mark as Successful',
      'The hiring team invited you to interview.',
      "You've marked the referral as successful. The job seeker will be notified.",
    );
    await rita.page.getByRole('region', { name: 'Successful Referrals' }).getByText('Sam Seeker').waitFor();
    await screenshot(rita.page, `${name}-incoming-successful`);

    // The seeker sees the outcome, the feedback and a notification for each step.
    await sam.page.goto('/my-referrals');
    await sam.page.getByText('Successful', { exact: true }).waitFor();
    await sam.page.getByText('The hiring team invited you to interview.', { exact: true }).waitFor();
    await screenshot(sam.page, `${name}-my-requests`);
    expect(await notificationTitles(sam.page)).toEqual(
      expect.arrayContaining(['Referral accepted', 'Referral submitted', 'Referral successful']),
    );
    expect(await notificationTitles(rita.page)).toContain('New referral request');

    // Every dashboard variant shows the same request from the same data.
    for (const [path, text] of [
      ['/referrer-dashboard', 'Sam Seeker'],
      ['/original-dashboard', 'Sam Seeker'],
      ['/basic-dashboard', 'Software Engineer'],
      ['/emergency-dashboard', 'Software Engineer'],
    ] as const) {
      await rita.page.goto(path);
      await rita.page.getByRole('main').getByText(text).first().waitFor();
      await screenshot(rita.page, `${name}${path.replace('/', '-')}`);
    }

    expect(rita.errors).toEqual([]);
    expect(sam.errors).toEqual([]);
  });

  it('a request to a company with no referrer waits, then goes to a colleague who enables referrals', async () => {
    const slug = `acmerockets${name}`;
    const sam = await newPage(browser, baseUrl);
    await signInThroughPopup(sam.page, `sam2.${name}@example.com`, 'Sam Second');
    await requestReferral(sam.page, `https://jobs.lever.co/${slug}/1234-abcd`, 'Product Manager', 'Hello!');
    await sam.page.getByTestId('company-detection').getByText(new RegExp(slug, 'i')).waitFor();
    await sam.page.getByRole('button', { name: 'Submit Request' }).click();
    await toastText(
      sam.page,
      "We're currently looking for referrers at this company. We'll notify you when one becomes available.",
    ).waitFor();
    await sam.page.waitForURL('**/dashboard');
    await sam.page.goto('/my-referrals');
    await sam.page.getByRole('article', { name: 'Product Manager' }).getByText('Pending').waitFor();

    const cole = await newPage(browser, baseUrl);
    await signInThroughPopup(cole.page, `cole.${name}@example.com`, 'Cole Colleague');
    await setCompany(cole.page, slug);
    await enableReferrals(cole.page);
    await cole.page.getByRole('region', { name: 'Pending Review' }).getByText('Sam Second').waitFor();
    await screenshot(cole.page, `${name}-incoming-after-enabling`);

    expect(await notificationTitles(sam.page)).toContain('Referrer found');
    expect(await notificationTitles(cole.page)).toContain('New referral request');
    expect(cole.errors).toEqual([]);
    expect(sam.errors).toEqual([]);
  });

  it('the form reads a pasted Greenhouse posting and fills Position from it', async () => {
    const sam = await newPage(browser, baseUrl);
    await signInThroughPopup(sam.page, `sam3.${name}@example.com`, 'Sam Third');
    await sam.page.goto('/request-referral');
    // tests/e2e/global-setup.ts serves posting 4242 as the servers' GREENHOUSE_API_URL, on loopback.
    await sam.page.getByLabel('Job URL').fill('https://boards.greenhouse.io/google/jobs/4242');
    await sam.page.getByText('Senior Search Engineer · Zurich, Switzerland').waitFor();
    await expect.poll(() => sam.page.getByLabel('Position').inputValue()).toBe('Senior Search Engineer');
    await screenshot(sam.page, `${name}-request-referral-preview`);

    // A posting the board no longer has: said before sending, the previous posting's Position is cleared
    // (issue 46 item 5), and the server refuses it when sent, under the URL.
    await sam.page.getByLabel('Job URL').fill('https://boards.greenhouse.io/google/jobs/4243');
    await sam.page.getByText('This posting seems to be closed.').waitFor();
    await expect.poll(() => sam.page.getByLabel('Position').inputValue()).toBe('');
    await expectNoAxeViolations(sam.page, `${name}-request-referral-closed`);
    await sam.page.getByLabel('Position').fill('Search Engineer');
    await sam.page.getByRole('button', { name: 'Submit Request' }).click();
    await sam.page.getByText('This posting is closed.').first().waitFor();
    await expect.poll(() => new URL(sam.page.url()).pathname).toBe('/request-referral');
    await screenshot(sam.page, `${name}-request-referral-closed-refused`);
    // The refused POST is the only console error: Chromium logs a 400 answer.
    expect(sam.errors.filter((e) => !e.includes('400'))).toEqual([]);
  });
});
