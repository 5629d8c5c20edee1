import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../config.js';
import { registerErrorHandling } from './errors.js';
import { registerSecurity, securityHeaders } from './security.js';

/**
 * The security plugin on its own, on a bare Fastify with a few routes and no database: each test takes
 * milliseconds, so mutation testing can run them for every mutant (docs/quality.md). The app-level suites
 * in src/server/security check the same rules on the real routes.
 */

const PUBLIC_URL = 'http://localhost:3999';
const CROSS_ORIGIN = { error: 'Cross-origin requests are not allowed.' };
const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
const READS = ['GET', 'HEAD', 'OPTIONS'] as const;

const testConfig = (env: Record<string, string> = {}): Config =>
  loadConfig({ NODE_ENV: 'test', PUBLIC_URL, LOG_LEVEL: 'silent', ...env });

async function securedApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify();
  registerErrorHandling(app);
  await registerSecurity(app, config);
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/api/thing',
    handler: async () => ({ ok: true }),
  });
  app.post('/dev-idp/token', { config: { originOptional: true } }, async () => ({ ok: true }));
  app.post('/form', { config: { originOptional: false } }, async () => ({ ok: true }));
  for (const url of ['/api', '/auth', '/auth/status', '/apix', '/authx', '/page', '/x/api', '/apiary/api'])
    app.get(url, async () => ({ ok: true }));
  app.get('/api/cached', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return { ok: true };
  });
  app.get('/gone', async (_request, reply) => reply.code(410).send({ error: 'Gone.' }));
  app.get('/bad', async (_request, reply) => reply.code(400).send({ error: 'Bad.' }));
  app.get('/moved', async (_request, reply) => reply.redirect('/page'));
  app.get('/odd', async (_request, reply) => reply.code(399).send({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('broken');
  });
  await app.ready();
  return app;
}

describe('cross-origin writes', () => {
  let app: FastifyInstance;
  // Built for each test: vitest skips, rather than fails, the tests after a beforeAll that threw, so a
  // mutant breaking the registration would otherwise go unnoticed.
  beforeEach(async () => {
    app = await securedApp(testConfig());
  });
  afterEach(() => app.close());

  const send = (method: string, headers: Record<string, string>, url = '/api/thing') =>
    app.inject({ method: method as 'POST', url, headers });

  function expectRefused(res: LightMyRequestResponse, label: string): void {
    expect(res.statusCode, label).toBe(403);
    expect(res.json(), label).toEqual(CROSS_ORIGIN);
    expect(res.headers['cache-control'], label).toBe('no-store');
  }

  function expectAllowed(res: LightMyRequestResponse, label: string): void {
    expect(res.statusCode, label).toBe(200);
    expect(res.json(), label).toEqual({ ok: true });
  }

  it('every write from our own origin passes', async () => {
    for (const method of WRITES) expectAllowed(await send(method, { origin: PUBLIC_URL }), method);
  });

  it('every write without Origin or Referer is refused', async () => {
    for (const method of WRITES) expectRefused(await send(method, {}), method);
  });

  it('every write from another origin is refused', async () => {
    for (const method of WRITES)
      expectRefused(await send(method, { origin: 'https://evil.example' }), method);
  });

  it('reads pass from anywhere, whatever the browser says about the site', async () => {
    for (const method of READS) {
      const res = await send(method, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
      expect(res.statusCode, method).toBe(200);
      expect(res.headers['cache-control'], method).toBe('no-store');
    }
    expect((await send('GET', {})).json()).toEqual({ ok: true });
  });

  it('Sec-Fetch-Site naming another site refuses the write even with our Origin', async () => {
    for (const site of ['cross-site', 'same-site'])
      expectRefused(await send('POST', { origin: PUBLIC_URL, 'sec-fetch-site': site }), site);
  });

  it('Sec-Fetch-Site same-origin or none lets our Origin through, but is not proof on its own', async () => {
    for (const site of ['same-origin', 'none']) {
      expectAllowed(await send('POST', { origin: PUBLIC_URL, 'sec-fetch-site': site }), site);
      expectRefused(await send('POST', { 'sec-fetch-site': site }), `${site} without Origin`);
    }
  });

  it('an Origin is compared exactly as sent: a prefix, suffix, path, userinfo or case change is foreign', async () => {
    for (const origin of [
      'http://localhost:3999/',
      'http://localhost:3999/path',
      'http://localhost:39990',
      'http://localhost:399',
      'http://localhost:3999.evil.example',
      'http://sub.localhost:3999',
      'http://user@localhost:3999',
      'http://localhost:3999@evil.example',
      'https://localhost:3999',
      'http://localhost',
      'HTTP://LOCALHOST:3999',
      ' http://localhost:3999',
      'null',
      '',
    ])
      expectRefused(await send('POST', { origin }), JSON.stringify(origin));
  });

  it('Origin: null is refused whatever the Referer says', async () => {
    expectRefused(await send('POST', { origin: 'null', referer: `${PUBLIC_URL}/profile` }), 'null');
  });

  it('the Origin decides when both are sent', async () => {
    expectAllowed(
      await send('POST', { origin: PUBLIC_URL, referer: 'https://evil.example/page' }),
      'our Origin, foreign Referer',
    );
    expectRefused(
      await send('POST', { origin: 'https://evil.example', referer: `${PUBLIC_URL}/profile` }),
      'foreign Origin, our Referer',
    );
  });

  it('without Origin, the Referer origin must be ours', async () => {
    expectAllowed(await send('DELETE', { referer: `${PUBLIC_URL}/profile?tab=skills#x` }), 'our page');
    expectAllowed(await send('PUT', { referer: `${PUBLIC_URL}` }), 'our origin as a URL');
    for (const referer of [
      'https://evil.example/profile',
      'http://localhost:3999.evil.example/',
      'http://localhost:39990/profile',
      'not a url',
      '/profile',
      '',
    ])
      expectRefused(await send('POST', { referer }), JSON.stringify(referer));
  });

  it('a route that allows a write without Origin still refuses a foreign or null one', async () => {
    const url = '/dev-idp/token';
    expectAllowed(await send('POST', {}, url), 'neither header');
    expectAllowed(await send('POST', { origin: PUBLIC_URL }, url), 'our Origin');
    expectAllowed(await send('POST', { referer: `${PUBLIC_URL}/dev-idp/login` }, url), 'our Referer');
    expectRefused(await send('POST', { origin: 'https://evil.example' }, url), 'foreign Origin');
    expectRefused(await send('POST', { origin: 'null' }, url), 'Origin: null');
    expectRefused(await send('POST', { referer: 'https://evil.example/' }, url), 'foreign Referer');
    expectRefused(await send('POST', { referer: 'not a url' }, url), 'unparsable Referer');
    expectRefused(
      await send('POST', { origin: PUBLIC_URL, 'sec-fetch-site': 'cross-site' }, url),
      'cross-site',
    );
  });

  it('a route that says originOptional: false needs the Origin like any other', async () => {
    expectRefused(await send('POST', {}, '/form'), 'neither header');
    expectAllowed(await send('POST', { origin: PUBLIC_URL }, '/form'), 'our Origin');
  });

  it('the origin is the public URL’s, not the URL as configured', async () => {
    const other = await securedApp(testConfig({ PUBLIC_URL: 'https://referbridge.example:443/app/' }));
    try {
      const ok = await other.inject({
        method: 'POST',
        url: '/api/thing',
        headers: { origin: 'https://referbridge.example' },
      });
      expect(ok.statusCode).toBe(200);
      const asConfigured = await other.inject({
        method: 'POST',
        url: '/api/thing',
        headers: { origin: 'https://referbridge.example:443/app' },
      });
      expect(asConfigured.statusCode).toBe(403);
    } finally {
      await other.close();
    }
  });
});

describe('cache-control', () => {
  let app: FastifyInstance;
  // Built for each test: vitest skips, rather than fails, the tests after a beforeAll that threw, so a
  // mutant breaking the registration would otherwise go unnoticed.
  beforeEach(async () => {
    app = await securedApp(testConfig());
  });
  afterEach(() => app.close());

  const cacheControl = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    return { status: res.statusCode, cache: res.headers['cache-control'] };
  };

  it('answers under /api and /auth are never stored', async () => {
    for (const url of ['/api', '/api/thing', '/api?x=1', '/auth', '/auth/status', '/auth?next=/'])
      expect(await cacheControl(url), url).toEqual({ status: 200, cache: 'no-store' });
  });

  it('paths that only start with the same letters, or hold /api further in, are left alone', async () => {
    for (const url of ['/apix', '/authx', '/page', '/x/api', '/apiary/api', '/page?u=/api'])
      expect(await cacheControl(url), url).toEqual({ status: 200, cache: undefined });
  });

  it('every error is never stored, wherever it is', async () => {
    expect(await cacheControl('/bad')).toEqual({ status: 400, cache: 'no-store' });
    expect(await cacheControl('/gone')).toEqual({ status: 410, cache: 'no-store' });
    expect(await cacheControl('/no-such-page')).toEqual({ status: 404, cache: 'no-store' });
    expect(await cacheControl('/boom')).toEqual({ status: 500, cache: 'no-store' });
  });

  it('other answers outside /api and /auth keep no policy of ours', async () => {
    expect(await cacheControl('/moved')).toEqual({ status: 302, cache: undefined });
    expect(await cacheControl('/odd')).toEqual({ status: 399, cache: undefined });
  });

  it('a route that set its own policy keeps it', async () => {
    expect(await cacheControl('/api/cached')).toEqual({ status: 200, cache: 'public, max-age=60' });
  });
});

const BASE_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data: blob: https:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
];

/** What helmet sets on every answer besides the policy and HSTS. */
const OTHER_HEADERS = {
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  const cases: { label: string; env: Record<string, string>; expected: Record<string, string> }[] = [
    {
      label: 'http, no analytics',
      env: {},
      expected: {
        'content-security-policy': [...BASE_CSP, "connect-src 'self'"].join(';'),
        ...OTHER_HEADERS,
      },
    },
    {
      label: 'http, analytics on a self-hosted Plausible',
      env: {
        ANALYTICS_PLAUSIBLE_DOMAIN: 'referbridge.example',
        ANALYTICS_PLAUSIBLE_HOST: 'https://stats.example.org/',
      },
      expected: {
        'content-security-policy': [...BASE_CSP, "connect-src 'self' https://stats.example.org"].join(';'),
        ...OTHER_HEADERS,
      },
    },
    {
      label: 'https: upgrade-insecure-requests and HSTS',
      env: { PUBLIC_URL: 'https://referbridge.example', ANALYTICS_PLAUSIBLE_DOMAIN: 'referbridge.example' },
      expected: {
        'content-security-policy': [
          ...BASE_CSP,
          'upgrade-insecure-requests',
          "connect-src 'self' https://plausible.io",
        ].join(';'),
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        ...OTHER_HEADERS,
      },
    },
  ];

  for (const { label, env, expected } of cases) {
    it(`securityHeaders and every answer carry the same policy (${label})`, async () => {
      const config = testConfig(env);
      expect(securityHeaders(config)).toEqual(expected);
      const app = await securedApp(config);
      try {
        for (const url of ['/page', '/api/thing', '/no-such-page', '/boom']) {
          const res = await app.inject({ method: 'GET', url });
          for (const [name, value] of Object.entries(expected))
            expect(res.headers[name], `${url} ${name}`).toBe(value);
          if (!expected['strict-transport-security'])
            expect(res.headers['strict-transport-security'], url).toBeUndefined();
        }
        const refused = await app.inject({ method: 'POST', url: '/api/thing' });
        expect(refused.statusCode).toBe(403);
        expect(refused.headers['content-security-policy']).toBe(expected['content-security-policy']);
      } finally {
        await app.close();
      }
    });
  }

  it('securityHeaders gives plain strings, ready for a raw response', () => {
    for (const value of Object.values(securityHeaders(testConfig()))) expect(typeof value).toBe('string');
  });
});
