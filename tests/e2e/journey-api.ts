import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Same-origin API calls from the page, as the app makes them (the browser adds Origin); answers the status. */
export async function api(page: Page, method: string, url: string, body?: unknown): Promise<number> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.status;
    },
    { method, url, body },
  );
}

/** The signed-in user's id, from /auth/status. */
export async function myId(page: Page): Promise<number> {
  return page.evaluate(() =>
    fetch('/auth/status')
      .then((r) => r.json())
      .then((s: { user: { id: number } }) => s.user.id),
  );
}

/** A referrer at the company, set up through the same calls the dashboard makes. */
export async function becomeReferrer(page: Page, company: string) {
  const id = await myId(page);
  expect(await api(page, 'PUT', `/api/users/${id}/current-company`, { companyName: company })).toBe(200);
  expect(await api(page, 'PUT', `/api/users/${id}/willingness-to-give-referrals`, { isWilling: true })).toBe(
    200,
  );
}
