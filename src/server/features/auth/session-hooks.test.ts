import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../config.js';
import { users } from '../../db/schema.js';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { testDatabaseKinds } from '../../testing/test-environment.js';
import {
  clearSessionCookie,
  registerSessionLoading,
  sessionCookieName,
  setSessionCookie,
} from './session-hooks.js';
import { createSession, signedInMemo } from './sessions.js';

/**
 * The session hook and cookies on a bare Fastify with a database and no other feature: which requests see
 * the signed-in user, under which cookie name, and what the cookies say. cookies.test.ts and
 * session-rotation.test.ts check the same through the whole app.
 */

const config = (publicUrl: string): Config =>
  loadConfig({ NODE_ENV: 'test', PUBLIC_URL: publicUrl, LOG_LEVEL: 'silent' });
const HTTP = config('http://localhost:3999');
const HTTPS = config('https://referbridge.example');

describe('session cookie name', () => {
  it('is __Host-sid over https, sid otherwise', () => {
    expect(sessionCookieName(HTTPS)).toBe('__Host-sid');
    expect(sessionCookieName(HTTP)).toBe('sid');
  });
});

async function cookieApp(settings: Config): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(cookie, { secret: settings.sessionSecret });
  app.get('/set', async (_request, reply) => {
    setSessionCookie(reply, settings, 'tok');
    return 'ok';
  });
  app.get('/clear', async (_request, reply) => {
    clearSessionCookie(reply, settings);
    return 'ok';
  });
  await app.ready();
  return app;
}

describe('session cookies', () => {
  for (const [label, settings, name, secure] of [
    ['http', HTTP, 'sid', undefined],
    ['https', HTTPS, '__Host-sid', true],
  ] as const) {
    it(`are set and cleared with the same attributes (${label})`, async () => {
      const app = await cookieApp(settings);
      try {
        const set = await app.inject({ method: 'GET', url: '/set' });
        expect(set.cookies).toEqual([
          {
            name,
            value: 'tok',
            path: '/',
            httpOnly: true,
            sameSite: 'Lax',
            maxAge: 30 * 24 * 60 * 60,
            ...(secure ? { secure } : {}),
          },
        ]);
        const cleared = await app.inject({ method: 'GET', url: '/clear' });
        expect(cleared.cookies).toEqual([
          {
            name,
            value: '',
            path: '/',
            httpOnly: true,
            sameSite: 'Lax',
            expires: new Date(0),
            maxAge: 0,
            ...(secure ? { secure } : {}),
          },
        ]);
      } finally {
        await app.close();
      }
    });
  }
});

describe.each(testDatabaseKinds(process.env))('session loading (%s)', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let secureApp: FastifyInstance;
  let token: string;

  const loadingApp = async (settings: Config) => {
    const built = Fastify();
    await built.register(cookie, { secret: settings.sessionSecret });
    registerSessionLoading(built, database.db, settings, signedInMemo(database.db, settings.keptAnswers));
    const whoAmI = async (request: { user: { email: string } | null; sessionToken: string | null }) => ({
      user: request.user?.email ?? null,
      token: request.sessionToken,
    });
    for (const url of ['/api/me', '/auth/status', '/api', '/apix/me', '/page', '/dev-idp/x'])
      built.get(url, whoAmI);
    built.get('/api/own', { config: { ownSession: true } }, whoAmI);
    built.get('/shape', async (request) => ({
      user: request.user === null ? 'null' : typeof request.user,
      sessionToken: request.sessionToken === null ? 'null' : typeof request.sessionToken,
    }));
    built.get('/api/not-own', { config: { ownSession: false } }, whoAmI);
    // A write with an onSend hook of its own, beside the one session loading adds to every write.
    built.post(
      '/api/write',
      {
        onSend: async (_request, reply) => {
          reply.header('x-own-hook', 'ran');
        },
      },
      whoAmI,
    );
    await built.ready();
    return built;
  };

  let userId: number;
  beforeAll(async () => {
    database = await openTestDatabase(kind, null);
    const [user] = await database.db
      .insert(users)
      .values({ username: 'hook', email: 'hook@example.com', fullName: 'Hook User' })
      .returning();
    userId = user!.id;
  });
  afterAll(() => database?.close());
  // The apps and the session are made for each test: vitest skips, rather than fails, the tests after a
  // beforeAll that threw, so a mutant breaking the registration would go unnoticed there.
  beforeEach(async () => {
    token = await createSession(database.db, userId);
    app = await loadingApp(HTTP);
    secureApp = await loadingApp(HTTPS);
  });
  afterEach(async () => {
    await app?.close();
    await secureApp?.close();
  });

  const who = (url: string, cookies: Record<string, string> = { sid: token }, on = app) =>
    on.inject({ method: 'GET', url, cookies }).then((res) => res.json());

  it('routes under /api/ and /auth/ see the signed-in user and the token', async () => {
    for (const url of ['/api/me', '/auth/status', '/api/not-own'])
      expect(await who(url), url).toEqual({ user: 'hook@example.com', token });
  });

  it("a write reads the session from the database and keeps the route's own hooks", async () => {
    const res = await app.inject({ method: 'POST', url: '/api/write', cookies: { sid: token } });
    expect(res.json()).toEqual({ user: 'hook@example.com', token });
    expect(res.headers['x-own-hook']).toBe('ran');
  });

  it('the routed path counts, not the raw one', async () => {
    expect(await who('/%61pi/me')).toEqual({ user: 'hook@example.com', token });
  });

  it('other routes never read the session', async () => {
    for (const url of ['/api', '/apix/me', '/page', '/dev-idp/x'])
      expect(await who(url), url).toEqual({ user: null, token: null });
  });

  it('a request no route answers is a plain 404, cookie or not', async () => {
    for (const url of ['/api/no-such-route', '/nowhere']) {
      const res = await app.inject({ method: 'GET', url, cookies: { sid: token } });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('a visitor’s request carries null, not a missing field, for the user and the token', async () => {
    const shape = await app.inject({ method: 'GET', url: '/shape' });
    expect(shape.json()).toEqual({ user: 'null', sessionToken: 'null' });
  });

  it('a route that reads its own session gets the token and no user', async () => {
    expect(await who('/api/own')).toEqual({ user: null, token });
  });

  it('no cookie, an empty one or an unknown token: nobody', async () => {
    expect(await who('/api/me', {})).toEqual({ user: null, token: null });
    expect(await who('/api/me', { sid: '' })).toEqual({ user: null, token: null });
    expect(await who('/api/me', { sid: 'made-up' })).toEqual({ user: null, token: 'made-up' });
  });

  it('reads the cookie of its own name only', async () => {
    expect(await who('/api/me', { '__Host-sid': token })).toEqual({ user: null, token: null });
    expect(await who('/api/me', { '__Host-sid': token }, secureApp)).toEqual({
      user: 'hook@example.com',
      token,
    });
    expect(await who('/api/me', { sid: token }, secureApp)).toEqual({ user: null, token: null });
  });
});
