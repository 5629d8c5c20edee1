/**
 * `npm run bench` (issue 26 item 2): many open notification streams on one instance. It starts the built
 * server as `npm start` does, with the development identity provider, signs BENCH_STREAM_USERS users in
 * through it over HTTP, and has each hold STREAMS_PER_USER streams (GET /api/notifications/stream), opened
 * steadily. Then:
 * - fan-out: one user marks their notifications read (PUT /api/notifications/read-all, which pushes the
 *   new unread count to every stream of theirs); the time from the request to the last of their streams
 *   hearing it, over many users one after another, first on a quiet server, then under the load below;
 * - other reads: other users poll GET /api/notifications/unread-count through autocannon (50 connections,
 *   in a process of its own so that it does not delay the bench's own reading of the streams);
 * - memory: the server's resident memory (VmRSS) before and after the streams opened, per stream. The
 *   users sign in on a server of their own; the streams go to a fresh one (the sessions are in the
 *   database), warmed up by one stream per user for WARM_UP_STREAMS users, so neither the sign-ins' heap
 *   nor first-use costs count as the streams'.
 *
 * PGlite always, PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set; BENCH_ONLY=pglite|postgres
 * runs one. BENCH_STREAM_USERS (default 2,000, so 10,000 streams), BENCH_STREAM_RATE streams opened a second
 * (default 500), BENCH_SECONDS the length of the loaded phase (10).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { ensureBuild, root, serverArgs } from '../scripts/ensure-build.mjs';
import { signInOverHttp } from './dev-sign-in.js';
import { freePort, loadAverage, onEachDatabase, residentKiB, startProcess, stop } from './processes.js';
import { fanOut, openAll, sleep, warmUp, type Mishaps, type Watched } from './stream-watch.js';

const USERS = Number(process.env.BENCH_STREAM_USERS ?? 2_000);
const STREAMS_PER_USER = 5;
const OPEN_PER_SECOND = Number(process.env.BENCH_STREAM_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SIGN_INS_AT_ONCE = 8;
/** Users whose polls are the other reads; the rest take turns changing something. */
const READERS = Math.max(1, Math.min(100, Math.floor(USERS / 10)));
const QUIET_ROUNDS = Math.min(200, Math.floor((USERS - READERS) / 2));
/** One change every this many ms while the other reads run. */
const LOADED_ROUND_EVERY_MS = 50;
const WARM_UP_STREAMS = 100;
const TARGETS = { fanOutP99Ms: 100, readsP99Ms: 20, kibPerStream: 32 };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function signInAll(origin: string): Promise<string[]> {
  const tokens: string[] = new Array(USERS);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < USERS; i = next++) {
      tokens[i] = await signInOverHttp(origin, `stream${i}@example.com`, `Stream User ${i}`);
    }
  };
  await Promise.all(Array.from({ length: SIGN_INS_AT_ONCE }, worker));
  return tokens;
}

const LoadResultSchema = z.object({
  rps: z.number(),
  p50: z.number(),
  p99: z.number(),
  non2xx: z.number(),
  errors: z.number(),
});

// Run as `node -e` in the repository, so it finds autocannon; prints `measuring`, then the result as JSON.
const OTHER_READS = `
  const autocannon = require('autocannon');
  const { url, tokens, seconds } = JSON.parse(process.env.BENCH_LOAD);
  let next = 0;
  const setupRequest = (request) => {
    next = (next + 1) % tokens.length;
    return { ...request, headers: { ...request.headers, cookie: 'sid=' + tokens[next] } };
  };
  const options = { url, connections: 50, duration: seconds, requests: [{ setupRequest }] };
  autocannon({ ...options, duration: 3 })
    .then(() => { console.log('measuring'); return autocannon(options); })
    .then((r) => console.log(JSON.stringify({ rps: r.requests.average, p50: r.latency.p50,
      p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors })));
`;

/** Starts the other users' polls; `measuring` resolves when the warm-up is over, `result` at the end. */
function otherReads(origin: string, tokens: string[]) {
  const url = `${origin}/api/notifications/unread-count`;
  const child = spawn(process.execPath, ['-e', OTHER_READS], {
    cwd: root,
    env: { ...process.env, BENCH_LOAD: JSON.stringify({ url, tokens, seconds: SECONDS }) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  let onMeasuring: () => void = () => {};
  const measuring = new Promise<void>((resolve) => (onMeasuring = resolve));
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    output += chunk;
    if (output.includes('measuring\n')) onMeasuring();
  });
  const result = new Promise<z.infer<typeof LoadResultSchema>>((resolve, reject) =>
    child.on('exit', (code) => {
      // A load that failed during its warm-up must not leave the bench waiting for it.
      onMeasuring();
      const json = output.split('\n').find((line) => line.startsWith('{'));
      if (code !== 0 || !json) reject(new Error(`the other reads exited with ${code}`));
      else resolve(LoadResultSchema.parse(JSON.parse(json)));
    }),
  );
  return { measuring, result };
}

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
const ms = (values: number[], p: number) => percentile(values, p).toFixed(1);

/** Signs every user in on a server of its own, which then stops; the sessions stay in the database. */
async function signInUsers(env: NodeJS.ProcessEnv, port: number): Promise<Watched[]> {
  const server = await startProcess(serverArgs, env, port);
  try {
    const started = performance.now();
    const tokens = await signInAll(`http://127.0.0.1:${port}`);
    console.log(`  ${USERS} sign-ins over HTTP in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return tokens.map((token) => ({
      token,
      countAt: new Array<number>(STREAMS_PER_USER).fill(0),
      streams: [],
    }));
  } finally {
    await stop(server);
  }
}

/** Opens the streams on `server` and prints what they cost in memory. */
async function openStreams(server: ChildProcess, port: number, users: Watched[], mishaps: Mishaps) {
  const total = users.length * STREAMS_PER_USER;
  await warmUp(port, users.slice(0, WARM_UP_STREAMS));
  const rssBefore = residentKiB(server.pid!);
  const started = performance.now();
  await openAll(port, users, { perUser: STREAMS_PER_USER, perSecond: OPEN_PER_SECOND }, mishaps);
  const openSeconds = (performance.now() - started) / 1000;
  await sleep(2_000);
  const rssAfter = residentKiB(server.pid!);
  const kibPerStream = (rssAfter - rssBefore) / total;
  console.log(
    `  ${total} streams open in ${openSeconds.toFixed(1)} s; server RSS ${(rssBefore / 1024).toFixed(0)} → ` +
      `${(rssAfter / 1024).toFixed(0)} MiB: ${kibPerStream.toFixed(1)} KiB a stream ` +
      `(target < ${TARGETS.kibPerStream}: ${verdict(kibPerStream < TARGETS.kibPerStream)})`,
  );
}

/** Fan-out on a quiet server, then beside the other users' reads; prints both and the reads. */
async function measureFanOut(origin: string, users: Watched[]): Promise<void> {
  const changers = users.slice(0, USERS - READERS);
  const quiet: number[] = [];
  for (const user of changers.slice(0, QUIET_ROUNDS)) quiet.push(await fanOut(origin, user));

  const reads = otherReads(
    origin,
    users.slice(USERS - READERS).map((u) => u.token),
  );
  await reads.measuring;
  const loaded: number[] = [];
  const loadEnds = performance.now() + SECONDS * 1000 - 500;
  for (const user of changers.slice(QUIET_ROUNDS)) {
    if (performance.now() > loadEnds) break;
    const round = performance.now();
    loaded.push(await fanOut(origin, user));
    await sleep(Math.max(0, LOADED_ROUND_EVERY_MS - (performance.now() - round)));
  }
  const other = await reads.result;
  if (other.non2xx > 0 || other.errors > 0) {
    throw new Error(`other reads: ${other.non2xx} answers were not 2xx and ${other.errors} failed`);
  }

  const fanOutRow = (label: string, values: number[]) =>
    `  fan-out to ${STREAMS_PER_USER} streams, ${label}: ${values.length} changes, ` +
    `p50 ${ms(values, 50)} ms, p99 ${ms(values, 99)} ms, max ${ms(values, 100)} ms`;
  const loadedP99 = percentile(loaded, 99);
  console.log(fanOutRow('quiet     ', quiet));
  console.log(
    `${fanOutRow('under load', loaded)} ` +
      `(target p99 < ${TARGETS.fanOutP99Ms}: ${verdict(loadedP99 < TARGETS.fanOutP99Ms)})`,
  );
  console.log(
    `  other reads (unread count, ${READERS} users, c=50): ${other.rps.toFixed(0)} req/s, ` +
      `p50 ${other.p50} ms, p99 ${other.p99} ms ` +
      `(target p99 < ${TARGETS.readsP99Ms}: ${verdict(other.p99 < TARGETS.readsP99Ms)})`,
  );
}

async function benchDatabase(name: string, databaseUrl: string | undefined): Promise<void> {
  console.log(`\n${name}: ${USERS} users × ${STREAMS_PER_USER} streams (load average ${loadAverage()})`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'referbridge-streams-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    ALLOW_DEV_IDP: 'true',
    // Thousands of sign-ins from one address in a few minutes, as the test apps allow.
    AUTH_RATE_LIMIT: '1000000',
    STREAMS_MAX: String(Math.max(10_000, USERS * STREAMS_PER_USER)),
    REFERRAL_SWEEP_INTERVAL: '1h',
    JOB_FETCH: 'off',
  };
  if (!databaseUrl) delete env.DATABASE_URL;
  try {
    const users = await signInUsers(env, port);
    // The streams go to a fresh process: what the sign-ins left in a heap would hide the streams' memory.
    const server = await startProcess(serverArgs, env, port);
    const mishaps: Mishaps = { ended: 0, refused: 0 };
    try {
      await openStreams(server, port, users, mishaps);
      await measureFanOut(origin, users);
      console.log(
        `  streams ended by the server: ${mishaps.ended}; replaced or signed out: ${mishaps.refused}; ` +
          `load average after: ${loadAverage()}`,
      );
    } finally {
      for (const user of users) for (const stream of user.streams) stream.close();
      await stop(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await ensureBuild();
await onEachDatabase('referbridge_streams', benchDatabase);
