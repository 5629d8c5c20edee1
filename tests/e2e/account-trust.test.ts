import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, journeyServers, signInThroughPopup } from './browser';

/** Writes from the page carry its own Origin, as the app's own calls do. */
async function api(page: Page, method: string, path: string, data?: unknown): Promise<number> {
  return page.evaluate(
    async ([method, path, data]) =>
      (
        await fetch(path, {
          method,
          headers: data === undefined ? {} : { 'Content-Type': 'application/json' },
          body: data === undefined ? undefined : JSON.stringify(data),
        })
      ).status,
    [method, path, data] as const,
  );
}

async function userId(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const status: { user: { id: number } } = await fetch('/auth/status').then((r) => r.json());
    return status.user.id;
  });
}

describe.each(journeyServers('pglite'))('trust and account control on $name', ({ name, baseUrl }) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a referrer verifies a work email with the code read from the outbox', async () => {
    const { page, errors } = await newPage(browser, baseUrl);
    // Signed in with a personal address, so the sign-in email does not verify them.
    await signInThroughPopup(page, `vera.${name}@example.com`, 'Vera Verify');
    const id = await userId(page);
    expect(await api(page, 'PUT', `/api/users/${id}/current-company`, { companyName: 'Google' })).toBe(200);
    expect(
      await api(page, 'PUT', `/api/users/${id}/willingness-to-give-referrals`, { isWilling: true }),
    ).toBe(200);

    await page.goto('/my-referrals?tab=incoming');
    await page.getByRole('button', { name: /Pending Verification/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify with your work email' });
    const workEmail = `vera.${name}@google.com`;
    await dialog.getByLabel('Work email').fill(workEmail);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByText(`We sent a code to ${workEmail}.`).waitFor();

    // The development outbox holds the mail; its text carries the six digits.
    const inbox = await page.context().request.get(`/dev-mail/messages?to=${encodeURIComponent(workEmail)}`);
    const [mail] = (await inbox.json()) as { subject: string; text: string }[];
    const code = /\b(\d{6})\b/.exec(mail!.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await dialog.getByLabel('Code').fill(code!);
    await screenshot(page, `${name}-verify-dialog`);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await page
      .getByText(/^Verified until /)
      .first()
      .waitFor();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('a user downloads everything stored about them, then deletes the account', async () => {
    const { page, errors, context } = await newPage(browser, baseUrl);
    const email = `dana.${name}@example.com`;
    await signInThroughPopup(page, email, 'Dana Delete');
    expect(await api(page, 'POST', '/api/user/skills', { skill: 'Kotlin' })).toBe(201);

    await page.goto('/profile/edit');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Download my data/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('referbridge-export.json');
    const exported = JSON.stringify(await (await context.request.get('/api/user/export')).json());
    expect(exported).toContain(email);
    expect(exported).toContain('Kotlin');

    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await dialog.getByLabel(/Type your email/).fill('someone.else@example.com');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/Type your email/).fill(email);
    await screenshot(page, `${name}-delete-account-dialog`);
    await confirm.click();
    // Home, signed out, with the toast: not the sign-in page a signed-out visitor of /profile is sent to.
    await page.getByRole('heading', { level: 1, name: /request referrals in seconds/i }).waitFor();
    await page.getByText('Your account and its data are gone.', { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/');
    await screenshot(page, `${name}-account-deleted`);

    // The old session is gone with the account.
    expect((await context.request.get('/api/user/skills')).status()).toBe(401);
    expect(errors).toEqual([]);
  });
});
