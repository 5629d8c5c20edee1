import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { analyticsMetaTag, type AnalyticsConfig } from '../../shared/analytics.js';
import { pageChunks, readWebManifest } from '../lib/web-manifest.js';
import { renderPageHead, withPrepaint, type PageHead } from './page-head.js';
import { answersNoSuchEndpoint, noSuchEndpoint } from './unknown-endpoints.js';

// /metrics too: a scraper pointed at the public port must get a plain 404, not the app's page (metrics
// live on METRICS_PORT only).

/**
 * Whether a file of the build is served as itself: index.html always goes through the page handler, which
 * may add the analytics tag and a page's head; a first paint (prepaint/) is a piece of a page, not one.
 */
const servable = (pathName: string) => pathName !== '/index.html' && !pathName.startsWith('/prepaint/');

export interface SpaOptions {
  /** The head a page's HTML should carry (title, description, Open Graph), when it has its own. */
  headFor?: (pathname: string) => PageHead | undefined;
  /** When set, every page carries the analytics settings in a meta tag (docs/decisions/014-analytics-adapter.md). */
  analytics?: AnalyticsConfig;
  /**
   * Whether a request surely comes from a visitor (it carries no session), who may be sent a page's first
   * paint (`PageHead.prepaint`): a signed-in user's page has another header.
   */
  isVisitor?: (request: FastifyRequest) => boolean;
}

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html for every other GET so the
 * client router can show its own pages (including its 404). API-like paths get a JSON 404 instead. When
 * analytics are configured, index.html carries their settings in a meta tag (docs/decisions/014-analytics-adapter.md), so the
 * client knows them on first paint without another request.
 */
export async function registerSpa(
  app: FastifyInstance,
  webRoot: string,
  { headFor, analytics, isVisitor = () => false }: SpaOptions = {},
): Promise<void> {
  const indexFile = path.join(webRoot, 'index.html');
  const built = fs.existsSync(indexFile);
  const file = built ? fs.readFileSync(indexFile, 'utf8') : '';
  const indexHtml = analytics
    ? file.replace(/<\/head>|$/i, (end) => `${analyticsMetaTag(analytics)}${end}`)
    : file;
  const manifest = built ? readWebManifest(webRoot) : undefined;
  /** The chunks of each page's own modules, worked out once per page. */
  const chunksOf = new Map<string, string[]>();
  const moduleFiles = (modules: readonly string[] = []) => {
    if (!manifest || modules.length === 0) return [];
    const key = modules.join('\n');
    let files = chunksOf.get(key);
    if (!files) {
      files = pageChunks(manifest, modules);
      chunksOf.set(key, files);
    }
    return files;
  };
  /** Each first paint's markup, read once; a name that is not a file under the web root has none. */
  const prepaints = new Map<string, string | undefined>();
  const prepaintOf = (name: string) => {
    if (!prepaints.has(name)) {
      const file = path.join(webRoot, name);
      const inside = file.startsWith(webRoot + path.sep) && fs.existsSync(file);
      // Its comments are for the people who keep it, not for every visitor.
      const markup = inside ? fs.readFileSync(file, 'utf8').replace(/<!--[\s\S]*?-->/g, '') : undefined;
      prepaints.set(name, markup?.trim());
    }
    return prepaints.get(name);
  };
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      allowedPath: servable,
      setHeaders(res, filePath) {
        // Hashed assets never change; index.html must be re-checked so a deploy reaches everyone.
        const policy = filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : filePath.endsWith('index.html')
            ? 'no-cache'
            : 'public, max-age=300';
        res.header('cache-control', policy);
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (answersNoSuchEndpoint(request)) return noSuchEndpoint(request, reply);
    const file = path.join(webRoot, decodeURIComponent(request.url.split('?')[0]!));
    const isFile =
      file.startsWith(webRoot + path.sep) &&
      servable(`/${path.relative(webRoot, file).split(path.sep).join('/')}`) &&
      fs.existsSync(file) &&
      fs.statSync(file).isFile();
    if (built && isFile) return reply.sendFile(path.relative(webRoot, file));
    if (!built) {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    const head = headFor?.(request.url.split('?')[0]!);
    if (head || analytics) {
      const html = head ? renderPageHead(indexHtml, head, moduleFiles(head.modules)) : indexHtml;
      const prepaint = head?.prepaint === undefined ? undefined : prepaintOf(head.prepaint);
      if (prepaint !== undefined) {
        // The same address answers a signed-in user without it: caches must keep the two apart.
        reply.header('vary', 'cookie');
      }
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(prepaint !== undefined && isVisitor(request) ? withPrepaint(html, prepaint) : html);
    }
    return reply.sendFile('index.html');
  });
}
