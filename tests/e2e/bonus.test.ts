import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newPage,
  journeyServers,
  signInThroughPopup,
  pictureBoth,
} from './browser';
import { api, becomeReferrer } from './journey-api';

/**
 * Issue 50 item 5 in the browser (docs/decisions/083-referral-bonus-tracker.md): a referral ends successful,
 * its referrer records the bonus on the dashboard's Bonuses card, and the card shows the expected payout
 * day. Then the whole issue's journey: changes asked for (docs/decisions/084-changes-requested.md), a new
 * résumé and a resubmit, an honest accept, a submission, a successful outcome and the bonus reminded in the
 * app and by mail on the server's own sweep (REFERRAL_SWEEP_INTERVAL is 5 s on the journeys' servers).
 * Pictured (and checked with axe) at 1280 and 390 px.
 */

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

  it('goes from changes asked for through a resubmit and an honest accept to a bonus reminded by mail', async () => {
    const stamp = Date.now();
    const company = `Changes Works ${name} ${stamp}`;
    const ritaEmail = `rita.changes.${stamp}@example.com`;
    const samEmail = `sam.changes.${stamp}@example.com`;
    const rita = await newPage(browser, baseUrl);
    await signInThroughPopup(rita.page, ritaEmail, 'Rita Changes');
    await becomeReferrer(rita.page, company);
    const sam = await newPage(browser, baseUrl);
    await signInThroughPopup(sam.page, samEmail, 'Sam Changes');
    expect(
      await api(sam.page, 'POST', '/api/referral-requests', {
        jobUrl: `https://www.indeed.com/viewjob?jk=changes${stamp}`,
        position: 'Data Engineer',
        message: 'I built the ingestion pipeline at my last job.',
        resumeLink: null,
        companyId: null,
        detectedCompanyName: company,
      }),
    ).toBe(201);

    // Rita asks for changes rather than declining.
    await rita.page.goto('/my-referrals?tab=incoming');
    const pending = rita.page.getByRole('region', { name: 'Pending Review' });
    await pending.getByRole('button', { name: 'Ask for changes' }).click({ timeout: 15_000 });
    const dialog = rita.page.getByRole('dialog', { name: 'Ask for changes' });
    await dialog.getByRole('checkbox', { name: 'Missing keywords from the posting' }).check();
    await dialog.getByRole('checkbox', { name: 'The impact of their work is unclear' }).check();
    await dialog.getByRole('textbox').fill('Name Spark and Airflow, and say what the pipeline saved.');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const waiting = rita.page.getByRole('region', { name: 'Waiting for Changes' });
    await waiting
      .getByText('Waiting for the applicant to make the changes you asked for and resubmit.')
      .waitFor({ timeout: 15_000 });
    await waiting
      .getByText(/Missing keywords from the posting; The impact of their work is unclear/)
      .waitFor();
    // The toast covers the card on a phone: pictured once it has come and gone (5 s).
    const toast = rita.page.getByText("You've asked for changes. The job seeker has been notified.");
    await toast.first().waitFor({ timeout: 15_000 });
    await expect.poll(() => toast.count(), { timeout: 15_000 }).toBe(0);
    await waiting.scrollIntoViewIfNeeded();
    await pictureBoth(rita.page, `${name}-changes-referrer-card`);

    // Sam is told at once, in the app and by mail, and reads each change as a sentence.
    const told = `Your referrer asked for changes to your request for Data Engineer at ${company}.`;
    await expect
      .poll(async () => {
        const mail = (await (
          await sam.page.request.get(`/dev-mail/messages?to=${encodeURIComponent(samEmail)}`)
        ).json()) as { text: string }[];
        return mail.filter((m) => m.text.includes(told)).length;
      })
      .toBe(1);
    await sam.page.goto('/my-referrals');
    const card = sam.page.getByRole('article', { name: 'Data Engineer' });
    const changes = card.getByRole('region', {
      name: 'Your referrer asked for these changes before they refer you:',
    });
    await changes
      .getByText('Your résumé is missing keywords the job posting asks for.')
      .waitFor({ timeout: 15_000 });
    await changes.getByText('Name Spark and Airflow, and say what the pipeline saved.').waitFor();
    await pictureBoth(sam.page, `${name}-changes-seeker-card`);

    // He uploads a better résumé, then resubmits with a word for Rita.
    await changes.getByRole('link', { name: 'Edit your profile and résumé' }).click();
    await sam.page.waitForURL('**/profile/edit');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'referbridge-changes-'));
    const resume = path.join(dir, 'Sam Resume v2.pdf');
    fs.writeFileSync(resume, '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    await sam.page.getByLabel('Upload resume').setInputFiles(resume);
    await sam.page.getByText('Sam Resume v2.pdf').first().waitFor({ timeout: 15_000 });
    await sam.page.goto('/my-referrals');
    await changes.getByRole('button', { name: 'Resubmit' }).click({ timeout: 15_000 });
    const resubmit = sam.page.getByRole('dialog', { name: 'Resubmit' });
    await resubmit
      .getByRole('textbox', { name: 'A message to your referrer (optional)' })
      .fill('Added Spark, Airflow and the hours the pipeline saved.');
    await pictureBoth(sam.page, `${name}-changes-resubmit-dialog`);
    await resubmit.getByTestId('confirm-resubmit').click();
    await card.getByText('Pending', { exact: true }).first().waitFor({ timeout: 15_000 });
    expect(await changes.count()).toBe(0);

    // Rita has it back, with the new résumé, and accepts as only knowing Sam through ReferBridge.
    await rita.page.goto('/my-referrals?tab=incoming');
    await pending.getByText('Resubmitted after the changes you asked for.').waitFor({ timeout: 15_000 });
    await pending.getByRole('link', { name: 'View Resume' }).waitFor();
    await pending.getByRole('button', { name: 'Accept Referral' }).click();
    const accept = rita.page.getByRole('dialog', { name: 'Accept Referral' });
    expect(await accept.getByRole('combobox', { name: 'How do you know the candidate?' }).inputValue()).toBe(
      'referbridge_only',
    );
    await accept.getByRole('button', { name: 'Confirm' }).click();
    await rita.page.getByRole('region', { name: 'Accepted Requests' }).waitFor({ timeout: 15_000 });
    const referralId = await theReferral(rita.page);
    const packet = await rita.page.evaluate(
      (id) => fetch(`/api/referrals/${id}/packet`).then((r) => r.json() as Promise<{ text: string }>),
      referralId,
    );
    expect(packet.text).toContain(
      'How do you know the candidate? I know the candidate only through this referral',
    );

    // Submitted, successful, and the bonus recorded: hired 30 days ago, paid after 30, so due today.
    for (const status of ['submitted', 'successful'])
      expect(await api(rita.page, 'PUT', `/api/referrals/${referralId}/status`, { status })).toBe(200);
    const hiredOn = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    expect(
      await api(rita.page, 'PUT', `/api/referrals/${referralId}/bonus`, {
        hiredOn,
        payoutAfterDays: 30,
        status: 'waiting',
      }),
    ).toBe(200);

    // The server's sweep reminds Rita, in the app and by mail.
    const reminder = `Did you receive your referral bonus for Sam at ${company}?`;
    await expect
      .poll(
        async () => {
          const mail = (await (
            await rita.page.request.get(`/dev-mail/messages?to=${encodeURIComponent(ritaEmail)}`)
          ).json()) as { subject: string; text: string }[];
          return mail.filter((m) => m.subject === 'Referral bonus' && m.text.includes(reminder)).length;
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(1);
    await rita.page.goto('/notifications');
    await rita.page.getByRole('list', { name: 'All notifications' }).getByText(reminder).waitFor();

    expect(rita.errors).toEqual([]);
    expect(sam.errors).toEqual([]);
    for (const who of [rita, sam]) await who.context.close();
  });
});
