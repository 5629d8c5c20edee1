import cookie from '@fastify/cookie';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type LightMyRequestResponse,
  type RouteOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthStatusSchema } from '../../../shared/auth.js';
import { PRODUCT_NAME } from '../../../shared/brand.js';
import { ApiErrorSchema } from '../../../shared/errors.js';
import { SuccessSchema } from '../../../shared/success.js';
import { loadConfig, type Config } from '../../config.js';
import { sessions, users, type UserRow } from '../../db/schema.js';
import { registerErrorHandling } from '../../plugins/errors.js';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { testDatabaseKinds } from '../../testing/test-environment.js';
import type { OidcClient, PendingSignIn, VerifiedIdentity } from './oidc-client.js';
import { authRoutes } from './routes.js';
import { registerSessionLoading } from './session-hooks.js';
import { createSession, resolveSession, signedInMemo } from './sessions.js';

/**
 * The /auth routes on a bare Fastify with a database and a fake relying party in place of the OIDC client:
 * what each route sets, clears and answers, with nothing else of the app around. auth.test.ts and the
 * src/server/security suites walk the same routes through the real sign-in.
 */

const PUBLIC_URL = 'http://localhost:3999';
const PENDING: PendingSignIn = { state: 'st-1', nonce: 'no-1', codeVerifier: 'cv-1' };
const SIGN_IN_FAILED = 'Sign-in did not complete. Please try again.';
const NOTHING_PENDING = 'No sign-in is in progress in this browser.';

/** What the app logs at warn and above: pino's lines, with `err` serialised. */
interface LogLine {
  level: number;
  msg: string;
  err?: { message: string };
}
const WARN = 40;
const ERROR = 50;

const identity = (subject: string): VerifiedIdentity => ({
  issuer: 'https://issuer.example',
  subject,
  email: `${subject}@example.com`,
  fullName: `Person ${subject}`,
  picture: null,
});

/** A relying party whose answers the test sets, recording what it was asked. */
function fakeOidc() {
  const calls = { finish: [] as { url: string; pending: PendingSignIn }[] };
  const behaviour = {
    startFails: false,
    finish: async (): Promise<VerifiedIdentity> => identity('ada'),
  };
  const oidc: OidcClient = {
    async start() {
      if (behaviour.startFails) throw new Error('discovery failed');
      return { url: 'https://idp.example/authorize?x=1', pending: PENDING };
    },
    async finish(callbackUrl, pending) {
      calls.finish.push({ url: callbackUrl.href, pending });
      return behaviour.finish();
    },
  };
  return { oidc, calls, behaviour };
}

describe.each(testDatabaseKinds(process.env))('auth routes (%s)', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let config: Config;
  let fake: ReturnType<typeof fakeOidc>;
  let created: UserRow[];
  let signedOut: number[];
  let failHooks: boolean;
  let logs: LogLine[];
  let routes: RouteOptions[];

  beforeAll(async () => {
    database = await openTestDatabase(kind, null);
  });
  afterAll(() => database?.close());

  // Built for each test: vitest skips, rather than fails, the tests after a beforeAll that threw, so a
  // mutant breaking the registration would go unnoticed there.
  async function build(env: Record<string, string> = {}, { withHooks = true } = {}) {
    config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL, LOG_LEVEL: 'silent', ...env });
    fake = fakeOidc();
    created = [];
    signedOut = [];
    failHooks = false;
    logs = [];
    routes = [];
    const logger: FastifyBaseLogger = pino(
      { level: 'warn' },
      { write: (line: string) => logs.push(JSON.parse(line)) },
    );
    app = Fastify({ loggerInstance: logger });
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    await app.register(cookie, { secret: config.sessionSecret });
    registerSessionLoading(app, database.db, config, signedInMemo(database.db, config.keptAnswers));
    await app.register(authRoutes, {
      prefix: '/auth',
      db: database.db,
      config,
      oidc: fake.oidc,
      limits: { signIn: async () => {}, status: async () => {} },
      ...(withHooks
        ? {
            onUserCreated: async (user: UserRow) => {
              created.push(user);
              if (failHooks) throw new Error('welcome failed');
            },
            onSignedOut: async (userId: number) => {
              signedOut.push(userId);
              if (failHooks) throw new Error('publish failed');
            },
          }
        : {}),
    });
    await app.ready();
  }
  beforeEach(async () => {
    await database.db.delete(users);
    await build();
  });
  afterEach(() => app.close());

  const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

  /** /auth/google, then the callback carrying the pending cookie it set; returns the callback's answer. */
  async function signIn(cookies: Record<string, string> = {}) {
    const start = await app.inject({ method: 'GET', url: '/auth/google' });
    const pending = cookieOf(start, 'oidc_pending')!.value;
    return app.inject({
      method: 'GET',
      url: '/auth/google/callback?code=c1&state=st-1',
      cookies: { oidc_pending: pending, ...cookies },
    });
  }

  function expectPopup(res: LightMyRequestResponse, ok: boolean, { newAccount = false } = {}) {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    const nonce = /<script nonce="([^"]+)">/.exec(res.body)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(res.headers['content-security-policy']).toBe(
      `default-src 'none'; script-src 'nonce-${nonce}'; frame-ancestors 'none'`,
    );
    const [message, script] = ok
      ? [
          'You are signed in. This window will close.',
          `if (window.opener) window.opener.postMessage({ type: "AUTH_SUCCESS"${newAccount ? ', newAccount: true' : ''} }, "${PUBLIC_URL}"); window.close();`,
        ]
      : ['Sign-in failed. This window will close.', ' window.close();'];
    expect(res.body).toBe(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${PRODUCT_NAME}</title></head>
<body><p>${message}</p>
<script nonce="${nonce}">${script}</script>
</body></html>`);
  }

  /** The popup's failure page, the flag for /auth/status, no session, and the reason in the log. */
  function expectFailed(res: LightMyRequestResponse, reason = NOTHING_PENDING) {
    expectPopup(res, false);
    expect(logs.filter((line) => line.msg === 'sign-in failed')).toEqual([
      expect.objectContaining({ level: WARN, err: expect.objectContaining({ message: reason }) }),
    ]);
    logs = [];
    const flag = cookieOf(res, 'auth_error');
    expect(flag).toMatchObject({ path: '/auth', maxAge: 300, httpOnly: true, sameSite: 'Lax' });
    expect(app.unsignCookie(flag!.value)).toEqual({ valid: true, renew: false, value: SIGN_IN_FAILED });
    expect(cookieOf(res, 'sid')).toBeUndefined();
  }

  describe('GET /auth/google', () => {
    it('keeps the pending sign-in in a short, signed cookie for the callback and sends the popup on', async () => {
      const res = await app.inject({ method: 'GET', url: '/auth/google' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('https://idp.example/authorize?x=1');
      expect(res.headers['cache-control']).toBe('no-store');
      const pending = cookieOf(res, 'oidc_pending');
      expect(pending).toMatchObject({
        path: '/auth/google/callback',
        maxAge: 600,
        httpOnly: true,
        sameSite: 'Lax',
      });
      expect(pending?.secure).toBeUndefined();
      expect(app.unsignCookie(pending!.value)).toMatchObject({ valid: true, value: JSON.stringify(PENDING) });
    });

    it('marks its cookies secure over https', async () => {
      await app.close();
      await build({ PUBLIC_URL: 'https://referbridge.example' });
      const res = await app.inject({ method: 'GET', url: '/auth/google' });
      expect(cookieOf(res, 'oidc_pending')?.secure).toBe(true);
      fake.behaviour.startFails = true;
      const failed = await app.inject({ method: 'GET', url: '/auth/google' });
      expect(cookieOf(failed, 'auth_error')?.secure).toBe(true);
    });

    it('a provider that cannot be reached ends the popup with a failure', async () => {
      fake.behaviour.startFails = true;
      expectFailed(await app.inject({ method: 'GET', url: '/auth/google' }), 'discovery failed');
    });
  });

  describe('GET /auth/google/callback', () => {
    it('signs a new user in: account, session cookie, welcome once, popup tells our origin', async () => {
      const res = await signIn();
      expectPopup(res, true, { newAccount: true });
      expect(fake.calls.finish).toEqual([
        { url: `${PUBLIC_URL}/auth/google/callback?code=c1&state=st-1`, pending: PENDING },
      ]);
      const sid = cookieOf(res, 'sid');
      expect(sid).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 30 * 24 * 3600 });
      const user = await resolveSession(database.db, sid!.value);
      expect(user).toMatchObject({ email: 'ada@example.com', fullName: 'Person ada' });
      expect(created.map((u) => u.id)).toEqual([user!.id]);
      expect(cookieOf(res, 'oidc_pending')).toMatchObject({ value: '', path: '/auth/google/callback' });
      expect(cookieOf(res, 'auth_error')).toMatchObject({ value: '', path: '/auth' });
      // For /auth/status: this sign-in made the account (issue 46 item 9).
      expect(cookieOf(res, 'auth_new_account')).toMatchObject({ path: '/auth', httpOnly: true, maxAge: 300 });
    });

    it('a returning user is not welcomed again', async () => {
      await signIn();
      const again = await signIn();
      expectPopup(again, true);
      expect(created).toHaveLength(1);
      expect(cookieOf(again, 'auth_new_account')).toMatchObject({ value: '', path: '/auth' });
    });

    it('a failed welcome does not fail the sign-in', async () => {
      failHooks = true;
      const res = await signIn();
      expectPopup(res, true, { newAccount: true });
      expect(created).toHaveLength(1);
      expect(logs).toEqual([
        expect.objectContaining({
          level: ERROR,
          msg: 'onUserCreated failed',
          err: expect.objectContaining({ message: 'welcome failed' }),
        }),
      ]);
      expect(await resolveSession(database.db, cookieOf(res, 'sid')!.value)).not.toBeNull();
    });

    it('rotates: the session the browser held before ends', async () => {
      const first = cookieOf(await signIn(), 'sid')!.value;
      const other = cookieOf(await signIn(), 'sid')!.value;
      const second = cookieOf(await signIn({ sid: first }), 'sid')!.value;
      expect(second).not.toBe(first);
      expect(await resolveSession(database.db, first)).toBeNull();
      expect(await resolveSession(database.db, second)).not.toBeNull();
      expect(await resolveSession(database.db, other)).not.toBeNull();
    });

    it('without a pending sign-in, or with one forged or malformed, the provider is not even asked', async () => {
      const signed = (value: string) => app.signCookie(value);
      for (const pending of [
        undefined,
        '',
        JSON.stringify(PENDING),
        `${signed(JSON.stringify(PENDING)).slice(0, -2)}xx`,
        signed(''),
        signed('not json'),
        signed(JSON.stringify({ state: 'st-1', nonce: 'no-1' })),
        signed(JSON.stringify({ ...PENDING, state: 7 })),
        signed('null'),
      ]) {
        const res = await app.inject({
          method: 'GET',
          url: '/auth/google/callback?code=c1&state=st-1',
          cookies: pending === undefined ? {} : { oidc_pending: pending },
        });
        expectFailed(res);
        expect(cookieOf(res, 'oidc_pending')).toMatchObject({ value: '', path: '/auth/google/callback' });
      }
      expect(fake.calls.finish).toEqual([]);
    });

    it('a pending sign-in signed by us is handed to the provider as it was', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/auth/google/callback?code=c9&state=s9',
        cookies: {
          oidc_pending: app.signCookie(JSON.stringify({ state: 's9', nonce: 'n9', codeVerifier: 'v9' })),
        },
      });
      expectPopup(res, true, { newAccount: true });
      expect(fake.calls.finish[0]?.pending).toEqual({ state: 's9', nonce: 'n9', codeVerifier: 'v9' });
    });

    it('a provider refusal ends the popup with a failure and no session', async () => {
      fake.behaviour.finish = async () => {
        throw new Error('invalid_grant');
      };
      expectFailed(await signIn(), 'invalid_grant');
      expect(await database.db.select().from(sessions)).toEqual([]);
    });
  });

  describe('GET /auth/status', () => {
    it('a visitor is not authenticated', async () => {
      const res = await app.inject({ method: 'GET', url: '/auth/status' });
      expect(res.json()).toEqual({ isAuthenticated: false, user: null, isAdmin: false });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.cookies).toEqual([]);
    });

    it('a signed-in user sees themselves', async () => {
      const sid = cookieOf(await signIn(), 'sid')!.value;
      const res = await app.inject({ method: 'GET', url: '/auth/status', cookies: { sid } });
      const [row] = await database.db.select().from(users).where(eq(users.email, 'ada@example.com'));
      expect(res.json()).toEqual({
        isAuthenticated: true,
        user: {
          id: row!.id,
          username: 'ada',
          email: 'ada@example.com',
          fullName: 'Person ada',
          role: 'job_seeker',
          profilePicture: null,
          profileCompleted: false,
          bio: null,
          currentCompanyName: null,
          willingToGiveReferrals: false,
          notWorking: false,
        },
        isAdmin: false,
      });
    });

    it('reports a failed sign-in once, then clears it', async () => {
      fake.behaviour.startFails = true;
      const flag = cookieOf(await app.inject({ method: 'GET', url: '/auth/google' }), 'auth_error')!.value;
      const res = await app.inject({ method: 'GET', url: '/auth/status', cookies: { auth_error: flag } });
      expect(res.json()).toEqual({
        isAuthenticated: false,
        user: null,
        isAdmin: false,
        error: SIGN_IN_FAILED,
      });
      expect(cookieOf(res, 'auth_error')).toMatchObject({ value: '', path: '/auth' });
    });

    it('ignores a forged failure flag, and any flag once signed in', async () => {
      const forged = await app.inject({
        method: 'GET',
        url: '/auth/status',
        cookies: { auth_error: 'Your account was deleted.' },
      });
      expect(forged.json()).toEqual({ isAuthenticated: false, user: null, isAdmin: false });
      expect(cookieOf(forged, 'auth_error')).toMatchObject({ value: '' });

      const sid = cookieOf(await signIn(), 'sid')!.value;
      const flag = app.signCookie(SIGN_IN_FAILED);
      const res = await app.inject({
        method: 'GET',
        url: '/auth/status',
        cookies: { sid, auth_error: flag },
      });
      expect(res.json()).not.toHaveProperty('error');
      expect(res.json()).toMatchObject({ isAuthenticated: true });
    });
  });

  describe('POST /auth/logout and /auth/logout-all', () => {
    const post = (url: string, sid?: string) =>
      app.inject({ method: 'POST', url, ...(sid ? { cookies: { sid } } : {}) });

    function expectCleared(res: LightMyRequestResponse) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect(cookieOf(res, 'sid')).toMatchObject({ value: '', path: '/', httpOnly: true, sameSite: 'Lax' });
    }

    it('logout ends this session only, clears the cookie and tells the app', async () => {
      const one = cookieOf(await signIn(), 'sid')!.value;
      const two = cookieOf(await signIn(), 'sid')!.value;
      const userId = (await resolveSession(database.db, one))!.id;
      expectCleared(await post('/auth/logout', one));
      expect(await resolveSession(database.db, one)).toBeNull();
      expect(await resolveSession(database.db, two)).not.toBeNull();
      expect(signedOut).toEqual([userId]);
    });

    it('logout without a session still clears the cookie, and tells nobody', async () => {
      expectCleared(await post('/auth/logout'));
      expectCleared(await post('/auth/logout', 'made-up'));
      expect(signedOut).toEqual([]);
    });

    it('logout-all ends every session of the user, and nobody else’s', async () => {
      const one = cookieOf(await signIn(), 'sid')!.value;
      const two = cookieOf(await signIn(), 'sid')!.value;
      fake.behaviour.finish = async () => identity('bob');
      const bob = cookieOf(await signIn(), 'sid')!.value;
      const userId = (await resolveSession(database.db, one))!.id;
      expectCleared(await post('/auth/logout-all', two));
      expect(await resolveSession(database.db, one)).toBeNull();
      expect(await resolveSession(database.db, two)).toBeNull();
      expect(await resolveSession(database.db, bob)).not.toBeNull();
      expect(signedOut).toEqual([userId]);
    });

    it('logout-all needs a signed-in user', async () => {
      const res = await post('/auth/logout-all');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Please sign in to continue.' });
      expect(signedOut).toEqual([]);
    });

    it('a failing follow-up does not turn a sign-out into an error', async () => {
      const one = cookieOf(await signIn(), 'sid')!.value;
      const two = cookieOf(await signIn(), 'sid')!.value;
      failHooks = true;
      expectCleared(await post('/auth/logout', one));
      expectCleared(await post('/auth/logout-all', two));
      expect(signedOut).toHaveLength(2);
      const failed = expect.objectContaining({
        level: ERROR,
        msg: 'onSignedOut failed',
        err: expect.objectContaining({ message: 'publish failed' }),
      });
      expect(logs).toEqual([failed, failed]);
    });

    it('without follow-ups, sign-in and both sign-outs still work', async () => {
      await app.close();
      await build({}, { withHooks: false });
      const one = cookieOf(await signIn(), 'sid')!.value;
      const two = cookieOf(await signIn(), 'sid')!.value;
      expectCleared(await post('/auth/logout', one));
      expectCleared(await post('/auth/logout-all', two));
      expect(await database.db.select().from(sessions)).toEqual([]);
      expect(logs).toEqual([]);
    });
  });

  it('each route declares its tag, summary and responses (the API docs and the serializer read them)', () => {
    const declared = routes
      .filter((route) => route.method !== 'HEAD')
      // Object.entries leaves out the symbols Fastify marks a schema with once it has compiled it.
      .map((route) => ({
        method: route.method,
        url: route.url,
        schema: Object.fromEntries(Object.entries(route.schema ?? {})),
      }));
    expect(declared).toEqual([
      {
        method: 'GET',
        url: '/auth/google',
        schema: { tags: ['auth'], summary: 'Start sign-in (opened in a popup)' },
      },
      {
        method: 'GET',
        url: '/auth/google/callback',
        schema: { tags: ['auth'], summary: 'Identity provider callback' },
      },
      {
        method: 'GET',
        url: '/auth/status',
        schema: { tags: ['auth'], summary: 'Who is signed in', response: { 200: AuthStatusSchema } },
      },
      {
        method: 'POST',
        url: '/auth/logout',
        schema: { tags: ['auth'], summary: 'Sign out', response: { 200: SuccessSchema } },
      },
      {
        method: 'POST',
        url: '/auth/logout-all',
        schema: {
          tags: ['auth'],
          summary: 'Sign out everywhere: end every session of the signed-in user',
          response: { 200: SuccessSchema, 401: ApiErrorSchema },
        },
      },
    ]);
  });

  it('a session made elsewhere is recognised by the routes', async () => {
    const [row] = await database.db
      .insert(users)
      .values({ username: 'x', email: 'x@example.com', fullName: 'X' })
      .returning();
    const sid = await createSession(database.db, row!.id);
    const res = await app.inject({ method: 'GET', url: '/auth/status', cookies: { sid } });
    expect(res.json()).toMatchObject({ isAuthenticated: true, user: { email: 'x@example.com' } });
  });
});
