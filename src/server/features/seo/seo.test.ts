import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBlogPosts } from '../../../../scripts/vite-plugin-blog';
import { BLOG_MANIFEST_FILE } from '../../../shared/blog.js';
import { PUBLIC_URL, createTestApp, testDatabases, type TestApp } from '../../testing/test-app.js';

/** Vite's manifest of a small build: the entry, React, and the blog's lazy pages with what they import. */
const viteManifest = {
  'index.html': { file: 'assets/index-E.js', isEntry: true, imports: ['_react-R.js'] },
  '_react-R.js': { file: 'assets/react-R.js' },
  '_posts-P.js': { file: 'assets/posts-P.js', imports: ['index.html', '_react-R.js'] },
  'features/blog/blog-list-page.tsx': {
    file: 'assets/blog-list-page-L.js',
    src: 'features/blog/blog-list-page.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_posts-P.js', '_react-R.js'],
  },
  'features/blog/blog-article-page.tsx': {
    file: 'assets/blog-article-page-A.js',
    src: 'features/blog/blog-article-page.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_posts-P.js'],
  },
  'features/blog/content/employee-referrals-hidden-backdoor.md': {
    file: 'assets/employee-referrals-hidden-backdoor-B.js',
    src: 'features/blog/content/employee-referrals-hidden-backdoor.md',
    isDynamicEntry: true,
  },
};

/** A built web root as the build leaves it: index.html, Vite's manifest, and the blog manifest from the real articles. */
async function fakeWebRoot(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'referbridge-web-'));
  fs.copyFileSync(path.resolve('src/web/index.html'), path.join(dir, 'index.html'));
  fs.writeFileSync(path.join(dir, BLOG_MANIFEST_FILE), JSON.stringify(await readBlogPosts()));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(viteManifest));
  fs.cpSync(path.resolve('public/prepaint'), path.join(dir, 'prepaint'), { recursive: true });
  return dir;
}

const modulePreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" data-server-head \/>/g)].map(
    (m) => m[1],
  );

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

  it("names the chunks of a blog page's own code in its HTML, not those the entry loads anyway", async () => {
    const list = await t.app.inject({ method: 'GET', url: '/blog' });
    expect(modulePreloads(list.body)).toEqual(['/assets/blog-list-page-L.js', '/assets/posts-P.js']);
    // An article also needs its body's chunk. The other article's body is not in this build's manifest:
    // the page still loads, it only waits for the entry to ask for it.
    const article = await t.app.inject({ method: 'GET', url: '/blog/employee-referrals-hidden-backdoor' });
    expect(modulePreloads(article.body)).toEqual([
      '/assets/blog-article-page-A.js',
      '/assets/posts-P.js',
      '/assets/employee-referrals-hidden-backdoor-B.js',
    ]);
    const other = await t.app.inject({ method: 'GET', url: '/blog/hidden-networking-strategies-2025' });
    expect(modulePreloads(other.body)).toEqual(['/assets/blog-article-page-A.js', '/assets/posts-P.js']);
  });

  it('serves the public company directory with its own head', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/companies?q=acme' });
    expect(res.body).toContain('<title>Companies · ReferBridge</title>');
    expect(metaContent(res.body, 'name', 'description')).toBe(
      'Companies where a referrer can take your request now. Sign in to ask for a referral at one.',
    );
    expect(metaContent(res.body, 'property', 'og:url')).toBe(`${PUBLIC_URL}/companies`);
    expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/companies" data-server-head />`);
    expect(modulePreloads(res.body)).toEqual([]);
  });

  it("paints the top of a visitor's /companies in its HTML, before the app's root; never a signed-in user's", async () => {
    const file = fs.readFileSync(path.resolve('public/prepaint/companies.html'), 'utf8');
    const markup = file.slice(file.indexOf('-->') + 3).trim();
    expect(markup).toMatch(/^<div class="[^"]+"><header /);
    const visitor = await t.app.inject({ method: 'GET', url: '/companies?q=acme' });
    expect(visitor.headers.vary).toBe('cookie');
    expect(visitor.body).toContain(`<body>\n    <div id="prepaint">${markup}</div><div id="root"></div>`);
    expect(visitor.body.match(/id="prepaint"/g)).toHaveLength(1);
    // Any session cookie, even a stale one: the app decides who it is, under its own header.
    const user = await t.app.inject({ method: 'GET', url: '/companies', cookies: { sid: 'stale' } });
    expect(user.statusCode).toBe(200);
    expect(user.headers.vary).toBe('cookie');
    expect(user.body).not.toContain('prepaint');
    expect(user.body).toContain('<title>Companies · ReferBridge</title>');
    for (const url of ['/blog', '/', '/companies/7']) {
      const other = await t.app.inject({ method: 'GET', url });
      expect(other.body, url).not.toContain('prepaint');
      expect(other.headers.vary, url).toBeUndefined();
    }
  });

  it('does not serve a first paint as a page of its own, however the address is spelt', async () => {
    for (const url of [
      '/prepaint/companies.html',
      '/prepaint/../prepaint/companies.html',
      '/%70repaint/companies.html',
      '/assets/..%2Fprepaint%2Fcompanies.html',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toMatch(/^<!--|^<div/);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it('leaves other pages, and unknown articles, with the default head', async () => {
    for (const url of ['/', '/blog/no-such-article', '/privacy']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>ReferBridge</title>');
      expect(res.body, url).not.toContain('og:title');
      expect(res.body, url).not.toContain('rel="preload" as="image"');
      expect(modulePreloads(res.body), url).toEqual([]);
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
