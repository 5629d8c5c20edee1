/**
 * `npm run bench` (issue 26): the bell's poll measured the way the issue's table measured it.
 *
 * - The app is built and started as `npm start` runs it, with NODE_ENV=production and ALLOW_DEV_IDP=true,
 *   on a fresh database (PGlite in a new data directory; PostgreSQL when BENCH_DATABASE_URL or
 *   TEST_DATABASE_URL is set).
 * - One user signs in through the development provider over HTTP, as the popup does.
 * - autocannon runs as a process of its own, 50 connections, 3 s of warm-up then 10 s, against
 *   `GET /api/notifications/unread-count` with that session, and against a bare Fastify hello-world with a
 *   response schema, one after the other, three times; the ratio printed is the median of the three.
 *
 * BENCH_ONLY=pglite|postgres runs one database.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuild, root, serverArgs } from '../scripts/ensure-build.mjs';
import { sessionCookieOverHttp } from './dev-sign-in.js';
import { freePort, loadAverage, onEachDatabase, startHelloWorld, startProcess, stop } from './processes.js';

const RUNS = 3;
interface Result {
  rps: number;
  p99: number;
}

/** autocannon's own process, so the load generator does not share this one's event loop. */
async function autocannon(url: string, seconds: number, cookie?: string): Promise<Result> {
  const args = [
    path.join(root, 'node_modules/autocannon/autocannon.js'),
    '-c',
    '50',
    '-d',
    String(seconds),
    '-j',
  ];
  if (cookie) args.push('-H', `cookie=${cookie}`);
  args.push(url);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((resolve) => child.once('exit', resolve));
  const result = JSON.parse(out) as {
    requests: { average: number };
    latency: { p99: number };
    non2xx: number;
    errors: number;
  };
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} answers were not 2xx and ${result.errors} failed`);
  }
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function measure(url: string, cookie?: string): Promise<Result> {
  await autocannon(url, 3, cookie);
  return autocannon(url, 10, cookie);
}

async function helloWorld(): Promise<Result> {
  const hello = await startHelloWorld();
  try {
    return await measure(hello.url);
  } finally {
    await hello.stop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function benchDatabase(name: string, databaseUrl: string | undefined): Promise<void> {
  console.log(`\n${name}: the bell's poll, one user on a fresh database (load average ${loadAverage()})`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'referbridge-poll-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    ALLOW_DEV_IDP: 'true',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
  };
  if (!databaseUrl) delete env.DATABASE_URL;
  const server = await startProcess(serverArgs, env, port);
  try {
    const cookie = await sessionCookieOverHttp(origin, 'poller@example.com', 'Poller');
    const ratios: number[] = [];
    console.log('  run   hello req/s   poll req/s   poll p99 ms   ratio');
    for (let run = 1; run <= RUNS; run++) {
      const hello = await helloWorld();
      const poll = await measure(`${origin}/api/notifications/unread-count`, cookie);
      ratios.push((poll.rps / hello.rps) * 100);
      console.log(
        `  ${String(run).padEnd(4)}${hello.rps.toFixed(0).padStart(12)}${poll.rps.toFixed(0).padStart(13)}` +
          `${String(poll.p99).padStart(14)}${`${ratios.at(-1)!.toFixed(1)}%`.padStart(8)}`,
      );
    }
    console.log(`  median ratio ${median(ratios).toFixed(1)}% (load average after: ${loadAverage()})`);
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await ensureBuild();
await onEachDatabase('referbridge_poll', benchDatabase);
