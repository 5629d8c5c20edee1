/**
 * `npm run bench` (issues 13 and 26): how fast are the hot reads on a large data set, next to bare Fastify?
 *
 * For each database (PGlite always; PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) it seeds
 * the large data set (large-data-set.ts), starts the built server the way `npm start` runs it, and loads
 * each hot read with a real session cookie through autocannon (50 connections). A bare Fastify hello-world
 * process (with a response schema, as the app's routes have) is loaded in the same run, before and after,
 * and every figure is printed as a ratio of it: the ratio, not the raw rate, is what compares across
 * machines.
 *
 * The admin reads come from a seeded user named on ADMIN_EMAILS. The job preview is read from the server's
 * cache: a loopback stand-in for Greenhouse answers the one fetch (fake-greenhouse.ts), and the load is
 * spread over PREVIEW_USERS sessions, as the route allows each user 60 previews a minute. The loads send no
 * Accept-Encoding, so they read the answers uncompressed, except one: the referrer's list again, asked for as
 * a browser asks (brotli). One load (PostgreSQL only) reads the held messages while another connection
 * commits 50 times a second: the other loads write nothing, so they measure a quiet database.
 *
 * BENCH_SECONDS sets each load's length (10 by default); BENCH_ONLY=pglite|postgres runs one database;
 * BENCH_READS=unread,stats runs only the reads whose label contains one of the words. BENCH_HELLO=each loads
 * the hello-world again just before every read and prints each read's ratio against that one (and that
 * hello-world's req/s beside it): on a machine whose speed drifts within a run (other tenants), a ratio
 * against the mean of the first and last hello-world says more about the drift than about the read.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { z } from 'zod';
import { openDatabase } from '../src/server/db/client.js';
import { seed } from '../src/server/db/seed.js';
import { createSession } from '../src/server/features/auth/sessions.js';
import { ensureBuild, serverArgs } from '../scripts/ensure-build.mjs';
import { startFakeGreenhouse, type FakeGreenhouse } from './fake-greenhouse.js';
import {
  ADMIN_EMAIL,
  ADMIN_ID,
  benchThreadId,
  REFERRER_ID,
  SEEKER_ID,
  SIZE,
  seedLargeDataSet,
} from './large-data-set.js';
import { freePort, loadAverage, onEachDatabase, startHelloWorld, startProcess, stop } from './processes.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** A hello-world beside every read (BENCH_HELLO=each), or only before and after them all. */
const HELLO_EACH = process.env.BENCH_HELLO === 'each';
const CONNECTIONS = 50;
/**
 * Sessions the preview load takes turns with: 60 previews a minute each covers 900,000 a minute (a read
 * answered from the cache with its user kept in memory passed 180,000 in a load's 15 s).
 */
const PREVIEW_USERS = 15_000;
const POSTING_URL = 'https://boards.greenhouse.io/acme/jobs/123';
const OpenPosting = z.object({ title: z.literal('Senior Engineer'), status: z.literal('open') });

type Who = 'seeker' | 'referrer' | 'admin' | 'previewers';
interface Load {
  label: string;
  /** `{thread}` stands for the bench seeker's long thread. */
  path: string;
  as?: Who;
  /** Sent as Accept-Encoding; the other loads send none, and read the answers uncompressed. */
  acceptEncoding?: string;
  /**
   * Commits a second made beside the load on a connection of its own, to a table no read reads (PostgreSQL
   * only: PGlite lives in the server's process): the busy case beside the quiet one the other loads measure.
   */
  commitsPerSecond?: number;
}
/** What Chromium sends: the app then answers in brotli. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
const LOADS: Load[] = [
  { label: 'unread count', path: '/api/notifications/unread-count', as: 'seeker' },
  { label: 'recent notifications', path: '/api/notifications/recent', as: 'seeker' },
  { label: "seeker's requests", path: '/api/referral-requests', as: 'seeker' },
  { label: "referrer's requests", path: '/api/referral-requests?role=referrer', as: 'referrer' },
  // The same read as a browser asks for it, compressed (a0e5d4e: one brotli call, no stream per answer).
  {
    label: "referrer's requests (br)",
    path: '/api/referral-requests?role=referrer',
    as: 'referrer',
    acceptEncoding: BROWSER_ENCODINGS,
  },
  { label: 'company stats', path: '/api/companies/1/stats', as: 'seeker' },
  { label: 'company directory', path: '/api/companies/directory', as: 'seeker' },
  { label: 'directory search', path: '/api/companies/directory?q=company%2012', as: 'seeker' },
  { label: "a referral's messages", path: '/api/referrals/{thread}/messages', as: 'seeker' },
  // The admin queues without parameters answer their first page of ADMIN_QUEUE_PAGE_SIZE (50), oldest
  // first: what the console loads when it opens (issue 26; before, up to 200 items a read).
  { label: 'admin: open reports', path: '/api/admin/reports', as: 'admin' },
  { label: 'admin: held requests', path: '/api/admin/requests?status=held', as: 'admin' },
  { label: 'admin: held messages', path: '/api/admin/messages?status=held', as: 'admin' },
  {
    label: 'held messages + commits',
    path: '/api/admin/messages?status=held',
    as: 'admin',
    commitsPerSecond: 50,
  },
  {
    label: 'job preview (cached)',
    path: `/api/jobs/preview?url=${encodeURIComponent(POSTING_URL)}`,
    as: 'previewers',
  },
];

function chosenLoads(): Load[] {
  const words = process.env.BENCH_READS?.split(',').filter(Boolean);
  if (!words) return LOADS;
  return LOADS.filter(({ label }) => words.some((word) => label.includes(word)));
}

/** Seeds the data set; the sessions each load reads with, and the thread's id. */
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
    const session = (userId: number) => createSession(database.db, userId);
    const previewers: string[] = [];
    // Seekers other than the bench's own, so the loads do not share a rate-limit budget.
    for (let i = 1; i <= PREVIEW_USERS; i++) previewers.push(await session(SIZE.referrers + 1 + i));
    const sessions: Record<Who, string[]> = {
      seeker: [await session(SEEKER_ID)],
      referrer: [await session(REFERRER_ID)],
      admin: [await session(ADMIN_ID)],
      previewers,
    };
    return { sessions, threadId: await benchThreadId(database.db) };
  } finally {
    await database.close();
  }
}

interface Result {
  rps: number;
  p50: number;
  p99: number;
  /** Requests still unanswered after autocannon's 10 s: a read that slow is a result, not a failure. */
  timeouts: number;
}

/** Loads `url` with one session, or with many taking turns request by request. */
async function load(url: string, tokens: string[] = [], acceptEncoding?: string): Promise<Result> {
  let next = 0;
  const options: autocannon.Options = { url, connections: CONNECTIONS, duration: SECONDS };
  if (acceptEncoding) options.headers = { 'accept-encoding': acceptEncoding };
  if (tokens.length === 1) options.headers = { ...options.headers, cookie: `sid=${tokens[0]}` };
  if (tokens.length > 1) {
    options.requests = [
      {
        setupRequest: (request) => {
          next = (next + 1) % tokens.length;
          return { ...request, headers: { ...request.headers, cookie: `sid=${tokens[next]}` } };
        },
      },
    ];
  }
  // A warm-up to steady state: the JIT, the pool and the database's caches (5 s; 2 s left the first load cold).
  await autocannon({ ...options, duration: 5 });
  const result = await autocannon(options);
  const failed = result.errors - result.timeouts;
  if (result.non2xx > 0 || failed > 0) {
    throw new Error(`${url}: ${result.non2xx} answers were not 2xx and ${failed} failed`);
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    timeouts: result.timeouts,
  };
}

async function helloWorld(): Promise<Result> {
  const hello = await startHelloWorld();
  try {
    return await load(hello.url);
  } finally {
    await hello.stop();
  }
}

/** A load that asks for compression must get it, or its row would measure something else. */
async function expectCompressed(url: string, token: string, acceptEncoding: string): Promise<void> {
  const res = await fetch(url, { headers: { cookie: `sid=${token}`, 'accept-encoding': acceptEncoding } });
  await res.arrayBuffer();
  const encoding = res.headers.get('content-encoding');
  if (res.status !== 200 || encoding !== 'br') {
    throw new Error(`${url} answered ${res.status} with content-encoding ${encoding}, not br`);
  }
}

/** The first preview fetches from the stand-in and fills the cache; the load then reads the cache. */
async function fillPreviewCache(origin: string, token: string, greenhouse: FakeGreenhouse): Promise<void> {
  const res = await fetch(`${origin}/api/jobs/preview?url=${encodeURIComponent(POSTING_URL)}`, {
    headers: { cookie: `sid=${token}` },
  });
  const body: unknown = await res.json();
  if (res.status !== 200 || !OpenPosting.safeParse(body).success || greenhouse.hits() !== 1) {
    throw new Error(`the preview did not read the stand-in: ${res.status} ${JSON.stringify(body)}`);
  }
}

/** Commits `perSecond` times a second to a table of its own until stopped (Load's commitsPerSecond). */
async function startCommits(databaseUrl: string, perSecond: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('create table if not exists bench_commits (at timestamptz not null default now())');
  let stopped = false;
  const running = (async () => {
    for (let next = Date.now(); !stopped; next += 1000 / perSecond) {
      await client.query('insert into bench_commits default values');
      const wait = next + 1000 / perSecond - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await running;
      await client.end();
    },
  };
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
    `\n${name}: ${SIZE.users} users, ${SIZE.notifications} notifications, ${SIZE.requests} requests ` +
      `(load average ${loadAverage()})`,
  );
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'referbridge-bench-'));
  const greenhouse = await startFakeGreenhouse();
  try {
    const { sessions, threadId } = await prepare(databaseUrl, dataDir);
    const before = await helloWorld();
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      // The seeded history is a backlog the sweep would work through for minutes (reminders and hand-offs of
      // months-old pending referrals); an hour's interval keeps it out of the loads, so only the reads count.
      REFERRAL_SWEEP_INTERVAL: '1h',
      ADMIN_EMAILS: ADMIN_EMAIL,
      // Postings are read only from the loopback stand-in: nothing here reaches the internet.
      JOB_FETCH: 'allowed',
      JOB_FETCH_ALLOWED_HOSTS: greenhouse.host,
      GREENHOUSE_API_URL: greenhouse.origin,
    };
    if (!databaseUrl) delete env.DATABASE_URL;
    const server = await startProcess(serverArgs, env, port);
    const results: Array<[string, Result, Result | undefined]> = [];
    try {
      for (const { label, path: urlPath, as, acceptEncoding, commitsPerSecond } of chosenLoads()) {
        if (commitsPerSecond && !databaseUrl) continue;
        const tokens = as ? sessions[as] : [];
        if (as === 'previewers') await fillPreviewCache(origin, tokens[0]!, greenhouse);
        const url = `${origin}${urlPath.replace('{thread}', String(threadId))}`;
        if (acceptEncoding) await expectCompressed(url, tokens[0]!, acceptEncoding);
        const beside = HELLO_EACH ? await helloWorld() : undefined;
        const commits = commitsPerSecond ? await startCommits(databaseUrl!, commitsPerSecond) : undefined;
        try {
          results.push([label, await load(url, tokens, acceptEncoding), beside]);
        } finally {
          await commits?.stop();
        }
      }
    } finally {
      await stop(server);
    }
    const after = await helloWorld();
    const hello = (before.rps + after.rps) / 2;
    const cells = (r: Result) => [r.rps.toFixed(0), String(r.p50), String(r.p99)];
    const timeouts = (r: Result) => (r.timeouts > 0 ? String(r.timeouts) : '');
    row(['', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'timeouts', ...(HELLO_EACH ? ['hello'] : [])]);
    row(['hello-world (before)', ...cells(before), '', timeouts(before)]);
    row(['hello-world (after)', ...cells(after), '', timeouts(after)]);
    for (const [label, r, beside] of results) {
      // Against the hello-world loaded just before it when there is one, else the mean of first and last.
      const base = beside?.rps ?? hello;
      row([
        label,
        ...cells(r),
        `${((r.rps / base) * 100).toFixed(1)}%`,
        timeouts(r),
        ...(beside ? [beside.rps.toFixed(0)] : []),
      ]);
    }
    console.log(`  load average after: ${loadAverage()}`);
  } finally {
    await greenhouse.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await ensureBuild();
await onEachDatabase('referbridge_bench', benchDatabase);
