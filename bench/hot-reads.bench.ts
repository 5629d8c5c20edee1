/**
 * `npm run bench` (issue 13): how fast are the hot reads on a large data set, next to bare Fastify?
 *
 * For each database (PGlite always; PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) it seeds
 * 100,000 users, 1,000,000 notifications and 200,000 referral requests, starts the built server the way
 * `npm start` runs it, and loads each hot read with a real session cookie through autocannon (50
 * connections). A bare Fastify hello-world process is loaded in the same run, before and after, and every
 * figure is printed as a ratio of it: the ratio, not the raw rate, is what compares across machines.
 *
 * BENCH_SECONDS sets each load's length (10 by default); BENCH_ONLY=pglite|postgres runs one database;
 * BENCH_READS=unread,stats runs only the reads whose label contains one of the words.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.js';
import { seed } from '../src/server/db/seed.js';
import { createSession } from '../src/server/features/auth/sessions.js';
import { ensureBuild, root, serverEntry } from '../scripts/ensure-build.mjs';
import { REFERRER_ID, SEEKER_ID, SIZE, seedLargeDataSet } from './large-data-set.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
interface Load {
  label: string;
  path: string;
  as?: 'seeker' | 'referrer';
}
const LOADS: Load[] = [
  { label: 'unread count', path: '/api/notifications/unread-count', as: 'seeker' },
  { label: 'recent notifications', path: '/api/notifications/recent', as: 'seeker' },
  { label: "seeker's requests", path: '/api/referral-requests', as: 'seeker' },
  { label: "referrer's requests", path: '/api/referral-requests?role=referrer', as: 'referrer' },
  { label: 'company stats', path: '/api/companies/1/stats', as: 'seeker' },
];

function chosenLoads(): Load[] {
  const words = process.env.BENCH_READS?.split(',').filter(Boolean);
  if (!words) return LOADS;
  return LOADS.filter(({ label }) => words.some((word) => label.includes(word)));
}

async function prepare(databaseUrl: string | undefined, dataDir: string) {
  const database = await openDatabase({
    url: databaseUrl,
    dataDir: path.join(dataDir, 'db'),
    afterMigrate: seed,
  });
  try {
    const started = Date.now();
    await seedLargeDataSet(database.db);
    console.log(`  seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return {
      seeker: await createSession(database.db, SEEKER_ID),
      referrer: await createSession(database.db, REFERRER_ID),
    };
  } finally {
    await database.close();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startProcess(args: string[], env: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.status < 500) return child;
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${args.join(' ')} did not start`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

interface Result {
  rps: number;
  p50: number;
  p99: number;
}

async function load(url: string, cookie?: string): Promise<Result> {
  const headers = cookie ? { cookie } : undefined;
  // A warm-up to steady state: the JIT, the pool and the database's caches (5 s; 2 s left the first load cold).
  await autocannon({ url, connections: CONNECTIONS, duration: 5, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} answers were not 2xx and ${result.errors} failed`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const HELLO_WORLD = `
  const app = require('fastify')();
  app.get('/healthz', async () => ({ ok: true }));
  app.get('/', async () => ({ hello: 'world' }));
  app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

async function helloWorld(): Promise<Result> {
  const port = await freePort();
  const child = await startProcess(['-e', HELLO_WORLD], { ...process.env, PORT: String(port) }, port);
  try {
    return await load(`http://127.0.0.1:${port}/`);
  } finally {
    await stop(child);
  }
}

const row = (cells: string[]) =>
  console.log(
    cells[0]!.padEnd(24) +
      cells
        .slice(1)
        .map((c) => c.padStart(10))
        .join(''),
  );

async function benchDatabase(name: string, databaseUrl: string | undefined): Promise<void> {
  console.log(
    `\n${name}: ${SIZE.users} users, ${SIZE.notifications} notifications, ${SIZE.requests} requests`,
  );
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'referbridge-bench-'));
  try {
    const tokens = await prepare(databaseUrl, dataDir);
    const before = await helloWorld();
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      // The sweep and the mail worker have nothing to do on this data; quiet them so only the load counts.
      REFERRAL_SWEEP_INTERVAL: '1h',
    };
    if (!databaseUrl) delete env.DATABASE_URL;
    const server = await startProcess([serverEntry], env, port);
    const results: Array<[string, Result]> = [];
    try {
      for (const { label, path: urlPath, as } of chosenLoads()) {
        const cookie = as ? `sid=${tokens[as]}` : undefined;
        results.push([label, await load(`http://127.0.0.1:${port}${urlPath}`, cookie)]);
      }
    } finally {
      await stop(server);
    }
    const after = await helloWorld();
    const hello = (before.rps + after.rps) / 2;
    row(['', 'req/s', 'p50 ms', 'p99 ms', 'ratio']);
    row(['hello-world (before)', before.rps.toFixed(0), String(before.p50), String(before.p99), '']);
    row(['hello-world (after)', after.rps.toFixed(0), String(after.p50), String(after.p99), '']);
    for (const [label, r] of results) {
      row([label, r.rps.toFixed(0), String(r.p50), String(r.p99), `${((r.rps / hello) * 100).toFixed(1)}%`]);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A database of its own on the PostgreSQL server, so the bench never touches the tests' tables. */
async function freshPostgresDatabase(url: string): Promise<string> {
  const name = 'referbridge_bench';
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const bench = new URL(url);
  bench.pathname = `/${name}`;
  return bench.toString();
}

await ensureBuild();
const only = process.env.BENCH_ONLY;
if (only !== 'postgres') await benchDatabase('PGlite', undefined);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (only !== 'pglite') {
  if (postgresUrl) await benchDatabase('PostgreSQL', await freshPostgresDatabase(postgresUrl));
  else console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it)');
}
