import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completePopupSignIn,
  launchBrowser,
  newPage,
  screenshot,
  journeyServers,
  signInThroughPopup,
  pictureBoth,
} from './browser';
import { api, becomeReferrer, myId } from './journey-api';

const ADMIN = 'admin.journey@example.com';
/** The company's id, as the signed-in page's company list names it. */
async function companyId(page: Page, company: string): Promise<number> {
  return page.evaluate(
    (name) =>
      fetch('/api/companies')
        .then((r) => r.json())
        .then((list: { id: number; name: string }[]) => list.find((c) => c.name === name)!.id),
    company,
  );
}

/**
 * Issue 49 items 2 and 5: a referrer posts an opening from the referrer dashboard (its posting read from the
 * journeys' own Greenhouse on loopback, tests/e2e/global-setup.ts, and its title corrected); a seeker finds
 * it on /openings, asks through it, and the request reaches that referrer. The seeker's request waiting at a
 * company with nobody there offers the watch and the opening; the referrer removes it from /refer and it
 * leaves /openings. Pictured (and checked with axe) at 1280 and 390 px. The second journey walks the whole of
 * issue 49: a watch, a referrer joining through a colleague's invitation, the watcher told, an opening, the
 * request through it reaching the new referrer, and the admin's Demand tab changing.
 */
describe.each(journeyServers('postgres'))('openings on $name', ({ name, baseUrl }) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a referrer posts an opening, a seeker asks through it, and the request reaches that referrer', async () => {
    const company = `Openbury ${name}`;
    const posting = `https://boards.greenhouse.io/openbury-${name}/jobs/4242`;
    const referrer = await newPage(browser, baseUrl);
    const olive = referrer.page;
    await signInThroughPopup(olive, `olive-${name}@example.com`, 'Olive Opener');
    await becomeReferrer(olive, company);

    // The referrer dashboard's card: the posting is read, its title corrected, a note added.
    await olive.goto('/referrer-dashboard');
    const card = olive.getByRole('region', { name: 'Your openings' });
    await card.getByText(/^You have no open openings/).waitFor({ timeout: 15_000 });
    await card.getByRole('textbox', { name: 'Job posting URL' }).fill(posting);
    const title = card.getByRole('textbox', { name: 'Title' });
    await expect.poll(() => title.inputValue(), { timeout: 15_000 }).toBe('Senior Search Engineer');
    expect(await card.getByRole('textbox', { name: /^Location/ }).inputValue()).toBe('Zurich, Switzerland');
    await title.fill('Senior Search Engineer, Ranking');
    await card
      .getByRole('textbox', { name: /^Note for seekers/ })
      .fill('The ranking team is hiring two people this quarter.');
    await card.scrollIntoViewIfNeeded();
    await pictureBoth(olive, `${name}-openings-post-form`);
    await card.getByRole('button', { name: 'Post opening' }).click();
    const mine = card.getByRole('region', { name: 'Open now (1 of 20)' });
    await mine.getByText('Senior Search Engineer, Ranking', { exact: true }).waitFor({ timeout: 15_000 });
    await card.scrollIntoViewIfNeeded();
    await pictureBoth(olive, `${name}-openings-posted`);

    // A seeker, Sam, has a request waiting where nobody can take it: its card offers the watch and the opening.
    const seeker = await newPage(browser, baseUrl);
    const sam = seeker.page;
    await signInThroughPopup(sam, `sam-open-${name}@example.com`, 'Sam Seeker');
    const empty = `Emptybury ${name}`;
    const colleague = await newPage(browser, baseUrl);
    await signInThroughPopup(colleague.page, `emma-open-${name}@example.com`, 'Emma Empty');
    expect(
      await api(colleague.page, 'PUT', `/api/users/${await myId(colleague.page)}/current-company`, {
        companyName: empty,
      }),
    ).toBe(200);
    await colleague.context.close();
    expect(
      await api(sam, 'POST', '/api/referral-requests', {
        jobUrl: `https://careers.example.com/emptybury/${name}/search-engineer`,
        position: 'Search Engineer',
        companyId: await companyId(sam, empty),
      }),
    ).toBe(201);
    await sam.goto('/my-referrals');
    const waiting = sam.getByRole('article').filter({ hasText: empty });
    await waiting
      .getByText(`No referrers at ${empty} yet: your request will wait until one joins.`)
      .waitFor({ timeout: 15_000 });
    await waiting.getByRole('button', { name: 'Tell me when one joins' }).waitFor();
    const like = waiting.getByRole('region', { name: 'Recent openings like this at other companies' });
    await like.getByText('Senior Search Engineer, Ranking').waitFor({ timeout: 15_000 });
    await waiting.getByRole('button', { name: 'Withdraw' }).waitFor();
    await waiting.scrollIntoViewIfNeeded();
    await pictureBoth(sam, `${name}-openings-waiting-card`);

    // Sam finds the opening on /openings, from the header.
    await sam.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Openings' }).click();
    await sam.waitForURL('**/openings');
    await sam.getByRole('heading', { level: 1, name: 'Openings' }).waitFor();
    await sam.getByRole('searchbox', { name: 'Search openings' }).fill(`openbury ${name}`);
    await sam.waitForURL(/\/openings\?q=/);
    const list = sam.getByRole('list', { name: 'Openings' });
    const item = list.getByRole('listitem').filter({ hasText: 'Senior Search Engineer, Ranking' });
    await item.waitFor({ timeout: 15_000 });
    expect(await list.getByRole('listitem').count()).toBe(1);
    expect(await item.textContent()).toContain('Note from Olive: The ranking team is hiring two people');
    await pictureBoth(sam, `${name}-openings-page`);

    // 'Ask for a referral': the form filled in; sent, it goes to Olive.
    await item.getByRole('link', { name: /^Ask for a referral/ }).click();
    await sam.waitForURL('**/request-referral?companyId=*');
    const form = sam.getByRole('form', { name: 'Job details' });
    expect(await form.getByRole('textbox', { name: 'Job URL' }).inputValue()).toBe(posting);
    expect(await form.getByRole('textbox', { name: 'Position' }).inputValue()).toBe(
      'Senior Search Engineer, Ranking',
    );
    await sam.getByText(/^Asking through Olive's opening/).waitFor();
    await form.getByTestId('company-detection').filter({ hasText: company }).waitFor({ timeout: 15_000 });
    await pictureBoth(sam, `${name}-openings-request-form`);
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await sam.waitForURL('**/dashboard');

    const incoming = await olive.evaluate(() =>
      fetch('/api/referral-requests?role=referrer').then((r) => r.json()),
    );
    const asked = (incoming as { position: string; jobSeeker: { fullName: string } }[]).filter(
      (r) => r.position === 'Senior Search Engineer, Ranking',
    );
    expect(asked.map((r) => r.jobSeeker.fullName)).toEqual(['Sam Seeker']);
    await olive.goto('/referrer-dashboard');
    await olive.getByText('Sam Seeker').first().waitFor({ timeout: 15_000 });

    // Asked through, it is not offered on the waiting card any more.
    await sam.goto('/my-referrals');
    await waiting.getByRole('button', { name: 'Tell me when one joins' }).waitFor({ timeout: 15_000 });
    await sam.waitForLoadState('networkidle');
    await expect.poll(() => like.count()).toBe(0);

    // Olive removes it from /refer; it leaves /openings at once.
    await olive.goto('/refer');
    const referCard = olive.getByRole('region', { name: 'Your openings' });
    await referCard
      .getByRole('button', { name: 'Remove Senior Search Engineer, Ranking' })
      .click({ timeout: 15_000 });
    const dialog = olive.getByRole('dialog', { name: 'Remove this opening?' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await referCard.getByText(/^You have no open openings/).waitFor({ timeout: 15_000 });
    await referCard.scrollIntoViewIfNeeded();
    await pictureBoth(olive, `${name}-openings-refer-removed`);
    await sam.goto(`/openings?q=${encodeURIComponent(`openbury ${name}`)}`);
    await sam.getByText(`No opening matches “openbury ${name}” right now.`).waitFor({ timeout: 15_000 });
    await pictureBoth(sam, `${name}-openings-none`);

    expect(referrer.errors).toEqual([]);
    expect(seeker.errors).toEqual([]);
    await referrer.context.close();
    await seeker.context.close();
  });
  it('the whole issue: a watch, an invitation, the watcher told, an opening, the request, and the demand', async () => {
    const company = `Supplyton ${name}`;
    const slug = `supplyton-${name}`;
    // Ivy, a referrer there, takes her invitation link, then stops taking requests: nobody can take one.
    const inviter = await newPage(browser, baseUrl);
    const ivy = inviter.page;
    await signInThroughPopup(ivy, `ivy-supply-${name}@example.com`, 'Ivy Inviter');
    await becomeReferrer(ivy, company);
    const { url } = (await ivy.evaluate(() => fetch('/api/referrer/invite').then((r) => r.json()))) as {
      url: string;
    };
    expect(
      await api(ivy, 'PUT', `/api/users/${await myId(ivy)}/willingness-to-give-referrals`, {
        isWilling: false,
      }),
    ).toBe(200);

    // Wes watches the company from /companies.
    const watcher = await newPage(browser, baseUrl);
    const wes = watcher.page;
    await signInThroughPopup(wes, `wes-supply-${name}@example.com`, 'Wes Watcher');
    await wes.goto(`/companies?q=supplyton`);
    const row = wes
      .getByRole('region', { name: 'No referrer available yet' })
      .getByRole('listitem')
      .filter({ hasText: company });
    const watch = row.getByRole('button', { name: 'Tell me when one joins' });
    await watch.click({ timeout: 15_000 });
    await expect.poll(() => watch.getAttribute('aria-pressed')).toBe('true');

    // The admin's Demand tab: one watcher, nobody available.
    const operator = await newPage(browser, baseUrl);
    const admin = operator.page;
    await signInThroughPopup(admin, ADMIN, 'Ada Admin');
    await admin.goto('/admin?tab=demand');
    const demandRow = admin
      .getByRole('table', { name: 'Demand' })
      .getByRole('row')
      .filter({ hasText: company });
    await demandRow.waitFor({ timeout: 15_000 });
    expect(await demandRow.getByRole('cell').allTextContents()).toEqual([company, '0', '0', '1', '0']);

    // Jade joins through Ivy's link, lands on /refer with the company filled in, and turns willing.
    const joiner = await newPage(browser, baseUrl);
    const jade = joiner.page;
    await jade.goto(new URL(url).pathname);
    await jade.waitForURL('**/signup?next=*');
    const [popup] = await Promise.all([
      jade.waitForEvent('popup'),
      jade.getByRole('button', { name: 'Sign up with Google' }).click(),
    ]);
    await completePopupSignIn(popup, `jade-supply-${name}@example.com`, 'Jade Joiner');
    await jade.waitForURL('**/refer?company=*', { timeout: 15_000 });
    await expect
      .poll(() => jade.getByRole('combobox', { name: 'Where do you work?' }).inputValue())
      .toBe(company);
    await jade.getByRole('button', { name: 'Continue' }).click();
    await jade.getByRole('button', { name: 'Continue' }).click();
    await jade.getByRole('button', { name: 'Done' }).click();
    await jade.getByRole('button', { name: 'Skip for now' }).click();
    await jade.waitForURL('**/dashboard');

    // Wes is told, and so is Ivy.
    await wes.goto('/notifications');
    const wesNotices = wes.getByRole('list', { name: 'All notifications' });
    await wesNotices
      .getByText(`A referrer at ${company} can take requests now.`)
      .waitFor({ timeout: 15_000 });
    await ivy.goto('/notifications');
    await ivy
      .getByRole('list', { name: 'All notifications' })
      .getByText(`Jade joined ${company} as a referrer through your invitation.`)
      .waitFor({ timeout: 15_000 });

    // Jade posts an opening from /refer.
    await jade.goto('/refer');
    const card = jade.getByRole('region', { name: 'Your openings' });
    await card
      .getByRole('textbox', { name: 'Job posting URL' })
      .fill(`https://boards.greenhouse.io/${slug}/jobs/4242`, { timeout: 15_000 });
    const title = card.getByRole('textbox', { name: 'Title' });
    await expect.poll(() => title.inputValue(), { timeout: 15_000 }).toBe('Senior Search Engineer');
    await card.getByRole('button', { name: 'Post opening' }).click();
    await card.getByRole('region', { name: 'Open now (1 of 20)' }).waitFor({ timeout: 15_000 });
    await card.scrollIntoViewIfNeeded();
    await pictureBoth(jade, `${name}-openings-refer-posted`);

    // Wes finds it and asks through it; it reaches Jade.
    await wes.goto(`/openings?q=${encodeURIComponent(company)}`);
    const item = wes
      .getByRole('list', { name: 'Openings' })
      .getByRole('listitem')
      .filter({ hasText: company });
    await item.getByRole('link', { name: /^Ask for a referral/ }).click({ timeout: 15_000 });
    const form = wes.getByRole('form', { name: 'Job details' });
    await form.getByTestId('company-detection').filter({ hasText: company }).waitFor({ timeout: 15_000 });
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await wes.waitForURL('**/dashboard');
    const incoming = (await jade.evaluate(() =>
      fetch('/api/referral-requests?role=referrer').then((r) => r.json()),
    )) as { jobSeeker: { fullName: string } }[];
    expect(incoming.map((r) => r.jobSeeker.fullName)).toEqual(['Wes Watcher']);

    // The Demand tab has changed: nobody waits there and the watch ended, so the company leaves the list.
    await expect
      .poll(
        async () => {
          await admin.reload();
          await admin.getByRole('table', { name: 'Demand' }).waitFor();
          return demandRow.count();
        },
        { timeout: 15_000 },
      )
      .toBe(0);
    await screenshot(admin, `${name}-openings-demand-after-1280`);

    for (const p of [inviter, watcher, operator, joiner]) {
      expect(p.errors).toEqual([]);
      await p.context.close();
    }
  });
});
