import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { appVersion } from '../project-root.js';
import { createTestApp, testDatabases, type TestApp } from '../testing/test-app.js';

const opened: TestApp[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.close().catch(() => {})));
});

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

describe.each(testDatabases)('health checks (%s)', (kind) => {
  it('/healthz says alive and /readyz that the database answers', async () => {
    const t = await createTestApp(kind);
    opened.push(t);
    const alive = await get(t, '/healthz');
    // The release that runs, package.json's semantic version (CHANGELOG.md).
    expect([alive.statusCode, alive.json()]).toEqual([200, { ok: true, version: appVersion }]);
    expect(appVersion).toMatch(/^\d+\.\d+\.\d+$/);
    const ready = await get(t, '/readyz');
    expect([ready.statusCode, ready.json()]).toEqual([200, { ok: true }]);
  });
});

describe('health checks without a database', () => {
  it('/readyz answers 503 with a sentence while /healthz stays 200', async () => {
    const t = await createTestApp('pglite');
    opened.push(t);
    await t.database.close();
    const ready = await get(t, '/readyz');
    expect([ready.statusCode, ready.json()]).toEqual([503, { error: 'The database is not answering.' }]);
    expect((await get(t, '/healthz')).statusCode).toBe(200);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('a lost PostgreSQL connection (runs only when TEST_DATABASE_URL is set)', () => {
  it('is replaced without a restart: after every connection is killed the next requests succeed', async () => {
    const t = await createTestApp('postgres');
    opened.push(t);
    const user = await t.signIn('Kept Session');
    const { rows } = z
      .object({ rows: z.array(z.object({ name: z.string() })) })
      .parse(await t.database.db.execute(sql`select current_database() as name`));
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
        [rows[0]!.name],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // A request that met a dying connection may say 503; nothing else fails, and the pool recovers.
    const first = await get(t, '/readyz');
    expect([200, 503]).toContain(first.statusCode);
    for (let i = 0; i < 5; i++) expect((await get(t, '/readyz')).statusCode).toBe(200);
    const me = await user.get('/auth/status');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { id: user.user.id } });
  });
});
