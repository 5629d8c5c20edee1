import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmetMiddleware from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { forbidden } from '../lib/errors.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A write that may come without Origin and Referer: the dev provider's own endpoints, which its login
     * form and our server-side relying party call. A foreign or null Origin is still refused there.
     */
    originOptional?: boolean;
  }
}

/** The origin of a Referer (a whole URL); anything unparsable counts as a foreign origin. */
function refererOrigin(value: string): string {
  try {
    return new URL(value).origin;
  } catch {
    return 'null';
  }
}

function helmetOptions(config: Config) {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // Analytics events go straight to the configured Plausible host, and only when one is configured.
        connectSrc: ["'self'", ...(config.analytics ? [config.analytics.apiHost] : [])],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    // The sign-in popup must keep window.opener to report back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' as const },
    strictTransportSecurity: config.secureCookies,
  };
}

/**
 * The headers helmet sets on every response, for the few answers written outside the request lifecycle
 * (an unparsable URL, a request the HTTP parser refused): they must carry the same policy.
 */
export function securityHeaders(config: Config): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmetMiddleware(helmetOptions(config))(request, response, () => {});
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

const CROSS_ORIGIN = 'Cross-origin requests are not allowed.';

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const appOrigin = new URL(config.publicUrl).origin;

  // The policy is the same for every answer, so helmet runs once, here, and each reply takes its headers
  // as one object: running helmet's middleware for every request (eleven setHeader calls) cost a call
  // served from memory a tenth of its time under the crowd (docs/performance.md). A hijacked reply copies
  // them onto its raw response (the notification stream, the dev provider).
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  // Answers about a person (the API, sign-in) and errors are never kept by a browser or a shared cache,
  // unless the route chose its own policy (static files, robots.txt, the sitemap).
  app.addHook('onSend', async (request, reply) => {
    if (reply.hasHeader('cache-control')) return;
    if (reply.statusCode >= 400 || /^\/(api|auth)(\/|$|\?)/.test(request.url)) {
      reply.header('cache-control', 'no-store');
    }
  });

  // Cookies ride along on cross-site requests, so every write, whatever its path, must prove it comes
  // from our own pages. The browser's Sec-Fetch-Site is believed when it says another site; Origin (or,
  // without it, Referer) must then name our origin. 'Origin: null' (sandboxed frames, some redirects) is
  // never ours, whatever the Referer says.
  app.addHook('onRequest', async (request) => {
    if (!WRITE_METHODS.has(request.method)) return;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') throw forbidden(CROSS_ORIGIN);
    const { origin, referer } = request.headers;
    // Origin is compared as sent: a browser sends exactly scheme://host[:port], so anything else (a path,
    // userinfo, a longer host) is not our origin, however a URL parser would read it.
    const claimed =
      origin !== undefined ? origin : referer !== undefined ? refererOrigin(referer) : undefined;
    if (claimed === undefined && request.routeOptions.config.originOptional) return;
    if (claimed !== appOrigin) throw forbidden(CROSS_ORIGIN);
  });
}
