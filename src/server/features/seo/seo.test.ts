import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBlogPosts } from '../../../../scripts/vite-plugin-blog';
import { BLOG_MANIFEST_FILE } from '../../../shared/blog.js';
import { PUBLIC_URL, createTestApp, testDatabases, type TestApp } from '../../testing/test-app.js';

/** A built web root as the build leaves it: index.html plus the blog manifest from the real articles. */
async function fakeWebRoot(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'referbridge-web-'));
  fs.copyFileSync(path.resolve('src/web/index.html'), path.join(dir, 'index.html'));
  fs.writeFileSync(path.join(dir, BLOG_MANIFEST_FILE), JSON.stringify(await readBlogPosts()));
  return dir;
}

const metaContent = (html: string, attribute: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];

describe.each(testDatabases)('robots.txt, sitemap.xml and page heads (%s)', (kind) => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = await fakeWebRoot();
    t = await createTestApp(kind, { webRoot });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('GET /robots.txt allows all but the API and sign-in paths, and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body.split('\n')).toEqual([
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /auth/',
      'Disallow: /dev-idp/',
      '',
      `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
      '',
    ]);
  });

  it('GET /sitemap.xml lists the public pages and both articles with absolute URLs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      [
        '/',
        '/signup',
        '/signin',
        '/companies',
        '/blog',
        '/blog/hidden-networking-strategies-2025',
        '/blog/employee-referrals-hidden-backdoor',
        '/privacy',
        '/terms',
        '/about',
      ].map((p) => `${PUBLIC_URL}${p}`),
    );
    expect(res.body).toContain(
      `<loc>${PUBLIC_URL}/blog/employee-referrals-hidden-backdoor</loc><lastmod>2025-03-19</lastmod>`,
    );
  });

  it('HEAD works for both, as crawlers sometimes ask', async () => {
    for (const url of ['/robots.txt', '/sitemap.xml']) {
      expect((await t.app.inject({ method: 'HEAD', url })).statusCode).toBe(200);
    }
  });

  it("serves an article's HTML with its title, description and Open Graph tags", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/blog/hidden-networking-strategies-2025' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain(
      '<title>Hidden Networking Strategies That Actually Work in 2025 · ReferBridge</title>',
    );
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(metaContent(html, 'name', 'description')).toMatch(/^Most roles are filled before/);
    expect(metaContent(html, 'property', 'og:title')).toBe(
      'Hidden Networking Strategies That Actually Work in 2025',
    );
    expect(metaContent(html, 'property', 'og:type')).toBe('article');
    expect(metaContent(html, 'property', 'og:image')).toBe(
      `${PUBLIC_URL}/images/blog/hidden-networking-strategies-2025.png`,
    );
    expect(metaContent(html, 'property', 'og:url')).toBe(
      `${PUBLIC_URL}/blog/hidden-networking-strategies-2025`,
    );
    expect(metaContent(html, 'property', 'article:published_time')).toBe('2025-03-22');
    expect(html).toContain(
      '<link rel="preload" as="image" href="/images/blog/hidden-networking-strategies-2025.svg" fetchpriority="high" data-server-head />',
    );
    expect(html).toContain('<div id="root"></div>');
  });

  it('escapes what it writes into the head', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/blog/employee-referrals-hidden-backdoor' });
    expect(metaContent(res.body, 'property', 'og:title')).toBe(
      'Employee Referrals: The Hidden Backdoor to Your Dream Job',
    );
    expect(res.body).not.toMatch(/content="[^"]*[<>][^"]*"/);
  });

  it('serves /blog with the list page head', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/blog?utm=x' });
    expect(res.body).toContain('<title>Blog · ReferBridge</title>');
    expect(metaContent(res.body, 'property', 'og:type')).toBe('website');
    // The newest article's card is the first on screen: its image is fetched with the HTML.
    expect(res.body).toContain(
      '<link rel="preload" as="image" href="/images/blog/hidden-networking-strategies-2025.svg" fetchpriority="high" data-server-head />',
    );
  });

  it('leaves other pages, and unknown articles, with the default head', async () => {
    for (const url of ['/', '/blog/no-such-article', '/privacy']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>ReferBridge</title>');
      expect(res.body, url).not.toContain('og:title');
      expect(res.body, url).not.toContain('rel="preload" as="image"');
    }
  });
});

describe('robots.txt without a web build', () => {
  it('still answers, with a sitemap of the static pages only', async () => {
    const t = await createTestApp('pglite');
    try {
      expect((await t.app.inject({ method: 'GET', url: '/robots.txt' })).statusCode).toBe(200);
      const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/about</loc>`);
      expect(sitemap.body).not.toContain('/blog/');
    } finally {
      await t.close();
    }
  });
});
