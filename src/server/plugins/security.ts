import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { forbidden } from '../lib/errors.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isGuardedWrite(method: string, url: string): boolean {
  return WRITE_METHODS.has(method) && (url.startsWith('/api/') || url.startsWith('/auth/logout'));
}

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const appOrigin = new URL(config.publicUrl).origin;

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    // The sign-in popup must keep window.opener to report back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: config.secureCookies,
  });

  // Cookies ride along on cross-site requests, so every write must prove it comes from our own pages.
  app.addHook('onRequest', async (request) => {
    if (!isGuardedWrite(request.method, request.url)) return;
    const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    if (origin !== appOrigin) throw forbidden('Cross-origin requests are not allowed.');
  });

  // JSON only (multipart where a route opts in): a cross-site HTML form cannot produce either.
  app.removeContentTypeParser(['text/plain']);
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
}
