import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthStatusSchema } from '../../shared/auth.js';
import { DEV_CLIENT_ID } from '../features/auth/dev-idp.js';
import { changedTables, dbDigest } from '../testing/db-digest.js';
import { startExternalIssuer, type ExternalIssuer } from '../testing/external-issuer.js';
import { Browser, PUBLIC_URL, createTestApp, testDatabases, type TestApp } from '../testing/test-app.js';

/**
 * OpenID Connect attacks on the sign-in popup, against the real provider (oidc-provider) mounted in the
 * app: a forged state, an ID token minted for another nonce, a replayed code, a foreign redirect URI and a
 * missing or wrong PKCE verifier. Each one ends with no session cookie, no user and no row changed, and the
 * popup (or the provider) says why in a sentence.
 */

const CALLBACK_PATH = '/auth/google/callback';
const SIGN_IN_FAILED = 'Sign-in did not complete. Please try again.';

/** How a walk through the provider ended: at our callback (not yet called), or on one of its pages. */
type Walk = { callback: URL } | { stopped: LightMyRequestResponse };

/**
 * Walks the provider from an authorization URL as the popup would (its redirects and its login form), but
 * stops before our callback so that the test decides what reaches it.
 */
async function walkProvider(browser: Browser, authorizeUrl: string, email: string): Promise<Walk> {
  let next = new URL(authorizeUrl, PUBLIC_URL);
  let res = await browser.request({ method: 'GET', url: next.pathname + next.search });
  for (let hops = 0; hops < 12; hops++) {
    if (res.statusCode >= 300 && res.statusCode < 400) {
      next = new URL(String(res.headers.location), PUBLIC_URL);
      if (next.pathname === CALLBACK_PATH) return { callback: next };
      if (next.origin !== PUBLIC_URL) return { stopped: res };
      res = await browser.request({ method: 'GET', url: next.pathname + next.search });
      continue;
    }
    const action = /action="([^"]+)"/.exec(res.body)?.[1];
    if (res.statusCode !== 200 || !action) return { stopped: res };
    res = await browser.request({
      method: 'POST',
      url: action.replaceAll('&amp;', '&'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email, name: 'Mallory' }).toString(),
    });
  }
  throw new Error('the provider kept redirecting');
}

function callbackOf(walk: Walk): URL {
  if ('callback' in walk) return walk.callback;
  throw new Error(`the provider stopped: ${walk.stopped.statusCode} ${walk.stopped.body.slice(0, 300)}`);
}

/** The authorization URL our /auth/google sends the popup to, with the pending-sign-in cookie set. */
async function startSignIn(browser: Browser): Promise<URL> {
  const start = await browser.request({ method: 'GET', url: '/auth/google' });
  expect(start.statusCode).toBe(302);
  return new URL(String(start.headers.location));
}

const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const freshEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;

describe.each(testDatabases)('OpenID Connect negatives (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function userCount(email: string): Promise<number> {
    const res = (await t.database.db.execute(
      sql`select count(*)::int as n from users where email = ${email}`,
    )) as unknown as { rows: { n: number }[] };
    return Number(res.rows[0]!.n);
  }

  /**
   * Sends what reached the callback from `browser` and checks the refusal: the popup's failure page, no
   * session cookie, a sentence on /auth/status, no user for `email`, and no table changed.
   */
  async function expectRefusedCallback(browser: Browser, callback: URL, email: string): Promise<void> {
    const before = await dbDigest(t.database.db);
    const res = await browser.request({ method: 'GET', url: callback.pathname + callback.search });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Sign-in failed. This window will close.');
    expect(res.body).not.toContain('AUTH_SUCCESS');
    expect(res.cookies.map((c) => c.name)).not.toContain('sid');
    expect(browser.cookies.has('sid')).toBe(false);
    expect(changedTables(before, await dbDigest(t.database.db))).toEqual([]);
    expect(await userCount(email)).toBe(0);

    const status = await browser.request({ method: 'GET', url: '/auth/status' });
    expect(AuthStatusSchema.parse(status.json())).toEqual({
      isAuthenticated: false,
      user: null,
      isAdmin: false,
      error: SIGN_IN_FAILED,
    });
  }

  it('refuses a callback whose state is not the one this browser started with', async () => {
    const browser = new Browser(t.app);
    const email = freshEmail('state');
    const callback = callbackOf(await walkProvider(browser, (await startSignIn(browser)).href, email));
    // The code is real and unused; only the state is forged.
    callback.searchParams.set('state', randomBytes(16).toString('base64url'));
    await expectRefusedCallback(browser, callback, email);
  });

  it('refuses a callback whose state is missing', async () => {
    const browser = new Browser(t.app);
    const email = freshEmail('nostate');
    const callback = callbackOf(await walkProvider(browser, (await startSignIn(browser)).href, email));
    callback.searchParams.delete('state');
    await expectRefusedCallback(browser, callback, email);
  });

  it('refuses an ID token minted for another nonce, though state and PKCE match', async () => {
    const browser = new Browser(t.app);
    const email = freshEmail('nonce');
    const authorize = await startSignIn(browser);
    // Same state and code challenge as this browser's sign-in, so only the nonce check can stop it.
    authorize.searchParams.set('nonce', randomBytes(16).toString('base64url'));
    const callback = callbackOf(await walkProvider(browser, authorize.href, email));
    await expectRefusedCallback(browser, callback, email);
  });

  it('refuses an ID token without a nonce', async () => {
    const browser = new Browser(t.app);
    const email = freshEmail('nononce');
    const authorize = await startSignIn(browser);
    authorize.searchParams.delete('nonce');
    const callback = callbackOf(await walkProvider(browser, authorize.href, email));
    await expectRefusedCallback(browser, callback, email);
  });

  it('refuses a replayed authorization code, even with the pending-sign-in cookie copied along', async () => {
    const browser = new Browser(t.app);
    const email = freshEmail('replay');
    const callback = callbackOf(await walkProvider(browser, (await startSignIn(browser)).href, email));
    // An attacker who saw the callback URL and the popup's cookies (say, from a shared machine's history).
    const attacker = new Browser(t.app);
    for (const [name, value] of browser.cookies) attacker.cookies.set(name, value);

    const first = await browser.request({ method: 'GET', url: callback.pathname + callback.search });
    expect(first.body).toContain('AUTH_SUCCESS');
    expect(await userCount(email)).toBe(1);
    attacker.cookies.delete('sid');

    const before = await dbDigest(t.database.db);
    const replay = await attacker.request({ method: 'GET', url: callback.pathname + callback.search });
    expect(replay.body).toContain('Sign-in failed. This window will close.');
    expect(replay.cookies.map((c) => c.name)).not.toContain('sid');
    expect(changedTables(before, await dbDigest(t.database.db))).toEqual([]);
    expect(await userCount(email)).toBe(1);
  });

  it('refuses a code sent back to the same browser a second time (the callback clears the pending cookie)', async () => {
    const browser = new Browser(t.app);
    const email = freshEmail('twice');
    const callback = callbackOf(await walkProvider(browser, (await startSignIn(browser)).href, email));
    expect(
      (await browser.request({ method: 'GET', url: callback.pathname + callback.search })).body,
    ).toContain('AUTH_SUCCESS');
    const sid = browser.cookies.get('sid');
    const before = await dbDigest(t.database.db);
    const again = await browser.request({ method: 'GET', url: callback.pathname + callback.search });
    expect(again.body).not.toContain('AUTH_SUCCESS');
    expect(again.cookies.map((c) => c.name)).not.toContain('sid');
    // The session it already had is untouched: a failed callback neither signs in nor out.
    expect(browser.cookies.get('sid')).toBe(sid);
    expect(changedTables(before, await dbDigest(t.database.db))).toEqual([]);
  });

  it('never sends a code to a redirect URI other than our callback', async () => {
    for (const redirect of [
      'https://evil.example/auth/google/callback',
      `${PUBLIC_URL}.evil.example/auth/google/callback`,
      `${PUBLIC_URL}/auth/google/callback/../../evil`,
      `${PUBLIC_URL}/auth/google/callback?next=https://evil.example`,
    ]) {
      const browser = new Browser(t.app);
      const authorize = await startSignIn(browser);
      authorize.searchParams.set('redirect_uri', redirect);
      const before = await dbDigest(t.database.db);
      const walk = await walkProvider(browser, authorize.href, freshEmail('redirect'));
      expect('stopped' in walk, redirect).toBe(true);
      const page = (walk as { stopped: LightMyRequestResponse }).stopped;
      expect(page.statusCode, redirect).toBe(400);
      expect(page.headers.location, redirect).toBeUndefined();
      expect(page.body, redirect).toContain('Sign-in error');
      expect(page.body, redirect).toMatch(/redirect_uri did not match any of the client&#39;s registered/);
      expect(changedTables(before, await dbDigest(t.database.db)), redirect).toEqual([]);
    }
  });

  it('refuses an authorization request without PKCE at the provider, and the callback that follows', async () => {
    const browser = new Browser(t.app);
    const email = freshEmail('nopkce');
    const authorize = await startSignIn(browser);
    authorize.searchParams.delete('code_challenge');
    authorize.searchParams.delete('code_challenge_method');
    // The provider answers our callback with an error instead of a code.
    const callback = callbackOf(await walkProvider(browser, authorize.href, email));
    expect(callback.searchParams.get('code')).toBeNull();
    expect(callback.searchParams.get('error')).toBe('invalid_request');
    expect(callback.searchParams.get('error_description')).toMatch(/PKCE/);
    await expectRefusedCallback(browser, callback, email);
  });

  it('refuses a code issued for another PKCE challenge (the verifier this browser holds does not match)', async () => {
    const browser = new Browser(t.app);
    const email = freshEmail('wrongpkce');
    const authorize = await startSignIn(browser);
    // A code minted for the attacker's own verifier, injected into this browser's sign-in.
    authorize.searchParams.set('code_challenge', challengeOf(randomBytes(32).toString('base64url')));
    const callback = callbackOf(await walkProvider(browser, authorize.href, email));
    expect(callback.searchParams.get('code')).toBeTruthy();
    await expectRefusedCallback(browser, callback, email);
  });

  describe('the token endpoint, called directly with a code that is otherwise good', () => {
    const clientAuth = () =>
      `Basic ${Buffer.from(`${DEV_CLIENT_ID}:dev-${t.config.sessionSecret}`).toString('base64')}`;

    /** A fresh code issued for `verifier`, not yet redeemed. */
    async function freshCode(verifier: string): Promise<string> {
      const browser = new Browser(t.app);
      const authorize = await startSignIn(browser);
      authorize.searchParams.set('code_challenge', challengeOf(verifier));
      const code = callbackOf(
        await walkProvider(browser, authorize.href, freshEmail('token')),
      ).searchParams.get('code');
      expect(code).toBeTruthy();
      return code!;
    }

    function redeem(form: Record<string, string>) {
      return t.app.inject({
        method: 'POST',
        url: '/dev-idp/token',
        headers: {
          host: new URL(PUBLIC_URL).host,
          authorization: clientAuth(),
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({ grant_type: 'authorization_code', ...form }).toString(),
      });
    }

    const redirectUri = `${PUBLIC_URL}${CALLBACK_PATH}`;

    it('refuses it without code_verifier, with a wrong one, and with another redirect_uri', async () => {
      const verifier = randomBytes(32).toString('base64url');
      const cases: [string, Record<string, string>][] = [
        ['no code_verifier', { redirect_uri: redirectUri }],
        [
          'a wrong code_verifier',
          { redirect_uri: redirectUri, code_verifier: randomBytes(32).toString('base64url') },
        ],
        ['another redirect_uri', { redirect_uri: 'https://evil.example/cb', code_verifier: verifier }],
      ];
      for (const [label, form] of cases) {
        const res = await redeem({ code: await freshCode(verifier), ...form });
        expect(res.statusCode, label).toBe(400);
        expect(res.json(), label).toMatchObject({
          error: expect.stringMatching(/invalid_grant|invalid_request/),
        });
        expect(res.json().error_description, label).toEqual(expect.any(String));
        expect(res.body, label).not.toContain('id_token');
      }
    });

    it('redeems a code once: the second exchange is refused', async () => {
      const verifier = randomBytes(32).toString('base64url');
      const code = await freshCode(verifier);
      const first = await redeem({ code, redirect_uri: redirectUri, code_verifier: verifier });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toHaveProperty('id_token');
      const second = await redeem({ code, redirect_uri: redirectUri, code_verifier: verifier });
      expect(second.statusCode).toBe(400);
      expect(second.json()).toMatchObject({ error: 'invalid_grant' });
    });
  });
});

/**
 * The same attacks through the configuration used for Google (OIDC_ISSUER and a client secret), against
 * a provider on its own port: discovery and the token exchange go over HTTP, as they do in production.
 */
describe('OpenID Connect negatives with an external issuer', () => {
  let external: ExternalIssuer;
  let t: TestApp;
  let issuer: string;
  let idpHost: string;

  beforeAll(async () => {
    external = await startExternalIssuer();
    ({ t, issuer, idpHost } = external);
  });
  afterAll(async () => {
    await external?.close();
  });

  /** Walks the external provider (its own cookies and host) up to, not into, our callback. */
  async function walkExternal(authorize: URL, email: string): Promise<Walk> {
    const provider = new Browser(external.idp);
    const get = (url: URL) =>
      provider.request({ method: 'GET', url: url.pathname + url.search, headers: { host: idpHost } });
    let res = await get(authorize);
    for (let hops = 0; hops < 12; hops++) {
      if (res.statusCode >= 300 && res.statusCode < 400) {
        const next = new URL(String(res.headers.location), issuer);
        if (next.origin === PUBLIC_URL && next.pathname === CALLBACK_PATH) return { callback: next };
        if (next.host !== idpHost) return { stopped: res };
        res = await get(next);
        continue;
      }
      const action = /action="([^"]+)"/.exec(res.body)?.[1];
      if (res.statusCode !== 200 || !action) return { stopped: res };
      res = await provider.request({
        method: 'POST',
        url: action.replaceAll('&amp;', '&'),
        headers: { host: idpHost, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email, name: 'Mallory' }).toString(),
      });
    }
    throw new Error('the provider kept redirecting');
  }

  async function expectNoSignIn(browser: Browser, callback: URL): Promise<void> {
    const before = await dbDigest(t.database.db);
    const res = await browser.request({ method: 'GET', url: callback.pathname + callback.search });
    expect(res.body).toContain('Sign-in failed. This window will close.');
    expect(res.cookies.map((c) => c.name)).not.toContain('sid');
    expect(changedTables(before, await dbDigest(t.database.db))).toEqual([]);
    expect((await browser.request({ method: 'GET', url: '/auth/status' })).json()).toEqual({
      isAuthenticated: false,
      user: null,
      isAdmin: false,
      error: SIGN_IN_FAILED,
    });
  }

  it('refuses a wrong state and an ID token minted for another nonce', async () => {
    const forgedState = new Browser(t.app);
    const callback = callbackOf(await walkExternal(await startSignIn(forgedState), freshEmail('ext-state')));
    callback.searchParams.set('state', 'forged');
    await expectNoSignIn(forgedState, callback);

    const otherNonce = new Browser(t.app);
    const authorize = await startSignIn(otherNonce);
    authorize.searchParams.set('nonce', randomBytes(16).toString('base64url'));
    await expectNoSignIn(otherNonce, callbackOf(await walkExternal(authorize, freshEmail('ext-nonce'))));
  });

  it('refuses a replayed code and a code issued for another PKCE challenge', async () => {
    const browser = new Browser(t.app);
    const callback = callbackOf(await walkExternal(await startSignIn(browser), freshEmail('ext-replay')));
    const attacker = new Browser(t.app);
    for (const [name, value] of browser.cookies) attacker.cookies.set(name, value);
    const first = await browser.request({ method: 'GET', url: callback.pathname + callback.search });
    expect(first.body).toContain('AUTH_SUCCESS');
    await expectNoSignIn(attacker, callback);

    const injected = new Browser(t.app);
    const authorize = await startSignIn(injected);
    authorize.searchParams.set('code_challenge', challengeOf(randomBytes(32).toString('base64url')));
    await expectNoSignIn(injected, callbackOf(await walkExternal(authorize, freshEmail('ext-pkce'))));
  });

  it('never sends a code to a foreign redirect URI', async () => {
    const browser = new Browser(t.app);
    const authorize = await startSignIn(browser);
    authorize.searchParams.set('redirect_uri', 'https://evil.example/auth/google/callback');
    const walk = await walkExternal(authorize, freshEmail('ext-redirect'));
    expect('stopped' in walk).toBe(true);
    const page = (walk as { stopped: LightMyRequestResponse }).stopped;
    expect(page.statusCode).toBe(400);
    expect(page.headers.location).toBeUndefined();
    expect(page.body).toMatch(/redirect_uri did not match/);
  });
});
