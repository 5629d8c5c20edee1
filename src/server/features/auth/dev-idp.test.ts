import { createHash } from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type InjectOptions,
  type LightMyRequestResponse,
  type RouteOptions,
} from 'fastify';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '../../../shared/brand.js';
import { loadConfig } from '../../config.js';
import { injectFetch } from '../../lib/inject-fetch.js';
import { registerErrorHandling } from '../../plugins/errors.js';
import { registerSecurity } from '../../plugins/security.js';
import { DEV_CLIENT_ID, registerDevIdp } from './dev-idp.js';
import { createOidcClient, type OidcClient } from './oidc-client.js';

/**
 * The development provider on a bare Fastify, with our relying party talking to it in process: the whole
 * sign-in, its login form and its refusals, without the app or a database. auth.test.ts, external-issuer
 * and src/server/security/oidc-negatives.test.ts check the provider through the whole app.
 */

const ORIGIN = 'http://localhost:3999';
const ISSUER = `${ORIGIN}/dev-idp`;
const REDIRECT = `${ORIGIN}/auth/google/callback`;
const INTERACTION_GONE =
  'This sign-in has expired or was already finished. Close this window and sign in again.';

/** A browser on the provider: keeps its cookies, speaks to it as the issuer's host. */
class ProviderBrowser {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  async request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const target = new URL(options.url, ISSUER);
    const res = await this.app.inject({
      ...options,
      url: target.pathname + target.search,
      headers: {
        host: target.host,
        ...options.headers,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of res.cookies) {
      if (c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  /** Follows the provider's redirects until one leaves it (the callback), and returns that last answer. */
  async follow(url: string, options: Omit<InjectOptions, 'url'> = {}): Promise<LightMyRequestResponse> {
    let res = await this.request({ ...options, url });
    for (let hops = 0; hops < 10 && res.statusCode >= 300 && res.statusCode < 400; hops++) {
      const next = new URL(String(res.headers.location), ISSUER);
      if (!next.pathname.startsWith('/dev-idp')) return res;
      res = await this.request({ method: 'GET', url: next.href });
    }
    return res;
  }
}

const formPost = (email: string, name: string) => ({
  method: 'POST' as const,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams({ email, name }).toString(),
});

describe('the development identity provider', () => {
  let app: FastifyInstance;
  let oidc: OidcClient;
  let browser: ProviderBrowser;
  let routes: RouteOptions[];
  let logs: { level: number; msg: string }[];

  // Built for each test: vitest skips, rather than fails, the tests after a beforeAll that threw. The
  // write guard is on, as in the app: the provider's own endpoints must pass it.
  beforeEach(async () => {
    routes = [];
    logs = [];
    const logger: FastifyBaseLogger = pino(
      { level: 'info' },
      { write: (line: string) => logs.push(JSON.parse(line)) },
    );
    app = Fastify({ loggerInstance: logger });
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    registerErrorHandling(app);
    await registerSecurity(app, loadConfig({ NODE_ENV: 'test', PUBLIC_URL: ORIGIN, LOG_LEVEL: 'silent' }));
    registerDevIdp(app, {
      issuer: ISSUER,
      clientSecret: 'dev-secret',
      redirectUri: REDIRECT,
      cookieKeys: ['a-cookie-key-for-the-dev-provider-1234'],
    });
    await app.ready();
    oidc = createOidcClient({
      issuer: ISSUER,
      clientId: DEV_CLIENT_ID,
      clientSecret: 'dev-secret',
      redirectUri: REDIRECT,
      prompt: 'login',
      fetch: injectFetch(app),
    });
    browser = new ProviderBrowser(app);
  });
  afterEach(() => app.close());

  /** start(), the provider's login form: returns the form page and the pending sign-in. */
  async function openForm(on = browser) {
    const { url, pending } = await oidc.start();
    const form = await on.follow(url);
    return { form, pending };
  }

  const inputValue = (page: string, name: string) =>
    new RegExp(`<input name="${name}"[^>]* value="([^"]*)"`).exec(page)?.[1];
  const actionOf = (page: string) => /action="([^"]+)"/.exec(page)?.[1]?.replaceAll('&amp;', '&');

  async function signIn(email: string, name: string, on = browser) {
    const { form, pending } = await openForm(on);
    const back = await on.follow(actionOf(form.body)!, formPost(email, name));
    const callback = new URL(String(back.headers.location));
    expect(callback.origin + callback.pathname).toBe(REDIRECT);
    return oidc.finish(callback, pending);
  }

  it('signs anyone in by email, as the same person whatever the case of the address', async () => {
    const identity = await signIn('Ada@Example.com', '  Ada Lovelace ');
    expect(identity).toEqual({
      issuer: ISSUER,
      subject: createHash('sha256').update('ada@example.com').digest('hex').slice(0, 32),
      email: 'ada@example.com',
      fullName: 'Ada Lovelace',
      picture: null,
    });
    const again = await signIn('ADA@example.com', 'Ada');
    expect(again.subject).toBe(identity.subject);
    expect(again.fullName).toBe('Ada');
    // Another person, in another browser (in this one the provider would first ask to sign Ada out).
    const grace = await signIn('grace@example.com', 'Grace', new ProviderBrowser(app));
    expect(grace.subject).not.toBe(identity.subject);
  });

  it('shows its login form every time, under a referrer policy that lets the form post our origin', async () => {
    const { form } = await openForm();
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-type']).toBe('text/html');
    expect(form.headers['referrer-policy']).toBe('same-origin');
    expect(actionOf(form.body)).toMatch(/^\/dev-idp\/interaction\/[A-Za-z0-9_-]+\/login$/);
    expect(inputValue(form.body, 'email')).toBe('');
    expect(inputValue(form.body, 'name')).toBe('');
    expect(form.body).toContain(`<title>Development sign-in · ${PRODUCT_NAME}</title>`);
    expect(form.body).toContain('<h1>Development sign-in</h1>');
    // No error paragraph between the note and the form.
    expect(form.body).toContain('Any email signs you in as that person.</p>\n\n<form');
    await signIn('ada@example.com', 'Ada');
    // Signed in at the provider already, yet prompt=login shows the form again.
    const second = await openForm();
    expect(actionOf(second.form.body)).toMatch(/^\/dev-idp\/interaction\//);
  });

  it('fills the email from a login hint', async () => {
    const { url } = await oidc.start();
    const hinted = new URL(url);
    hinted.searchParams.set('login_hint', 'hint@example.com');
    const form = await browser.follow(hinted.href);
    expect(inputValue(form.body, 'email')).toBe('hint@example.com');
  });

  it('answers a form it cannot accept with the form again, the sentence and what was typed', async () => {
    const cases = [
      { email: 'not-an-email', name: 'Ada', error: 'Enter a valid email address.' },
      { email: 'ada@example.com', name: '   ', error: 'Enter your name.' },
      { email: 'ada@example.com', name: 'x'.repeat(101), error: 'Use at most 100 characters for the name.' },
      { email: '"<b>"@x', name: "<i>Tom & Jerry's</i>", error: 'Enter a valid email address.' },
    ];
    for (const { email, name, error } of cases) {
      const { form } = await openForm();
      const action = actionOf(form.body)!;
      const res = await browser.request({ url: action, ...formPost(email, name) });
      expect(res.statusCode, error).toBe(400);
      expect(res.headers['content-type']).toBe('text/html');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.body).toContain(`<p class="error" role="alert">${error}</p>`);
      expect(actionOf(res.body)).toBe(action);
      const escaped = (text: string) =>
        text
          .replaceAll('&', '&amp;')
          .replaceAll('<', '&lt;')
          .replaceAll('>', '&gt;')
          .replaceAll('"', '&quot;')
          .replaceAll("'", '&#39;');
      expect(inputValue(res.body, 'email')).toBe(escaped(email));
      expect(inputValue(res.body, 'name')).toBe(escaped(name));
    }
  });

  it('an empty form is answered with the first sentence and empty fields', async () => {
    const { form } = await openForm();
    const res = await browser.request({
      url: actionOf(form.body)!,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('<p class="error" role="alert">Enter a valid email address.</p>');
    expect(inputValue(res.body, 'email')).toBe('');
    expect(inputValue(res.body, 'name')).toBe('');
  });

  it('a sign-in that does not exist or is over is refused with a sentence', async () => {
    const unknown = await browser.request({ url: '/dev-idp/interaction/no-such-uid', method: 'GET' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: INTERACTION_GONE });
    const posted = await browser.request({
      url: '/dev-idp/interaction/no-such-uid/login',
      ...formPost('a@b.co', 'A'),
    });
    expect(posted.statusCode).toBe(400);
    expect(posted.json()).toEqual({ error: INTERACTION_GONE });

    const { form } = await openForm();
    const action = actionOf(form.body)!;
    await browser.follow(action, formPost('ada@example.com', 'Ada'));
    const replay = await browser.request({ url: action, ...formPost('ada@example.com', 'Ada') });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ error: INTERACTION_GONE });
  });

  it('names the issuer’s own origin whatever Host or forwarded headers a client sends', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/dev-idp/.well-known/openid-configuration',
      headers: {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        'x-forwarded-port': '8443',
        forwarded: 'host=evil.example;proto=https',
      },
    });
    expect(res.statusCode).toBe(200);
    const doc = res.json<Record<string, string>>();
    expect(doc.issuer).toBe(ISSUER);
    expect(doc.authorization_endpoint).toBe(`${ISSUER}/auth`);
    expect(doc.token_endpoint).toBe(`${ISSUER}/token`);
  });

  it('its login form, reached through another host, still sends the browser back to our origin', async () => {
    const { url, pending } = await oidc.start();
    const target = new URL(url);
    let res = await app.inject({
      method: 'GET',
      url: target.pathname + target.search,
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(String(res.headers.location)).toMatch(
      /^(\/dev-idp|http:\/\/localhost:3999\/dev-idp)\/interaction\//,
    );
    res = await browser.follow(url);
    const posted = await browser.request({
      url: actionOf(res.body)!,
      ...formPost('ada@example.com', 'Ada'),
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'evil.example' },
    });
    expect(posted.statusCode).toBe(303);
    expect(String(posted.headers.location)).toMatch(/^\/dev-idp\/auth\/[A-Za-z0-9_-]+$/);
    expect(pending.state).toBeTruthy();
  });

  it('knows only our client and our redirect URI, and shows its errors as a page', async () => {
    const { url } = await oidc.start();
    // The provider's own description, not just its error code.
    for (const [param, value, sentence] of [
      ['client_id', 'someone-else', 'client is invalid'],
      [
        'redirect_uri',
        'https://evil.example/callback',
        'redirect_uri did not match any of the client&#39;s registered redirect_uris',
      ],
    ] as const) {
      const bad = new URL(url);
      bad.searchParams.set(param, value);
      const res = await browser.request({ url: bad.href, method: 'GET' });
      expect(res.statusCode, param).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain(`<title>Sign-in error · ${PRODUCT_NAME}</title>`);
      expect(res.body).toContain('<h1>Sign-in error</h1>');
      // The sentence, then no form at all.
      expect(res.body).toContain(`<p class="error" role="alert">${sentence}</p>\n\n</main>`);
    }
  });

  it('requires PKCE', async () => {
    const { url } = await oidc.start();
    const bare = new URL(url);
    bare.searchParams.delete('code_challenge');
    bare.searchParams.delete('code_challenge_method');
    const res = await browser.request({ url: bare.href, method: 'GET' });
    expect(res.statusCode).toBe(303);
    expect(new URL(String(res.headers.location)).searchParams.get('error')).toBe('invalid_request');
  });

  it('its own endpoints take writes without Origin (its form, our server-side calls), never from another site', async () => {
    expect((await signIn('ada@example.com', 'Ada')).email).toBe('ada@example.com');
    const { form } = await openForm();
    const foreign = await browser.request({
      url: actionOf(form.body)!,
      ...formPost('ada@example.com', 'Ada'),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    const token = await browser.request({
      url: '/dev-idp/token',
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: 'grant_type=authorization_code&code=x',
    });
    expect(token.statusCode).toBe(403);
  });

  it('its routes stay out of the API docs', () => {
    const mine = routes.filter((route) => route.url.startsWith('/dev-idp'));
    expect(mine.map((route) => route.url).sort()).toEqual([
      '/dev-idp/*',
      '/dev-idp/interaction/:uid',
      '/dev-idp/interaction/:uid',
      '/dev-idp/interaction/:uid/login',
    ]);
    for (const route of mine) expect(route.schema?.hide, route.url).toBe(true);
  });

  it('keeps its sign-in state in signed cookies', async () => {
    const { url } = await oidc.start();
    const res = await browser.request({ url, method: 'GET' });
    const names = res.cookies.map((c) => c.name);
    expect(names).toContain('_interaction');
    expect(names).toContain('_interaction.sig');
  });

  it('says where it is mounted', () => {
    expect(logs).toContainEqual(
      expect.objectContaining({
        level: 30,
        msg: `${PRODUCT_NAME} development identity provider mounted at ${ISSUER}`,
      }),
    );
  });

  it('behind https, names https URLs whatever protocol the request came over', async () => {
    const secure = Fastify();
    registerDevIdp(secure, {
      issuer: 'https://referbridge.example/dev-idp',
      clientSecret: 'dev-secret',
      redirectUri: 'https://referbridge.example/auth/google/callback',
      cookieKeys: ['a-cookie-key-for-the-dev-provider-1234'],
    });
    try {
      const res = await secure.inject({
        method: 'GET',
        url: '/dev-idp/.well-known/openid-configuration',
        headers: { host: 'evil.example', 'x-forwarded-proto': 'http' },
      });
      const doc = res.json<Record<string, string>>();
      expect(doc.issuer).toBe('https://referbridge.example/dev-idp');
      expect(doc.token_endpoint).toBe('https://referbridge.example/dev-idp/token');
    } finally {
      await secure.close();
    }
  });
});
