import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../project-root.js';

const adminUrl = process.env.TEST_DATABASE_URL;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The real failure mode: a pooled client checked out by a request loses its connection (failover, restart,
 * an administrator's pg_terminate_backend). The server runs as its own process, as in production, so an
 * unhandled 'error' event would show as the process exiting.
 */
describe.skipIf(!adminUrl)('PostgreSQL connection loss', () => {
  const dbName = `referbridge_test_${randomUUID().replaceAll('-', '')}`;
  let databaseUrl: string;
  let server: ChildProcess;
  let baseUrl: string;
  let output = '';
  let exit: { code: number | null; signal: string | null } | undefined;

  async function admin<T>(work: (client: pg.Client) => Promise<T>, url = adminUrl!): Promise<T> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await admin((c) => c.query(`create database ${dbName}`));
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    databaseUrl = url.href;
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'src/server/main.ts')], {
      cwd: projectRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT: '100000',
        RESUME_UPLOADS_PER_HOUR: '100000',
        // Many company changes by one user are this test's write load, not what it is about.
        COMPANY_CHANGE_RATE_LIMIT: '100000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    server.on('exit', (code, signal) => (exit = { code, signal }));
    for (let i = 0; ; i++) {
      if (exit) throw new Error(`server exited at start: ${output}`);
      const ok = await fetch(`${baseUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (i > 300) throw new Error(`server did not start: ${output}`);
      await sleep(100);
    }
  }, 60_000);

  afterAll(async () => {
    if (server && !exit) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await admin((c) => c.query(`drop database if exists ${dbName} with (force)`));
  }, 30_000);

  it('survives 20 rounds of terminated connections under concurrent writes, then writes again', async () => {
    const token = randomBytes(32).toString('base64url');
    const userId = await admin(async (c) => {
      const { rows } = await c.query<{ id: number }>(
        `insert into users (username, email, full_name) values ('lost', 'lost@example.com', 'Lost Connection') returning id`,
      );
      const id = rows[0]!.id;
      await c.query(
        `insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 day')`,
        [createHash('sha256').update(token).digest('base64url'), id],
      );
      return id;
    }, databaseUrl);
    const headers = { cookie: `sid=${token}`, origin: baseUrl };

    const setCompany = (name: string) =>
      fetch(`${baseUrl}/api/users/${userId}/current-company`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ companyName: name }),
      });
    const uploadResume = () => {
      const form = new FormData();
      form.append(
        'resume',
        new Blob(['%PDF-1.4 lost connection test'], { type: 'application/pdf' }),
        'r.pdf',
      );
      return fetch(`${baseUrl}/api/user/resume`, { method: 'POST', headers, body: form });
    };

    const statuses = new Map<number, number>();
    const bodies = new Set<string>();
    let running = true;
    const writer = async (n: number) => {
      for (let i = 0; running; i++) {
        try {
          const res = n % 2 ? await setCompany(`Company ${n}-${i % 3}`) : await uploadResume();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status >= 500) bodies.add(await res.text());
          else await res.arrayBuffer();
        } catch {
          // The socket died with the process; the assertions below say so.
          if (exit) return;
        }
      }
    };
    const writers = Array.from({ length: 12 }, (_, n) => writer(n));

    await admin(async (c) => {
      for (let round = 0; round < 20 && !exit; round++) {
        await sleep(100);
        await c.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [dbName],
        );
      }
    });
    await sleep(200);
    running = false;
    await Promise.all(writers);

    expect(exit, `the server exited: ${output.slice(-2000)}`).toBeUndefined();
    // A write that lost its connection says so plainly (503); nothing else fails.
    expect([...statuses.keys()].filter((s) => s !== 200 && s !== 201 && s !== 503)).toEqual([]);
    for (const body of bodies) expect(JSON.parse(body)).toEqual({ error: expect.stringMatching(/database/) });
    // The pool makes fresh connections and has kept none of the dead ones: a round of writes as wide as
    // the pool goes through.
    const after = await Promise.all(Array.from({ length: 12 }, (_, n) => setCompany(`After ${n}`)));
    expect(after.map((r) => r.status)).toEqual(Array.from({ length: 12 }, () => 200));
    expect((await uploadResume()).status).toBe(201);
  }, 120_000);
});
