import net from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, ORIGIN, PUBLIC_URL, createTestApp, type TestApp } from '../testing/test-app.js';

const EVIL = { origin: 'https://evil.example' };
const JSON_TYPE = { 'content-type': 'application/json' };
const SECURITY_HEADERS = ['content-security-policy', 'x-content-type-options', 'cross-origin-opener-policy'];

function expectSentence(res: { statusCode: number; body: string }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  const body = JSON.parse(res.body) as { error?: unknown };
  expect(body.error).toEqual(expect.stringMatching(/^[A-Z].*\.$/));
}

function expectSecurityHeaders(headers: Record<string, unknown>) {
  for (const name of SECURITY_HEADERS) expect(headers[name], name).toBeTruthy();
}

const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'x'.repeat(40),
  ALLOW_DEV_IDP: 'true',
  AUTH_RATE_LIMIT: '3',
};

describe('rate limits a header cannot dodge', () => {
  it('ignores X-Forwarded-For in production unless TRUST_PROXY says a proxy sets it', async () => {
    const t = await createTestApp('pglite', {}, PRODUCTION);
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/auth/google',
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([302, 302, 302, 429, 429]);
    } finally {
      await t.close();
    }
  });

  it('honours X-Forwarded-For from a trusted proxy (TRUST_PROXY)', async () => {
    const t = await createTestApp('pglite', {}, { ...PRODUCTION, TRUST_PROXY: '127.0.0.1' });
    try {
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/auth/google',
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        });
        expect(res.statusCode).toBe(302);
      }
    } finally {
      await t.close();
    }
  });

  it('counts the development identity provider in the same per-client budget as /auth', async () => {
    const t = await createTestApp('pglite', {}, { AUTH_RATE_LIMIT: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 2; i++)
        codes.push((await t.app.inject({ method: 'GET', url: '/auth/google' })).statusCode);
      for (let i = 0; i < 2; i++) {
        const res = await t.app.inject({ method: 'GET', url: '/dev-idp/.well-known/openid-configuration' });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([302, 302, 200, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('hardening (pglite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  async function signedIn(email: string): Promise<Browser> {
    const browser = new Browser(t.app);
    await browser.signIn(email);
    return browser;
  }
  const isSignedIn = async (browser: Browser) =>
    (await browser.request({ method: 'GET', url: '/auth/status' })).json<{ isAuthenticated: boolean }>()
      .isAuthenticated;

  it('names only our own origin in the provider discovery, whatever the forwarded headers say', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/dev-idp/.well-known/openid-configuration',
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(200);
    const discovery = res.json<Record<string, unknown>>();
    for (const key of ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'])
      expect(String(discovery[key])).toMatch(new RegExp(`^${PUBLIC_URL}/dev-idp`));
  });

  describe('write guards on the path the router sees', () => {
    it('refuses a foreign Origin on an encoded path (/auth/%6cogout)', async () => {
      const browser = await signedIn('encoded@example.com');
      const res = await browser.request({
        method: 'POST',
        url: '/auth/%6cogout',
        headers: { ...EVIL, ...JSON_TYPE },
      });
      expectSentence(res, 403);
      expect(await isSignedIn(browser)).toBe(true);
    });

    it('loads the session on an encoded path too', async () => {
      const browser = await signedIn('encoded-read@example.com');
      const res = await browser.request({ method: 'GET', url: '/%61uth/status' });
      expect(res.json()).toEqual(expect.objectContaining({ isAuthenticated: true }));
    });

    it('never trusts Origin: null, even with a same-origin Referer', async () => {
      const browser = await signedIn('null-origin@example.com');
      const res = await browser.request({
        method: 'POST',
        url: '/auth/logout',
        headers: { origin: 'null', referer: `${PUBLIC_URL}/profile`, ...JSON_TYPE },
      });
      expectSentence(res, 403);
      expect(await isSignedIn(browser)).toBe(true);
    });

    it('refuses a cross-site or same-site fetch whatever Origin says', async () => {
      const browser = await signedIn('fetch-site@example.com');
      for (const site of ['cross-site', 'same-site']) {
        const res = await browser.request({
          method: 'POST',
          url: '/auth/logout',
          headers: { ...ORIGIN, 'sec-fetch-site': site, ...JSON_TYPE },
        });
        expectSentence(res, 403);
      }
      expect(await isSignedIn(browser)).toBe(true);
      const ok = await browser.request({
        method: 'POST',
        url: '/auth/logout',
        headers: { ...ORIGIN, 'sec-fetch-site': 'same-origin', ...JSON_TYPE },
      });
      expect(ok.statusCode).toBe(200);
    });

    it('lets the dev provider login form post carry our origin (its page is not no-referrer)', async () => {
      const browser = new Browser(t.app);
      const form = await browser.follow('/auth/google');
      expect(form.body).toContain('<form');
      // A browser posts 'Origin: null' from a no-referrer page, and the guard refuses null.
      expect(form.headers['referrer-policy']).toBe('same-origin');
    });

    it('refuses a foreign Origin on the dev provider form and on writes to unknown paths', async () => {
      const form = await t.app.inject({
        method: 'POST',
        url: '/dev-idp/interaction/abc/login',
        headers: { ...EVIL, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=a%40b.example&name=A',
      });
      expect(form.statusCode).toBe(403);
      const unknown = await t.app.inject({ method: 'DELETE', url: '/whatever', headers: EVIL });
      expectSentence(unknown, 403);
    });
  });

  describe('bad input at the framework level', () => {
    it('answers a malformed URL with a sentence and the security headers', async () => {
      for (const url of ['/%ZZ', '/api/%E0%A4%A', '/auth/%']) {
        const res = await t.app.inject({ method: 'GET', url });
        expectSentence(res, 400);
        expectSecurityHeaders(res.headers);
      }
    });

    it('answers a request the HTTP parser rejects with a sentence and the security headers', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as net.AddressInfo;
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write('GET / HTTP/1.1\r\nHost: localhost\r\nBad Header Line\r\n\r\n');
        });
        let data = '';
        socket.on('data', (d) => (data += d.toString()));
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
      const [head, body] = raw.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 400/);
      expect(head!.toLowerCase()).toContain('content-security-policy:');
      expect(head!.toLowerCase()).toContain('x-content-type-options: nosniff');
      expect(JSON.parse(body!)).toEqual({ error: expect.stringMatching(/^[A-Z].*\.$/) });
    });

    it('refuses compressed request bodies before reading them', async () => {
      const browser = await signedIn('gzip@example.com');
      const gzipped = gzipSync(JSON.stringify({ category: 'navigation', action: 'x' }));
      for (const encoding of ['gzip', 'deflate', 'br', 'gzip, identity']) {
        const res = await browser.request({
          method: 'POST',
          url: '/api/activity',
          headers: { ...ORIGIN, ...JSON_TYPE, 'content-encoding': encoding },
          payload: gzipped,
        });
        expectSentence(res, 415);
      }
      const bomb = gzipSync(Buffer.alloc(20 * 1024 * 1024));
      const upload = await browser.request({
        method: 'POST',
        url: '/api/user/resume',
        headers: {
          ...ORIGIN,
          'content-type': 'multipart/form-data; boundary=xyz',
          'content-encoding': 'gzip',
        },
        payload: bomb,
      });
      expectSentence(upload, 415);
      const identity = await browser.request({
        method: 'POST',
        url: '/api/activity',
        headers: { ...ORIGIN, ...JSON_TYPE, 'content-encoding': 'identity' },
        payload: JSON.stringify({ category: 'navigation', action: 'x' }),
      });
      expect(identity.statusCode).toBe(204);
    });

    it('answers broken multipart uploads with a 4xx sentence', async () => {
      const browser = await signedIn('multipart@example.com');
      const noBoundary = await browser.request({
        method: 'POST',
        url: '/api/user/resume',
        headers: { ...ORIGIN, 'content-type': 'multipart/form-data' },
        payload:
          '--x\r\nContent-Disposition: form-data; name="resume"; filename="a.pdf"\r\n\r\n%PDF-1\r\n--x--\r\n',
      });
      expect(noBoundary.statusCode).toBeGreaterThanOrEqual(400);
      expectSentence(noBoundary, noBoundary.statusCode);
      expect(noBoundary.statusCode).toBeLessThan(500);
      const truncated = await browser.request({
        method: 'POST',
        url: '/api/user/resume',
        headers: { ...ORIGIN, 'content-type': 'multipart/form-data; boundary=x' },
        payload:
          '--x\r\nContent-Disposition: form-data; name="resume"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 and then nothing',
      });
      expect(truncated.statusCode).toBeGreaterThanOrEqual(400);
      expect(truncated.statusCode).toBeLessThan(500);
      expectSentence(truncated, truncated.statusCode);
    });

    it('answers deeply nested JSON with 400', async () => {
      const browser = await signedIn('deep@example.com');
      const deep = `{"category":"navigation","action":"x","details":{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}}`;
      const res = await browser.request({
        method: 'POST',
        url: '/api/activity',
        headers: { ...ORIGIN, ...JSON_TYPE },
        payload: deep,
      });
      expectSentence(res, 400);
      const deepObject = `{"category":"navigation","action":"x","details":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;
      expectSentence(
        await browser.request({
          method: 'POST',
          url: '/api/activity',
          headers: { ...ORIGIN, ...JSON_TYPE },
          payload: deepObject,
        }),
        400,
      );
    });

    it('answers text the database cannot store (lone surrogates, NUL) with 400', async () => {
      const browser = await signedIn('surrogate@example.com');
      for (const payload of [
        '{"category":"navigation","action":"x","details":{"a":"\\ud800"}}',
        '{"category":"navigation","action":"x","details":{"\\udc00":1}}',
        '{"category":"navigation","action":"x","details":{"a":"\\u0000"}}',
        '{"category":"navigation","action":"x\\u0000y"}',
        '{"category":"navigation","action":"x\\ud800"}',
      ]) {
        const res = await browser.request({
          method: 'POST',
          url: '/api/activity',
          headers: { ...ORIGIN, ...JSON_TYPE },
          payload,
        });
        expectSentence(res, 400);
      }
    });
  });
});

describe('the sign-in rate limit counts only what the client sends', () => {
  it("does not spend the user's budget on the server's own calls to the dev provider", async () => {
    // A browser sign-in is 6 requests to /auth and /dev-idp; the relying party's own discovery, token and
    // key requests to the provider ride along in-process and must not count against the same client.
    const t = await createTestApp('pglite', {}, { AUTH_RATE_LIMIT: '6' });
    try {
      const browser = new Browser(t.app);
      const done = await browser.signIn('budget@example.com');
      expect(done.body).toContain('AUTH_SUCCESS');
      // The next start from that address (no session yet) finds the budget spent by the 6 alone.
      expect((await t.app.inject({ method: 'GET', url: '/auth/google' })).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
