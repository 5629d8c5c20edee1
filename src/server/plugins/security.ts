import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from '@fastify/helmet';
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

/** The origin of a header value; 'null' and anything unparsable count as a foreign origin. */
function originOf(value: string): string {
  try {
    return new URL(value).origin;
  } catch {
    return 'null';
  }
}

/** Typed by inference: helmet's own options type and @fastify/helmet's come from two declaration files. */
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

  await app.register(helmet, helmetOptions(config));

  // Cookies ride along on cross-site requests, so every write, whatever its path, must prove it comes
  // from our own pages. The browser's Sec-Fetch-Site is believed when it says another site; Origin (or,
  // without it, Referer) must then name our origin. 'Origin: null' (sandboxed frames, some redirects) is
  // never ours, whatever the Referer says.
  app.addHook('onRequest', async (request) => {
    if (!WRITE_METHODS.has(request.method)) return;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') throw forbidden(CROSS_ORIGIN);
    const { origin, referer } = request.headers;
    const claimed =
      origin !== undefined ? originOf(origin) : referer !== undefined ? originOf(referer) : undefined;
    if (claimed === undefined && request.routeOptions.config.originOptional) return;
    if (claimed !== appOrigin) throw forbidden(CROSS_ORIGIN);
  });
}
