import type { FastifyInstance } from 'fastify';
import type { BlogPost } from '../../../shared/blog.js';

export interface SeoRouteDeps {
  publicUrl: string;
  posts: readonly BlogPost[];
}

/** The public pages a search engine may list, besides the articles (the client's paths.ts names them). */
const PUBLIC_PAGES = ['/', '/signup', '/signin', '/companies', '/blog'] as const;
const TRUST_PAGES = ['/privacy', '/terms', '/about'] as const;

/** Paths crawlers should leave alone: the API, the sign-in flow and the development identity provider. */
const DISALLOWED = ['/api/', '/auth/', '/dev-idp/'] as const;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(publicUrl: string, posts: readonly BlogPost[]): string {
  const entries: { path: string; lastmod?: string }[] = [
    ...PUBLIC_PAGES.map((path) => ({ path })),
    ...posts.map((post) => ({ path: `/blog/${post.slug}`, lastmod: post.date })),
    ...TRUST_PAGES.map((path) => ({ path })),
  ];
  const urls = entries.map(({ path, lastmod }) => {
    const loc = `<loc>${escapeXml(`${publicUrl}${path}`)}</loc>`;
    return `  <url>${loc}${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export async function seoRoutes(app: FastifyInstance, { publicUrl, posts }: SeoRouteDeps) {
  const robots = robotsTxt(publicUrl);
  const sitemap = sitemapXml(publicUrl, posts);
  const cache = 'public, max-age=3600';

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', cache).send(robots),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', cache).send(sitemap),
  );
}
