import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, journeyServers } from './browser';

/** A full-page screenshot at desktop width and at phone width, once every image has arrived. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() =>
      Promise.all(
        [...document.images].map((image) => {
          image.loading = 'eager';
          return image.decode().catch(() => undefined);
        }),
      ),
    );
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const ARTICLE = 'Hidden Networking Strategies That Actually Work in 2025';

describe.each(journeyServers('pglite'))('blog and trust pages on $name', ({ name, baseUrl }) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('list → article → back; unknown slug lands on /blog; privacy, terms, about from the footer', async () => {
    const { page, errors, context } = await newPage(browser, baseUrl);
    await page.goto('/blog');
    await page.getByRole('heading', { level: 1, name: 'The ReferBridge Blog' }).waitFor();
    expect(await page.getByRole('region', { name: 'Articles' }).getByRole('article').count()).toBe(2);
    expect(await page.getByRole('textbox').count()).toBe(0);
    expect(await page.title()).toBe('Blog · ReferBridge');
    await shoot(page, `${name}-blog-list`);

    await page.getByRole('link', { name: ARTICLE }).click();
    await page.waitForURL('**/blog/hidden-networking-strategies-2025');
    await page.getByRole('heading', { level: 1, name: ARTICLE }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Why the hidden job market exists' }).waitFor();
    expect(await page.getByText('March 22, 2025').count()).toBe(1);
    expect(await page.getByText('12 min read').count()).toBe(1);
    expect(await page.title()).toBe(`${ARTICLE} · ReferBridge`);
    expect(await page.locator('meta[property="og:type"]').getAttribute('content', { timeout: 1000 })).toBe(
      'article',
    );
    const cta = page.getByRole('region', { name: 'Ready to get referred to your dream company?' });
    expect(await cta.getByRole('link', { name: 'Sign up for free' }).getAttribute('href')).toBe('/signup');
    expect(await cta.getByRole('link', { name: 'Read more articles' }).getAttribute('href')).toBe('/blog');
    await shoot(page, `${name}-blog-article`);

    await page.getByRole('link', { name: 'Back to blog' }).click();
    await page.waitForURL('**/blog');
    await page.getByRole('heading', { level: 1, name: 'The ReferBridge Blog' }).waitFor();

    // An unknown article: back on the list (the history entry replaced), with no message.
    await page.goto('/blog/no-such-article');
    await page.waitForURL((url) => url.pathname === '/blog');
    await page.getByRole('heading', { level: 1, name: 'The ReferBridge Blog' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);

    // Straight onto an article (the server writes its head), then on through the footer.
    await page.goto('/blog/employee-referrals-hidden-backdoor');
    await page.getByRole('heading', { level: 2, name: 'Referrals by the numbers' }).waitFor();
    const footer = page.getByRole('contentinfo');
    for (const [link, path] of [
      ['Privacy', '/privacy'],
      ['Terms', '/terms'],
      ['About', '/about'],
    ] as const) {
      await footer.getByRole('link', { name: link, exact: true }).click();
      await page.waitForURL(`**${path}`);
      await page.getByRole('heading', { level: 1, name: link }).waitFor();
      expect(await page.title()).toBe(`${link} · ReferBridge`);
      await shoot(page, `${name}-${link.toLowerCase()}`);
    }

    // The article's own tags did not follow the reader to the trust pages.
    expect(await page.locator('meta[property="og:image"], [data-server-head]').count()).toBe(0);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(
      /^What ReferBridge is/,
    );

    // Crawlers that run no script get the article's head from the server, and the two crawler files.
    const html = await (await page.request.get('/blog/employee-referrals-hidden-backdoor')).text();
    expect(html).toContain('<meta property="og:type" content="article" data-server-head />');
    expect(html).toContain('Employee Referrals: The Hidden Backdoor to Your Dream Job · ReferBridge');
    const robots = await page.request.get('/robots.txt');
    expect(robots.headers()['content-type']).toContain('text/plain');
    expect(await robots.text()).toContain(`Sitemap: `);
    const sitemap = await page.request.get('/sitemap.xml');
    expect(await sitemap.text()).toContain('/blog/hidden-networking-strategies-2025</loc>');

    expect(errors).toEqual([]);
    await context.close();
  });

  it("landing employer tiles are plain type; 'More' leads to sign-up, which says who sees a profile", async () => {
    const { page, errors, context } = await newPage(browser, baseUrl);
    await page.goto('/');
    const tiles = page.getByRole('list', { name: 'Get referred to the companies you love' });
    // The first render is a transition (main.tsx): wait for the page before counting what is on it.
    await tiles.getByRole('listitem').first().waitFor();
    expect(await tiles.getByRole('listitem').count()).toBe(12);
    expect(await tiles.locator('svg, img').count()).toBe(1); // only the arrow in 'More'
    await shoot(page, `${name}-landing-tiles`);
    await tiles.getByRole('link', { name: /^More/ }).click();
    await page.waitForURL('**/signup');
    await page
      .getByText('Only you and the referrers you send a request to can see your profile and resume.')
      .waitFor();
    await shoot(page, `${name}-signup-privacy-note`);
    await page.getByRole('link', { name: 'Privacy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
