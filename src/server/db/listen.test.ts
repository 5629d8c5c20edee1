import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTcpRelay, type TcpRelay } from '../faults/tcp-relay.js';
import { listenPostgres } from './listen.js';

const adminUrl = process.env.TEST_DATABASE_URL;
const HEARTBEAT_MS = 200;

/**
 * The PostgreSQL listener's own heartbeat (docs/decisions/057-listener-heartbeat.md), on a connection through
 * a relay the test can silence. PGlite's listen is PostgreSQL's own, in process, with nothing to lose.
 */
describe.skipIf(!adminUrl)('a PostgreSQL listener (runs only when TEST_DATABASE_URL is set)', () => {
  let relay: TcpRelay;
  let relayedUrl: string;
  let pool: pg.Pool;
  beforeAll(async () => {
    const direct = new URL(adminUrl!);
    relay = await startTcpRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
    direct.host = `127.0.0.1:${relay.port}`;
    relayedUrl = direct.href;
    pool = new pg.Pool({ connectionString: adminUrl, max: 2 });
  });
  afterAll(async () => {
    await pool?.end();
    await relay?.close();
  });

  const send = (channel: string, payload: string) =>
    pool.query('select pg_notify($1, $2)', [channel, payload]);

  async function listening() {
    const channel = `listen_test_${randomUUID().replaceAll('-', '')}`;
    const logger = { warn: vi.fn(), info: vi.fn() };
    const heartbeats = { sent: true };
    const { listen, hearing } = listenPostgres(relayedUrl, {
      logger: logger as unknown as FastifyBaseLogger,
      heartbeatMs: HEARTBEAT_MS,
      notify: (to, payload) => (heartbeats.sent ? send(to, payload) : Promise.reject(new Error('not sent'))),
    });
    const heard: string[] = [];
    const handlers = { onMessage: (p: string) => heard.push(p), onLost: vi.fn(), onReconnect: vi.fn() };
    const listener = await listen(channel, handlers);
    /** Silences this listener's connection; new connections pass as before. */
    const silence = async () => {
      const { rows } = await pool.query<{ port: number }>(
        `select client_port as port from pg_stat_activity where query like 'LISTEN%' and query like $1`,
        [`%${channel}%`],
      );
      expect(relay.blackhole(rows.map((row) => row.port))).toBe(1);
    };
    return { channel, logger, heartbeats, hearing, heard, handlers, listener, silence };
  }

  it('counts itself deaf once when its heartbeats stop coming back, and hears again on a new connection', async () => {
    const { channel, logger, hearing, heard, handlers, listener, silence } = await listening();
    try {
      await send(channel, 'before');
      await expect.poll(() => heard).toEqual(['before']);
      // Heartbeats keep coming back: nothing is said.
      await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 4));
      expect(handlers.onLost).not.toHaveBeenCalled();

      await silence();
      await send(channel, 'missed');
      await expect.poll(() => handlers.onLost.mock.calls.length, { timeout: HEARTBEAT_MS * 10 }).toBe(1);
      await expect.poll(() => handlers.onReconnect.mock.calls.length, { timeout: 5000 }).toBe(1);
      expect(hearing()).toBe(true);
      await send(channel, 'after');
      await expect.poll(() => heard).toEqual(['before', 'after']);
      // Once each way, however many heartbeats went unheard.
      expect(handlers.onLost).toHaveBeenCalledTimes(1);
      expect(logger.warn).toHaveBeenCalledTimes(1);
      expect(logger.warn.mock.calls[0]![1]).toMatch(/^not hearing PostgreSQL notifications/);
      expect(logger.info).toHaveBeenCalledTimes(1);
      expect(logger.info.mock.calls[0]![1]).toBe('hearing PostgreSQL notifications again');
    } finally {
      await listener.close();
    }
  });

  it('stays deaf, on every fresh connection, until one hears its own heartbeat', async () => {
    const { heartbeats, hearing, handlers, listener } = await listening();
    try {
      heartbeats.sent = false;
      await expect.poll(() => hearing(), { timeout: HEARTBEAT_MS * 10 }).toBe(false);
      // Connections come and go meanwhile (backoff from 0.2 s); none of them hears.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(hearing()).toBe(false);
      expect(handlers.onLost).toHaveBeenCalledTimes(1);
      expect(handlers.onReconnect).not.toHaveBeenCalled();

      heartbeats.sent = true;
      await expect.poll(() => hearing(), { timeout: 10_000 }).toBe(true);
      expect(handlers.onReconnect).toHaveBeenCalledTimes(1);
    } finally {
      await listener.close();
    }
  });

  it('closes without waiting on a silent connection', async () => {
    const { hearing, handlers, listener, silence } = await listening();
    await silence();
    // Closed before it noticed: a goodbye on a silent connection is never answered.
    const started = Date.now();
    await listener.close();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(handlers.onLost).not.toHaveBeenCalled();
    expect(hearing()).toBe(true);
  });
});
