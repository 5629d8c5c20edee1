import { randomUUID } from 'node:crypto';
import net from 'node:net';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { createRateLimitStore, inMemoryLimits, rateLimitOptions } from './rate-limit-store.js';

const redisUrl = process.env.TEST_REDIS_URL;
const opened: TestApp[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.close()));
});

/** A logger that keeps its lines, to count what the app said about Redis. */
function recordingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger: FastifyBaseLogger = pino(
    { level: 'info' },
    { write: (line: string) => lines.push(JSON.parse(line)) },
  );
  return { logger, said: (text: RegExp) => lines.filter((l) => text.test(l.msg)) };
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function app(env: Record<string, string>, logger?: FastifyBaseLogger): Promise<TestApp> {
  const t = await createTestApp('pglite', logger ? { logger } : {}, { AUTH_RATE_LIMIT: '3', ...env });
  opened.push(t);
  return t;
}

/** Starting a sign-in (302 to the provider): it spends the sign-in budget. */
const start = (t: TestApp) => t.app.inject({ method: 'GET', url: '/auth/google' });

describe.skipIf(!redisUrl)('shared rate limits through Redis (runs only when TEST_REDIS_URL is set)', () => {
  it('two instances spend one sign-in budget per client', async () => {
    // A prefix of its own: parallel runs on the same Redis never see each other's counts.
    const env = { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: `test-${randomUUID()}:` };
    const [a, b] = [await app(env), await app(env)];
    expect((await start(a)).statusCode).toBe(302);
    expect((await start(b)).statusCode).toBe(302);
    expect((await start(a)).statusCode).toBe(302);
    const refused = await start(b);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: expect.any(String) });
    expect((await start(a)).statusCode).toBe(429);
  });

  it('shares route-level limits too (the company-change kind)', async () => {
    const config = { redisUrl: redisUrl!, redisKeyPrefix: `test-${randomUUID()}:` };
    const instance = async () => {
      const limits = await createRateLimitStore(config, pino({ level: 'silent' }));
      const server = Fastify();
      server.addHook('onClose', () => limits.close());
      await server.register(rateLimit, rateLimitOptions(limits, 'profile', { global: false }));
      server.put('/change', { config: { rateLimit: { max: 2, timeWindow: '1 minute' } } }, async () => 'ok');
      server.put('/other', { config: { rateLimit: { max: 2, timeWindow: '1 minute' } } }, async () => 'ok');
      return server;
    };
    const [a, b] = [await instance(), await instance()];
    try {
      const put = (server: typeof a, url: string) =>
        server.inject({ method: 'PUT', url }).then((r) => r.statusCode);
      expect([await put(a, '/change'), await put(b, '/change'), await put(a, '/change')]).toEqual([
        200, 200, 429,
      ]);
      // Each route keeps its own count, as it does in memory.
      expect(await put(b, '/other')).toBe(200);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('names a limiter made in code by its own key, not by a route it does not have', async () => {
    // createRateLimit (the company-change budget) makes a store child with no route: its key once read
    // `…profile:undefinedundefined-company-change:user:N`.
    const prefix = `test-${randomUUID()}:`;
    const t = await app({ REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix, AUTH_RATE_LIMIT: '100' });
    const who = await t.signIn('Key Reader');
    const changed = await who.put(`/api/users/${who.user.id}/current-company`, { companyName: 'Key Co' });
    expect(changed.statusCode).toBe(200);
    const redis = new Redis(redisUrl!);
    try {
      const keys = (await redis.keys(`${prefix}profile:*`)).sort();
      expect(keys).toEqual([`${prefix}profile:company-change:user:${who.user.id}`]);
      expect(await redis.get(keys[0]!)).toBe('1');
    } finally {
      redis.disconnect();
    }
  });

  it('keeps separate limits apart and other deployments out', async () => {
    const a = await app({ REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: `test-${randomUUID()}:` });
    const b = await app({ REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: `test-${randomUUID()}:` });
    for (let i = 0; i < 3; i++) expect((await start(a)).statusCode).toBe(302);
    expect((await start(a)).statusCode).toBe(429);
    expect((await start(b)).statusCode).toBe(302);
    // The health check is not under the sign-in limit at all.
    expect((await a.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

/** A TCP relay to the test Redis that can be cut and restored on the same port, as an outage would. */
async function redisRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const open = async () => {
    server = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  };
  const cut = async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => server!.close(resolve));
  };
  await open();
  return { url: () => `redis://127.0.0.1:${port}`, cut, restore: open };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
};

describe.skipIf(!redisUrl)('a Redis outage (runs only when TEST_REDIS_URL is set)', () => {
  it('is logged once when it starts and once when it ends, and never refuses service', async () => {
    const relay = await redisRelay(new URL(redisUrl!));
    const { logger, said } = recordingLogger();
    const env = { REDIS_URL: relay.url(), REDIS_KEY_PREFIX: `test-${randomUUID()}:`, AUTH_RATE_LIMIT: '100' };
    const t = await app(env, logger);
    expect((await start(t)).statusCode).toBe(302);
    await relay.cut();
    for (let i = 0; i < 3; i++) expect((await start(t)).statusCode).toBe(302);
    expect(said(/^Redis is unreachable/)).toHaveLength(1);
    await relay.restore();
    await until(() => said(/^Redis is back/).length > 0);
    expect((await start(t)).statusCode).toBe(302);
    expect(said(/^Redis is back/)).toHaveLength(1);
    expect(said(/^Redis is unreachable/)).toHaveLength(1);
    await t.close();
    opened.splice(opened.indexOf(t), 1);
    await relay.cut();
  });
});

describe('rate limits without a reachable Redis', () => {
  it('serves, limits in memory, and warns once', async () => {
    const { logger, said } = recordingLogger();
    const t = await app({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` }, logger);
    for (let i = 0; i < 3; i++) expect((await start(t)).statusCode).toBe(302);
    expect((await start(t)).statusCode).toBe(429);
    // ioredis keeps reconnecting behind; every failure after the first is quiet.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await start(t)).statusCode).toBe(429);
    const warnings = said(/^Redis is unreachable/);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.level).toBe(40);
    expect(said(/^Redis is back/)).toEqual([]);
  });

  it('counts in memory when no REDIS_URL is set, as before', async () => {
    const t = await app({});
    for (let i = 0; i < 3; i++) expect((await start(t)).statusCode).toBe(302);
    expect((await start(t)).statusCode).toBe(429);
  });

  // @fastify/rate-limit's own memory store answered a burst with its last count: all four refused.
  it.each([
    ['in memory', () => Promise.resolve(inMemoryLimits)],
    [
      'in memory while Redis is away',
      async () =>
        createRateLimitStore(
          { redisUrl: `redis://127.0.0.1:${await closedPort()}`, redisKeyPrefix: 'burst:' },
          pino({ level: 'silent' }),
        ),
    ],
  ])('lets exactly the budget through when a burst arrives at once (%s)', async (_, limits) => {
    const store = await limits();
    const server = Fastify();
    server.addHook('onClose', () => store.close());
    await server.register(rateLimit, rateLimitOptions(store, 'burst', { max: 3, timeWindow: '1 minute' }));
    server.get('/read', async () => 'ok');
    try {
      const burst = await Promise.all(
        Array.from({ length: 4 }, () => server.inject({ method: 'GET', url: '/read' })),
      );
      expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429]);
    } finally {
      await server.close();
    }
  });
});
