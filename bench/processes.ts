/**
 * What the bench files share: free ports, the server and hello-world processes they start and stop, and a
 * PostgreSQL database of their own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import pg from 'pg';
import { root } from '../scripts/ensure-build.mjs';

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts `node args…` and waits until it answers /healthz on `port`. */
export async function startProcess(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  port: number,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...args], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** A process's resident memory in KiB, as the kernel counts it (Linux only). */
export function residentKiB(pid: number): number {
  const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line[1]);
}

/** The PostgreSQL server the bench may use, if any. */
export const postgresServerUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** A database of its own on the PostgreSQL server, so the bench never touches the tests' tables. */
export async function freshPostgresDatabase(url: string, name = 'referbridge_bench'): Promise<string> {
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

/** The load average, to print beside a run: on a shared machine it says how much the numbers are worth. */
export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(', ');
}

// The app's routes declare response schemas, so fast-json-stringify serialises them: so does this one.
const HELLO_WORLD = `
  const app = require('fastify')();
  const hello = { type: 'object', properties: { hello: { type: 'string' } }, required: ['hello'] };
  app.get('/healthz', async () => ({ ok: true }));
  app.get('/', { schema: { response: { 200: hello } } }, async () => ({ hello: 'world' }));
  app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

/** A Fastify `script` run with `node -e` in a process of its own: its URL, and how to stop it. */
async function startScript(
  script: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = await startProcess(['-e', script], { ...process.env, ...env, PORT: String(port) }, port);
  return { url: `http://127.0.0.1:${port}/`, stop: () => stop(child) };
}

/** The bare Fastify every bench compares against, in a process of its own: its URL, and how to stop it. */
export const startHelloWorld = () => startScript(HELLO_WORLD);

// A route that does what the least of the app's reads does: one prepared query on a pool of ten, its row
// serialised by a response schema. No session, cookie, hook or ORM.
const ONE_QUERY_WORLD = `
  const app = require('fastify')();
  const pool = new (require('pg').Pool)({ connectionString: process.env.DATABASE_URL, max: 10 });
  const one = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };
  app.get('/healthz', async () => ({ ok: true }));
  app.get('/', { schema: { response: { 200: one } } }, async () => {
    const { rows } = await pool.query({ name: 'one', text: 'select $1::int as n', values: [1] });
    return rows[0];
  });
  app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

/**
 * A Fastify that makes one PostgreSQL query a call, in a process of its own: what a host gives an app whose
 * every call goes to the database once, beside the hello-world that makes none.
 */
export const startOneQueryWorld = (databaseUrl: string) =>
  startScript(ONE_QUERY_WORLD, { DATABASE_URL: databaseUrl });

/**
 * Runs a bench on PGlite, then on a fresh PostgreSQL database named `postgresName` when a server is given
 * (BENCH_DATABASE_URL or TEST_DATABASE_URL); BENCH_ONLY=pglite|postgres runs one.
 */
export async function onEachDatabase(
  postgresName: string,
  bench: (name: string, databaseUrl: string | undefined) => Promise<void>,
): Promise<void> {
  const only = process.env.BENCH_ONLY;
  if (only !== 'postgres') await bench('PGlite', undefined);
  if (only === 'pglite') return;
  if (postgresServerUrl)
    await bench('PostgreSQL', await freshPostgresDatabase(postgresServerUrl, postgresName));
  else console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it)');
}
