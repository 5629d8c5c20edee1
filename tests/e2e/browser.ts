import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import type { AxeResults, RunOptions } from 'axe-core';
import { expect, inject } from 'vitest';
import type { E2eServer } from './global-setup';

const allServers = inject('servers');

/**
 * The server a journey runs on: the database it names when that one runs, else the one that does (a run
 * without TEST_DATABASE_URL has only PGlite). Each journey names one database, about half of them each, since
 * the API tests already hold every rule on both (docs/decisions/086-journeys-on-one-database-each.md);
 * E2E_ALL_DATABASES=1 runs every journey on every database.
 */
export function journeyServers(database: 'pglite' | 'postgres'): E2eServer[] {
  if (process.env.E2E_ALL_DATABASES === '1') return allServers;
  const named = allServers.filter((server) => server.name === database);
  return named.length > 0 ? named : allServers.slice(0, 1);
}
export const chromiumPath = inject('chromiumPath');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh browser profile whose page fails the test on any console error or uncaught exception. */
export async function newPage(
  browser: Browser,
  baseUrl: string,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  return { context, page, errors };
}

/**
 * Watches a page from before it signs in, so a journey can wait until the signed-in screen is done starting:
 * its live notification stream has sent its first event (the unread count, after which the page reads its
 * lists again) and nothing but the stream has been on the way for `quietMs`. The URL changes before the
 * screen's code has even loaded; a journey that ends the session from another browser waits for this
 * first, or the screen's first reads race the sign-out and answer 401, which Chromium logs as console errors.
 */
export async function watchStartup(page: Page) {
  const inFlight = new Set<Request>();
  page.on('request', (request) => {
    if (request.resourceType() !== 'eventsource') inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  // Playwright does not show Server-Sent Events; the DevTools protocol does.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const firstStreamEvent = new Promise<void>((resolve) => {
    cdp.on('Network.eventSourceMessageReceived', () => resolve());
  });
  return {
    async done(quietMs = 500): Promise<void> {
      await firstStreamEvent;
      for (let quietSince = Date.now(); Date.now() - quietSince < quietMs;) {
        if (inFlight.size > 0) quietSince = Date.now();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/** Completes the development identity provider's form in the sign-in popup. */
export async function completePopupSignIn(popup: Page, email: string, name: string): Promise<void> {
  await popup.waitForLoadState('domcontentloaded');
  await popup.locator('input[name=email]').fill(email);
  await popup.locator('input[name=name]').fill(name);
  await popup.locator('button[type=submit]').click();
}

/**
 * Clicks a button that closes its own window and waits for the window to close. The page may close before
 * the click's own bookkeeping finishes, which Playwright reports as "Target page ... has been closed": that
 * error is the outcome we want, so it is forgiven only once the page is in fact closed.
 */
export async function clickToClose(popup: Page, name: string): Promise<void> {
  const closed = popup.waitForEvent('close');
  await popup
    .getByRole('button', { name })
    .click()
    .catch((error: unknown) => {
      if (!popup.isClosed()) throw error;
    });
  await closed;
}

/** Signs in through the real popup from /signin and waits for the dashboard. */
export async function signInThroughPopup(page: Page, email: string, name: string): Promise<void> {
  await page.goto('/signin');
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Sign in with Google' }).click(),
  ]);
  await completePopupSignIn(popup, email, name);
  await page.waitForURL('**/dashboard');
}

/**
 * Checks the screen with axe (every screen worth a picture is worth checking), then saves a full-page picture
 * of it to screenshots/. Call it once the screen has settled.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/**
 * Pictures the page (axe checks each) at 1280 and at 390 px, checks nothing on it is wider than the phone,
 * and leaves it at 1280.
 */
export async function pictureBoth(page: Page, name: string): Promise<void> {
  await page.mouse.move(5, 5);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await screenshot(page, `${name}-390`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(DESKTOP);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await expectNoAxeViolations(page, name);
  const dir = path.resolve('screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await savePicture(page, path.join(dir, `${name}.png`));
}

/**
 * Saves a full-page picture. Now and then headless Chromium never answers a capture taken just after a
 * resize or a navigation (CI saw one wait out 30 s with the page settled), so each try gets 10 s and a
 * fresh frame, and a capture that hangs is asked for again, up to three times. The picture is for people to
 * look at; what the test asserts is checked before it.
 */
export async function savePicture(page: Page, file: string, fullPage = true): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    try {
      await page.screenshot({ path: file, fullPage, timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt === 3 || !(error instanceof Error) || error.name !== 'TimeoutError') throw error;
      console.warn(`A capture of ${path.basename(file)} hung (try ${attempt} of 3); asking again.`);
    }
  }
}

const axeSource = fs.readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core on the page as it is now (WCAG 2.x A and AA, with axe's best practices), with no rule turned
 * off, and fails with each violation's rule, help and the elements it found.
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  // Evaluated through the DevTools protocol: our CSP (script-src 'self') rightly refuses an inline script tag.
  // Colours mid-transition (a button's hover, a dialog fading in or out) are neither state the design
  // chose: let finite animations end first, or contrast is judged on a blend (flaky on a busy machine).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run(context: Document, options: RunOptions): Promise<AxeResults> };
    };
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
    );
  });
  if (violations.length > 0) {
    throw new Error(
      `axe found ${violations.length} violation(s) on ${screen}:\n  ${violations.join('\n  ')}`,
    );
  }
}

/**
 * The dashboard records the session's first visit in an effect after it renders; with the first render in a
 * transition that can come a moment after the greeting shows. Waits for it before a reload that needs it.
 */
export async function firstDashboardVisitRecorded(page: Page): Promise<void> {
  await page.waitForFunction(() => sessionStorage.getItem('hasVisitedDashboard') === 'true');
}
