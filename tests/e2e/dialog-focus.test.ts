import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  firstDashboardVisitRecorded,
  launchBrowser,
  newPage,
  screenshot,
  journeyServers,
  signInThroughPopup,
} from './browser';
import { api, becomeReferrer } from './journey-api';

/**
 * Issue 46 item 9: focus goes back to what opened a dialog when it closes (a keyboard user goes on from
 * where they were), and where that is gone (an accepted request's Accept button), to its card.
 */

/** Whether `locator` is the element that has focus. */
async function hasFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement);
}

/** What has focus, for a failure's message. */
async function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.slice(0, 60)}` : 'none';
  });
}

/**
 * A dialog is ready for the keyboard once it has taken the focus: a person presses Escape after the dialog
 * shows, and Radix listens for it from the moment it moves the focus in.
 */
async function focusInside(dialog: Locator) {
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
}

async function expectFocus(page: Page, locator: Locator, what: string) {
  await expect
    .poll(() => hasFocus(locator), { message: `${what}; focus is on ${await focusedText(page)}` })
    .toBe(true);
}

describe.each(journeyServers('pglite'))('dialogs give focus back on $name', ({ name, baseUrl }) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the referrer's accept, decline and profile dialogs", async () => {
    const stamp = Date.now();
    const company = `Focus Journey ${stamp}`;
    const rita = await newPage(browser, baseUrl);
    await signInThroughPopup(rita.page, `rita.focus.${stamp}@example.com`, 'Rita Focus');
    await becomeReferrer(rita.page, company);
    const sam = await newPage(browser, baseUrl);
    await signInThroughPopup(sam.page, `sam.focus.${stamp}@example.com`, 'Sam Focus');
    for (const position of ['Data Engineer', 'Platform Engineer']) {
      expect(
        await api(sam.page, 'POST', '/api/referral-requests', {
          jobUrl: `https://example.org/jobs/${position.replace(' ', '-')}-${stamp}`,
          position,
          message: '',
          resumeLink: null,
          detectedCompanyName: company,
        }),
      ).toBe(201);
    }

    const page = rita.page;
    await page.goto('/my-referrals?tab=incoming');
    const pending = page.getByRole('region', { name: 'Pending Review' });
    const card = pending.getByRole('article', { name: /Data Engineer/ });
    await card.waitFor();

    // The profile modal, opened from the keyboard, closed with Escape, then with OK.
    const viewProfile = card.getByRole('button', { name: 'View Profile' });
    await viewProfile.focus();
    await page.keyboard.press('Enter');
    const profile = page.getByRole('dialog');
    await profile.getByText('Sam Focus').first().waitFor();
    await focusInside(profile);
    await page.keyboard.press('Escape');
    await profile.waitFor({ state: 'detached' });
    await expectFocus(page, viewProfile, 'the profile modal closed with Escape');
    await page.keyboard.press('Enter');
    await profile.getByRole('button', { name: 'OK' }).click();
    await profile.waitFor({ state: 'detached' });
    await expectFocus(page, viewProfile, 'the profile modal closed with OK');

    // Accept, cancelled: back on Accept. Accept, confirmed: the button is gone, so its card has focus.
    const accept = card.getByRole('button', { name: 'Accept Referral' });
    await accept.focus();
    await page.keyboard.press('Enter');
    const acceptDialog = page.getByRole('dialog', { name: 'Accept Referral' });
    await acceptDialog.waitFor();
    await acceptDialog.getByRole('button', { name: 'Cancel' }).click();
    await acceptDialog.waitFor({ state: 'detached' });
    await expectFocus(page, accept, 'the accept dialog cancelled');
    await page.keyboard.press('Enter');
    await acceptDialog.getByRole('button', { name: 'Confirm' }).click();
    const accepted = page
      .getByRole('region', { name: 'Accepted Requests' })
      .getByRole('article', { name: /Data Engineer/ });
    await accepted.waitFor();
    await expectFocus(page, accepted, 'the accept dialog confirmed');
    await screenshot(page, `${name}-focus-after-accept`);

    // Decline, closed with Escape: back on Decline. Confirmed: its card, now under Declined.
    const other = pending.getByRole('article', { name: /Platform Engineer/ });
    const decline = other.getByRole('button', { name: 'Decline' });
    await decline.focus();
    await page.keyboard.press('Enter');
    const declineDialog = page.getByRole('dialog', { name: 'Decline' });
    await declineDialog.waitFor();
    await focusInside(declineDialog);
    await page.keyboard.press('Escape');
    await declineDialog.waitFor({ state: 'detached' });
    await expectFocus(page, decline, 'the decline dialog closed with Escape');
    await page.keyboard.press('Enter');
    await declineDialog.getByRole('button', { name: 'Confirm' }).click();
    const declined = page
      .getByRole('region', { name: 'Declined Requests' })
      .getByRole('article', { name: /Platform Engineer/ });
    await declined.waitFor();
    await expectFocus(page, declined, 'the decline dialog confirmed');

    // 'Undo decline' on the card: the button goes with the decline, and the card, pending again, has focus.
    const undo = declined.getByRole('button', { name: 'Undo decline' });
    await undo.focus();
    await page.keyboard.press('Enter');
    const undone = pending.getByRole('article', { name: /Platform Engineer/ });
    await undone.waitFor();
    await expectFocus(page, undone, "'Undo decline' on the card");

    // The seeker withdraws the accepted request: Withdraw goes, and its card, withdrawn, has focus.
    await sam.page.goto('/my-referrals');
    const mine = sam.page.getByRole('article', { name: /Data Engineer/ });
    const withdraw = mine.getByRole('button', { name: 'Withdraw' });
    await withdraw.focus();
    await sam.page.keyboard.press('Enter');
    const withdrawDialog = sam.page.getByRole('dialog');
    await withdrawDialog.getByRole('button', { name: 'Withdraw' }).focus();
    await sam.page.keyboard.press('Enter');
    await withdrawDialog.waitFor({ state: 'detached' });
    await mine.getByText('Withdrawn').first().waitFor();
    await expectFocus(sam.page, mine, 'the withdraw dialog confirmed');
    await screenshot(sam.page, `${name}-focus-after-withdraw`);

    expect(rita.errors).toEqual([]);
    expect(sam.errors).toEqual([]);
    await rita.context.close();
    await sam.context.close();
  });

  it('the company question and the experience form', async () => {
    const { page, errors, context } = await newPage(browser, baseUrl);
    await signInThroughPopup(page, `ola.focus.${name}@example.com`, 'Ola Focus');
    await page.getByRole('heading', { name: 'Welcome, Ola!' }).waitFor();
    await firstDashboardVisitRecorded(page);
    await page.reload();
    const prompt = page.getByRole('dialog', { name: 'We need one information' });
    await prompt.waitFor();
    await prompt.getByRole('combobox').fill('Figma');
    await page.keyboard.press('Escape');
    await prompt.getByRole('button', { name: 'Continue' }).click();
    await prompt.waitFor({ state: 'detached' });
    // Nothing opened it: focus goes to the page's main content, not to the document's top.
    await expectFocus(page, page.locator('#main-content'), 'the company question closed');

    // The experience form: Add, then Save, back on Add; Edit, then Cancel Editing, back on that Edit.
    await page.goto('/profile/edit');
    const section = page.getByRole('region', { name: 'Work Experience' });
    const form = page.getByRole('form', { name: 'Add experience' });
    await form.getByLabel('Company name').fill('Figma');
    await form.getByLabel('Job title').fill('Designer');
    await form.getByRole('combobox', { name: 'Start month' }).selectOption({ label: 'March' });
    await form.getByRole('combobox', { name: 'Start year' }).selectOption('2020');
    await form.getByRole('button', { name: 'Save Experience' }).click();
    const edit = section.getByRole('button', { name: /^Edit / });
    await edit.waitFor();
    await edit.focus();
    await page.keyboard.press('Enter');
    // The form takes the focus where the list was.
    await expectFocus(page, page.getByRole('form').getByLabel('Company name'), 'the edit form opened');
    await section.getByRole('button', { name: 'Cancel Editing' }).click();
    await expectFocus(page, edit, 'the edit form cancelled');
    await page.keyboard.press('Enter');
    await page.getByRole('form').getByRole('button', { name: 'Save Experience' }).click();
    await expectFocus(page, edit, 'the edit form saved');
    const add = section.getByRole('button', { name: 'Add' });
    await add.click();
    await page.getByRole('form').getByRole('button', { name: 'Save Experience' }).waitFor();
    await section.getByRole('button', { name: 'Cancel Editing' }).click();
    await expectFocus(page, add, 'the add form cancelled');
    await screenshot(page, `${name}-focus-after-experience`);

    expect(errors).toEqual([]);
    await context.close();
  });
});
