import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, screenshot, signInThroughPopup } from './browser';
import { api, becomeReferrer } from './journey-api';

/** Its own server: referrals pass on after 15 seconds (long enough to act on a busy machine), swept every second (global-setup.ts). */
const handoffServers = inject('handoffServers');

describe.each(handoffServers)('referral hand-off on $name', ({ baseUrl }) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a referrer who does not answer loses the request to the next one; the seeker sees the hand-off', async () => {
    const company = `Handoff Journey ${Date.now()}`;
    const rita = await newPage(browser, baseUrl);
    await signInThroughPopup(rita.page, 'rita.handoff@example.com', 'Rita Silent');
    await becomeReferrer(rita.page, company);
    const bob = await newPage(browser, baseUrl);
    await signInThroughPopup(bob.page, 'bob.handoff@example.com', 'Bob Next');
    await becomeReferrer(bob.page, company);

    const sam = await newPage(browser, baseUrl);
    await signInThroughPopup(sam.page, 'sam.handoff@example.com', 'Sam Waiting');
    expect(
      await api(sam.page, 'POST', '/api/referral-requests', {
        jobUrl: 'https://example.org/jobs/handoff-1',
        position: 'Platform Engineer',
        message: '',
        resumeLink: null,
        detectedCompanyName: company,
      }),
    ).toBe(201);

    // Rita holds it first and ignores it.
    await rita.page.goto('/my-referrals?tab=incoming');
    await rita.page.getByRole('region', { name: 'Pending Review' }).getByText('Platform Engineer').waitFor();

    // After the response time the sweep passes it to Bob, who takes it at once (before his own time runs out).
    const bobPending = bob.page.getByRole('region', { name: 'Pending Review' });
    await expect
      .poll(
        async () => {
          await bob.page.goto('/my-referrals?tab=incoming');
          await bob.page.getByRole('tab', { name: 'Incoming Requests' }).waitFor();
          return bobPending.getByText('Platform Engineer').count();
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe(1);
    await bobPending.getByText('Sam Waiting').waitFor();
    await screenshot(bob.page, 'handoff-second-referrer');
    const accepted = await bob.page.evaluate(async () => {
      const list: { referral: { id: number } | null }[] = await fetch(
        '/api/referral-requests?role=referrer',
      ).then((r) => r.json());
      const res = await fetch(`/api/referrals/${list[0]!.referral!.id}/status`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'accepted', feedback: 'Happy to help' }),
      });
      return res.status;
    });
    expect(accepted).toBe(200);

    // Rita keeps only a 'Passed on' card: no applicant contact, no profile, no actions.
    await rita.page.reload();
    const passed = rita.page.getByRole('region', { name: 'Passed On or Closed' }).getByRole('article');
    await passed.getByText('Passed on', { exact: true }).waitFor();
    expect(await passed.getByRole('button', { name: 'View Profile' }).count()).toBe(0);
    expect(await passed.getByRole('button', { name: 'Accept Referral' }).count()).toBe(0);

    // Sam's card names the earlier referrer and the current one.
    await sam.page.goto('/my-referrals');
    const card = sam.page.getByRole('article', { name: 'Platform Engineer' });
    await card.getByText(/Passed on from Rita \(no answer\) on/).waitFor();
    await card.getByText('Accepted', { exact: true }).waitFor();
    await card.getByText('Happy to help', { exact: true }).waitFor();
    expect(await card.textContent()).toContain('Referrer: Bob');
    await screenshot(sam.page, 'handoff-seeker-card');

    for (const who of [rita, bob, sam]) {
      expect(who.errors).toEqual([]);
      await who.context.close();
    }
  });
});
