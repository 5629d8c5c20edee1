import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, journeyServers, signInThroughPopup } from './browser';
import { api, becomeReferrer, myId } from './journey-api';

/**
 * Issue 24 in the browser (docs/decisions/033-request-lifecycle.md): a referrer declines with a reason and
 * takes it back from the toast's Undo; the seeker withdraws from their card after a confirmation, and the
 * referrer loses the request's applicant. DECLINE_UNDO_WINDOW is the default two minutes here.
 */

/** Radix also repeats a toast in a live region, so match the visible text exactly. */
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

describe.each(journeyServers('postgres'))(
  'a request withdrawn, a decline undone, on $name',
  ({ baseUrl }) => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('declines with a reason then undoes it from the toast; the seeker withdraws and the referrer loses the applicant', async () => {
      const stamp = Date.now();
      const company = `Lifecycle Journey ${stamp}`;
      const rita = await newPage(browser, baseUrl);
      await signInThroughPopup(rita.page, `rita.life.${stamp}@example.com`, 'Rita Undo');
      await becomeReferrer(rita.page, company);

      const sam = await newPage(browser, baseUrl);
      await signInThroughPopup(sam.page, `sam.life.${stamp}@example.com`, 'Sam Withdraws');
      const samId = await myId(sam.page);
      expect(
        await api(sam.page, 'POST', '/api/referral-requests', {
          jobUrl: `https://example.org/jobs/lifecycle-${stamp}`,
          position: 'Data Engineer',
          message: '',
          resumeLink: null,
          detectedCompanyName: company,
        }),
      ).toBe(201);

      // Rita declines with a reason, then takes it back from the toast.
      await rita.page.goto('/my-referrals?tab=incoming');
      const pending = rita.page.getByRole('region', { name: 'Pending Review' });
      await pending.getByText('Data Engineer').waitFor();
      await pending.getByRole('button', { name: 'Decline' }).click();
      const dialog = rita.page.getByRole('dialog', { name: 'Decline' });
      await dialog.getByRole('combobox', { name: /Reason/ }).selectOption('team_not_hiring');
      await dialog.getByRole('textbox', { name: /Feedback/ }).fill('Hiring freeze until spring');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      // Nobody is told while the decline may be undone, and the toast says so (issue 46 item 9).
      await toastText(
        rita.page,
        "You've declined the referral request. The job seeker will be told once the undo window passes; until then you can undo it here or on the card.",
      ).waitFor();
      const declined = rita.page.getByRole('region', { name: 'Declined Requests' });
      // The card says why; its folded timeline says it again.
      await declined.getByText('The team is not hiring').first().waitFor();
      await screenshot(rita.page, 'lifecycle-declined-with-undo');
      await rita.page.getByRole('button', { name: 'Undo', exact: true }).click();
      await toastText(rita.page, 'The decline was undone; the request is pending again.').waitFor();
      await pending.getByText('Data Engineer').waitFor();

      // Declined again: once the toast has gone, the card's own Undo is still there for the window.
      await pending.getByRole('button', { name: 'Decline' }).click();
      await rita.page
        .getByRole('dialog', { name: 'Decline' })
        .getByRole('button', { name: 'Confirm' })
        .click();
      const undoOnCard = declined.getByRole('button', { name: 'Undo decline' });
      await undoOnCard.waitFor();
      await rita.page
        .getByRole('button', { name: 'Undo', exact: true })
        .waitFor({ state: 'detached', timeout: 15_000 });
      await screenshot(rita.page, 'lifecycle-declined-undo-on-card');
      await undoOnCard.click();
      await toastText(rita.page, 'The decline was undone; the request is pending again.').waitFor();
      await pending.getByText('Data Engineer').waitFor();

      // The seeker never saw the decline: the card is pending, and may be withdrawn.
      await sam.page.goto('/my-referrals');
      const card = sam.page.getByRole('article', { name: 'Data Engineer' });
      await card.getByText('Pending', { exact: true }).waitFor();
      expect(await card.textContent()).not.toContain('not hiring');
      expect(await api(rita.page, 'GET', `/api/users/${samId}`)).toBe(200);
      await card.getByRole('button', { name: 'Withdraw' }).click();
      const confirm = sam.page.getByRole('dialog', { name: 'Withdraw this request?' });
      await screenshot(sam.page, 'lifecycle-withdraw-confirmation');
      await confirm.getByRole('button', { name: 'Withdraw' }).click();
      await toastText(sam.page, 'Your request was withdrawn.').waitFor();
      await card.getByText('Withdrawn', { exact: true }).waitFor();
      expect(await card.getByRole('button', { name: 'Withdraw' }).count()).toBe(0);

      // Rita is told, and the applicant's profile is closed to her.
      expect(await api(rita.page, 'GET', `/api/users/${samId}`)).toBe(404);
      const titles = await rita.page.evaluate(async () => {
        const list: { title: string; message: string }[] = await fetch('/api/notifications').then((r) =>
          r.json(),
        );
        return list.map((n) => n.message);
      });
      expect(titles).toContain(`Sam Withdraws withdrew their request for Data Engineer at ${company}.`);

      // Rita's one deliberate 404 above is the only thing the console may say.
      expect(rita.errors).toEqual([
        'console: Failed to load resource: the server responded with a status of 404 (Not Found)',
      ]);
      expect(sam.errors).toEqual([]);
      for (const who of [rita, sam]) {
        await who.context.close();
      }
    });
    it('shows the deadline, carries a message each way and keeps every step in the timeline', async () => {
      const stamp = Date.now();
      const company = `Thread Journey ${stamp}`;
      const rita = await newPage(browser, baseUrl);
      await signInThroughPopup(rita.page, `rita.thread.${stamp}@example.com`, 'Rita Thread');
      await becomeReferrer(rita.page, company);
      const sam = await newPage(browser, baseUrl);
      await signInThroughPopup(sam.page, `sam.thread.${stamp}@example.com`, 'Sam Thread');
      expect(
        await api(sam.page, 'POST', '/api/referral-requests', {
          jobUrl: `https://example.org/jobs/thread-${stamp}`,
          position: 'Search Engineer',
          message: '',
          resumeLink: null,
          detectedCompanyName: company,
        }),
      ).toBe(201);

      // Rita's pending card says by when to answer, and she writes first.
      await rita.page.goto('/my-referrals?tab=incoming');
      const ritaCard = rita.page.getByRole('article', { name: 'Search Engineer' });
      await ritaCard.getByText(/^Answer by \w{3} \d{1,2} \w{3}, \d\d:\d\d$/).waitFor();
      await ritaCard.getByText('Messages with Sam').click();
      await ritaCard.getByLabel('Message to Sam').fill('Which team are you most excited about?');
      await ritaCard.getByRole('button', { name: 'Send' }).click();
      await ritaCard
        .getByRole('list', { name: 'Messages with Sam' })
        .getByText('Which team are you most excited about?')
        .waitFor();

      // Sam reads it on his card and answers.
      await sam.page.goto('/my-referrals');
      const samCard = sam.page.getByRole('article', { name: 'Search Engineer' });
      await samCard.getByText('Messages with Rita').click();
      const samThread = samCard.getByRole('list', { name: 'Messages with Rita' });
      await samThread.getByText('Which team are you most excited about?').waitFor();
      await samCard.getByLabel('Message to Rita').fill('Ranking, and my candidate id is 4711.');
      await samCard.getByRole('button', { name: 'Send' }).click();
      await samThread.getByText('Ranking, and my candidate id is 4711.').waitFor();
      await screenshot(sam.page, 'lifecycle-thread-seeker');

      // Rita sees the answer, accepts with a note, and both timelines keep the step with its note.
      await rita.page.reload();
      await ritaCard.getByText('Messages with Sam').click();
      await ritaCard.getByText('Ranking, and my candidate id is 4711.').waitFor();
      await ritaCard.getByRole('button', { name: 'Accept Referral' }).click();
      const accept = rita.page.getByRole('dialog', { name: 'Accept Referral' });
      await accept.getByRole('textbox').fill('Happy to refer you to Ranking.');
      await accept.getByRole('button', { name: 'Confirm' }).click();
      await rita.page
        .getByRole('region', { name: 'Accepted Requests' })
        .getByText('Search Engineer')
        .waitFor();
      const accepted = rita.page.getByRole('region', { name: 'Accepted Requests' }).getByRole('article');
      await accepted.getByText(/^Timeline \(\d+ steps\)$/).click();
      await accepted.getByRole('list', { name: 'Timeline' }).getByText('Assigned to you').waitFor();
      await sam.page.reload();
      await samCard.getByText(/^Timeline \(\d+ steps\)$/).click();
      const samTimeline = samCard.getByRole('list', { name: 'Timeline' });
      await samTimeline.getByText('Accepted (Rita)').waitFor();
      await samTimeline.getByText('“Happy to refer you to Ranking.”').waitFor();
      await screenshot(sam.page, 'lifecycle-timeline-seeker');

      // Rita copies the referral's details for her company's tool, then submits with its candidate id.
      await rita.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
      await accepted.getByRole('button', { name: 'Copy referral details' }).click();
      await toastText(rita.page, 'The referral details are on your clipboard.').waitFor();
      const copied = await rita.page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toContain('Candidate: Sam Thread');
      expect(copied).toContain(`Position: Search Engineer at ${company}`);
      await accepted.getByRole('button', { name: 'Mark as Submitted' }).click();
      const submit = rita.page.getByRole('dialog', { name: 'Mark as Submitted' });
      await submit.getByLabel(/Referral or candidate id/).fill('R-4711');
      await submit.getByRole('button', { name: 'Confirm' }).click();
      const submittedCard = rita.page
        .getByRole('region', { name: 'Submitted Referrals' })
        .getByRole('article');
      await submittedCard.getByText('Candidate id: R-4711').waitFor();

      // Sam sees the id and confirms the company's email arrived; Rita is shown it.
      await sam.page.reload();
      await samCard.getByText('Your candidate id at the company: R-4711').waitFor();
      await samCard.getByRole('button', { name: 'Yes, it arrived' }).click();
      await samCard.getByText("You confirmed that the company's referral email arrived.").waitFor();
      await rita.page.reload();
      await submittedCard.getByText('Sam confirmed that the referral arrived.').waitFor();
      // Her own record counts the answer, and says it is too early for a rate.
      await rita.page.getByText(/Too early to tell: .*\(1 so far\)/).waitFor();
      await screenshot(rita.page, 'lifecycle-submitted-referrer');

      expect(rita.errors).toEqual([]);
      expect(sam.errors).toEqual([]);
      for (const who of [rita, sam]) await who.context.close();
    });
  },
);
