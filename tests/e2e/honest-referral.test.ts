import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newPage,
  journeyServers,
  signInThroughPopup,
  pictureBoth,
} from './browser';
import { becomeReferrer } from './journey-api';

/**
 * Issue 50 items 2 and 3 in the browser (docs/decisions/082-already-applied-and-relationship.md): the seeker
 * says they already applied; the referrer sees it, accepts saying they worked together, the packet says
 * both, they change it to knowing the seeker personally, and the seeker's card says so. Pictured (and
 * checked with axe) at 1280 and 390 px.
 */

/** The packet of the referrer's one referral, as 'Copy referral details' reads it. */
async function packetText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const list: { referral: { id: number } }[] = await fetch('/api/referral-requests?role=referrer').then(
      (r) => r.json(),
    );
    const packet: { text: string } = await fetch(`/api/referrals/${list[0]!.referral.id}/packet`).then((r) =>
      r.json(),
    );
    return packet.text;
  });
}

describe.each(journeyServers('postgres'))('an honest referral, on $name', ({ name, baseUrl }) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('carries already applied and how the referrer knows the seeker from the form to the packet and both cards', async () => {
    const stamp = Date.now();
    const company = `Honest Works ${name} ${stamp}`;
    const rita = await newPage(browser, baseUrl);
    await signInThroughPopup(rita.page, `rita.honest.${stamp}@example.com`, 'Rita Honest');
    await becomeReferrer(rita.page, company);

    // Sam asks, saying he already applied, and is told what that may mean.
    const sam = await newPage(browser, baseUrl);
    await signInThroughPopup(sam.page, `sam.honest.${stamp}@example.com`, 'Sam Honest');
    await sam.page.goto('/request-referral');
    const form = sam.page.getByRole('form', { name: 'Job details' });
    await form
      .getByRole('textbox', { name: 'Job URL' })
      .fill(`https://www.indeed.com/viewjob?jk=honest${stamp}`);
    await form.getByRole('textbox', { name: 'Position' }).fill('Platform Engineer');
    await form.getByRole('combobox', { name: 'Company' }).fill(company, { timeout: 15_000 });
    const question = form.getByRole('group', { name: /Have you already applied for this job\?/ });
    await question.getByRole('radio', { name: 'Yes' }).check();
    await form
      .getByText(
        'Some companies do not accept a referral for a job you already applied to. Your referrer will see this.',
      )
      .waitFor();
    await pictureBoth(sam.page, `${name}-honest-request-form`);
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await sam.page.waitForURL('**/dashboard');

    // Rita sees it on the card and accepts, saying they worked together.
    await rita.page.goto('/my-referrals?tab=incoming');
    const pending = rita.page.getByRole('region', { name: 'Pending Review' });
    await pending.getByText('Already applied: yes').waitFor({ timeout: 15_000 });
    await pending.getByRole('button', { name: 'Accept Referral' }).click();
    const dialog = rita.page.getByRole('dialog', { name: 'Accept Referral' });
    const choice = dialog.getByRole('combobox', { name: 'How do you know the candidate?' });
    expect(await choice.inputValue()).toBe('referbridge_only');
    await choice.selectOption({ label: 'We worked together' });
    await pictureBoth(rita.page, `${name}-honest-accept-dialog`);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    // The dialog asks the same question: until it has gone, a page-wide lookup could find its select.
    await dialog.waitFor({ state: 'detached' });
    const onCard = rita.page
      .getByRole('region', { name: 'Accepted Requests' })
      .getByRole('combobox', { name: 'How do you know the candidate?' });
    await expect.poll(() => onCard.inputValue(), { timeout: 15_000 }).toBe('worked_together');
    let text = await packetText(rita.page);
    expect(text).toContain('Already applied: yes');
    expect(text).toContain(
      'How do you know the candidate? I have worked with the candidate and know their work first-hand.',
    );

    // She changes it before submitting; the packet follows.
    await onCard.selectOption({ label: 'I know them personally' });
    const saved = 'The referral details now say how you know the candidate.';
    await rita.page.getByText(saved, { exact: true }).first().waitFor();
    await expect.poll(() => onCard.inputValue()).toBe('know_personally');
    text = await packetText(rita.page);
    expect(text).toContain(
      'How do you know the candidate? I know the candidate personally, but I have not worked with them.',
    );
    // The toast covers the card on a phone: pictured once it has gone (5 s).
    await expect.poll(() => rita.page.getByText(saved, { exact: true }).count(), { timeout: 15_000 }).toBe(0);
    await onCard.scrollIntoViewIfNeeded();
    await pictureBoth(rita.page, `${name}-honest-referrer-card`);

    // Sam's card says which was given.
    await sam.page.goto('/my-referrals');
    const card = sam.page.getByRole('article', { name: 'Platform Engineer' });
    await card.getByText('Your referrer said they know you personally.').waitFor({ timeout: 15_000 });
    await pictureBoth(sam.page, `${name}-honest-seeker-card`);

    expect(rita.errors).toEqual([]);
    expect(sam.errors).toEqual([]);
    for (const who of [rita, sam]) await who.context.close();
  });
});
