import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaultDatabase, seedUsers, type FaultDatabase, type SeededUser } from './fault-database.js';
import { killAll, sleep, startServer, type ServerProcess } from './server-process.js';
import { startTcpRelay, type TcpRelay } from './tcp-relay.js';

const adminUrl = process.env.TEST_DATABASE_URL;

/** Retries until `attempt` answers true or `ms` pass; answers whether it did. */
async function eventually(attempt: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await attempt().catch(() => false)) return true;
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
}

/**
 * PostgreSQL going away, as a failover or a restart of the database does, while the app keeps running:
 * it answers 503 with Retry-After and a sentence meanwhile, says it is not ready (but alive, so nothing
 * restarts it), and serves again by itself once the database is back. The database is reached through a
 * relay of our own, so "stopping" it touches nobody else's PostgreSQL. PGlite lives inside the process
 * and has no outage of its own.
 */
describe.skipIf(!adminUrl)('database outage (postgres)', () => {
  let database: FaultDatabase;
  let relay: TcpRelay;
  let server: ServerProcess;
  let user: SeededUser;
  let exited = false;

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${server.baseUrl}${path}`, {
      ...init,
      headers: {
        cookie: user.cookie,
        origin: server.baseUrl,
        'content-type': 'application/json',
        ...init.headers,
      },
    });
  const addSkill = (skill: string) =>
    api('/api/user/skills', { method: 'POST', body: JSON.stringify({ skill }) });
  const skills = async () =>
    ((await (await api('/api/user/skills')).json()) as { skill: string }[]).map((s) => s.skill);

  beforeAll(async () => {
    database = await createFaultDatabase('postgres');
    user = (await database.use((db) => seedUsers(db, 1, 'outage')))[0]!;
    const direct = new URL(database.env.DATABASE_URL!);
    relay = await startTcpRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
    const relayed = new URL(direct);
    relayed.host = `127.0.0.1:${relay.port}`;
    server = await startServer({ DATABASE_URL: relayed.href });
    void server.exited.then(() => (exited = true));
  }, 120_000);

  afterAll(async () => {
    await killAll();
    await relay?.close();
    await database?.drop();
  });

  it('survives its connections being terminated: the next writes go through', async () => {
    expect((await addSkill('before')).status).toBe(201);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const name = new URL(database.env.DATABASE_URL!).pathname.slice(1);
    const { rowCount } = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    await admin.end();
    expect(rowCount).toBeGreaterThan(0);
    // Whatever meets a dead connection says so (503, sentence, Retry-After); the pool then makes new ones.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await addSkill(`after terminate ${i}`);
      statuses.push(res.status);
      if (res.status === 503) {
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(await res.json()).toEqual({ error: expect.stringMatching(/^The database .+\.$/) });
      } else await res.arrayBuffer();
    }
    expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([]);
    expect(statuses.at(-1)).toBe(201);
    expect(exited).toBe(false);
  });

  it('answers 503 with Retry-After while the database is down, and serves again when it returns', async () => {
    await relay.cut();
    try {
      for (const res of [await api('/api/user/skills'), await addSkill('while down')]) {
        expect(res.status).toBe(503);
        expect(Number(res.headers.get('retry-after')), 'Retry-After seconds').toBeGreaterThan(0);
        expect(await res.json()).toEqual({
          error: 'The database is unavailable right now. Please try again in a moment.',
        });
      }
      // Not ready (the load balancer stops sending work), yet alive (the orchestrator does not restart it).
      const ready = await fetch(`${server.baseUrl}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ error: 'The database is not answering.' });
      expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    } finally {
      await relay.restore();
    }
    const back = await eventually(async () => (await addSkill('after return')).status === 201, 15_000);
    expect(back, server.output().slice(-2000)).toBe(true);
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
    // The same process throughout; what was written before is kept, the refused write left nothing.
    expect(exited).toBe(false);
    const stored = await skills();
    expect(stored).toEqual(expect.arrayContaining(['before', 'after return']));
    expect(stored).not.toContain('while down');
  }, 60_000);
});
