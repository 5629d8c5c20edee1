/**
 * `npm run bench` (issue 47): a crowd. BENCH_CROWD people (1,000 by default; a tenth of them referrers at ten
 * companies) sign in through the development provider over HTTP, send requests, answer them and write in the
 * threads (crowd/people.ts). Then they are loaded in a browser's proportions (crowd/mix.ts), each request a
 * random person's random call, by autocannon in a process of its own (crowd/load.ts):
 *
 * - at saturation, beside a bare Fastify hello-world loaded the same way, BENCH_RUNS times (3), alternating;
 *   the ratio printed is the median. On PostgreSQL a Fastify that makes one query a call runs beside them too,
 *   and the crowd's rate is also printed as a share of that one's;
 * - at a fixed rate of half the saturation's, and (PostgreSQL) at a fixed 1,000 requests a second: p50 and
 *   p99, the median of the runs, with a hello-world at the same 1,000 a second beside each run; each fixed
 *   load counts the seconds after its first, in which the load opens its connections (crowd/load.ts);
 * - each call's share of the server's time and each kept answer's hit rate, from the server's own metrics
 *   over the saturation runs;
 * - last, a short load with KEPT_ANSWERS_VERIFY on for a tenth of the kept answers, on the same database:
 *   a kept answer that differs from a fresh read answers 500, and the run fails.
 *
 * The app runs as `npm start` runs it, in production mode with the development sign-in allowed, every
 * per-client limit raised (at saturation each person makes a few calls a second) and the timed sweeps out
 * of the way; it is started afresh once the crowd is made, so no sign-in runs in the process that is loaded
 * (see there). Any answer that is not 2xx fails the run.
 *
 * BENCH_ONLY=pglite|postgres runs one database; BENCH_SECONDS sets each load's length (10);
 * BENCH_CONNECTIONS the connections (100); BENCH_MIX_ONLY=<a call's label> loads that call alone. BENCH_PROFILE=<directory> adds a saturated load with the
 * server under `--cpu-prof`, writes the profile there and prints where its time went (crowd/profile.ts); KEPT_ANSWERS_OFF passes to the server, so
 * a run with one kept answer off weighs what it is worth.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuild, root, serverArgs } from '../scripts/ensure-build.mjs';
import type { LoadPlan, LoadResult } from './crowd/load.js';
import { MIX } from './crowd/mix.js';
import { COMPANIES, makeCrowd, type Person } from './crowd/people.js';
import { summarizeProfile } from './crowd/profile.js';
import {
  freePort,
  loadAverage,
  onEachDatabase,
  startHelloWorld,
  startOneQueryWorld,
  startProcess,
  stop,
} from './processes.js';

const SIZE = Number(process.env.BENCH_CROWD ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const WARM_UP_SECONDS = 5;
const PROFILE_DIR = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : undefined;
/** The fixed rate for PostgreSQL's p99. */
const FIXED_RATE = 1000;
/** The share of kept answers the last load checks against a fresh read. */
const VERIFY_SHARE = 0.1;
/** Every per-client limit, raised: each of 1,000 people makes a few calls a second at saturation. */
const RAISED_LIMITS = Object.fromEntries(
  [
    'AUTH_RATE_LIMIT',
    'COMPANY_CHANGE_RATE_LIMIT',
    'ACTIVITY_RATE_LIMIT',
    'DIRECTORY_RATE_LIMIT',
    'DIRECTORY_VISITOR_RATE_LIMIT',
    'MESSAGE_RATE_LIMIT',
    'JOB_PREVIEW_RATE_LIMIT',
    'REPORT_RATE_LIMIT',
  ].map((name) => [name, '100000000']),
);

/** Runs one load in autocannon's own process (crowd/load.ts). */
async function runLoad(plan: LoadPlan): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'referbridge-crowd-plan-'));
  const file = path.join(dir, 'plan.json');
  writeFileSync(file, JSON.stringify(plan));
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/crowd/load.ts'), file], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`the load exited with ${String(code)}`);
    const result = JSON.parse(out) as LoadResult;
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${plan.origin}: ${result.non2xx} answers were not 2xx and ${result.errors} failed`);
    }
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A warm-up (the JIT, the pool, the database's caches), then the measured load. */
async function measure(origin: string, people: Person[], rate?: number): Promise<LoadResult> {
  const plan = { origin, people, connections: CONNECTIONS, rate };
  await runLoad({ ...plan, seconds: WARM_UP_SECONDS });
  return runLoad({ ...plan, seconds: SECONDS });
}

/**
 * A process of the bench's own (a hello-world, a one-query Fastify) loaded the same way as the crowd, at
 * saturation or at a fixed rate, then stopped.
 */
async function world(
  start: () => Promise<{ url: string; stop: () => Promise<void> }>,
  rate?: number,
): Promise<LoadResult> {
  const started = await start();
  try {
    return await measure(new URL(started.url).origin, [], rate);
  } finally {
    await started.stop();
  }
}

/** The server's metrics as numbers by series (`name{labels}`). */
async function scrape(metricsPort: number): Promise<Map<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const series = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+(?:\{[^}]*\})?) ([0-9.e+-]+)$/.exec(line);
    if (m) series.set(m[1]!, Number(m[2]));
  }
  return series;
}

/** What the metrics counted between two scrapes, summed over the series that match. */
function counted(
  before: Map<string, number>,
  after: Map<string, number>,
  match: (series: string) => boolean,
) {
  let sum = 0;
  for (const [series, value] of after) if (match(series)) sum += value - (before.get(series) ?? 0);
  return sum;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}%`;
const row = (cells: string[], first = 28) =>
  console.log(
    cells[0]!.padEnd(first) +
      cells
        .slice(1)
        .map((c) => c.padStart(11))
        .join(''),
  );

async function benchDatabase(name: string, databaseUrl: string | undefined): Promise<void> {
  console.log(`\n${name}: a crowd of ${SIZE} (load average ${loadAverage()})`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'referbridge-crowd-'));
  const port = await freePort();
  const metricsPort = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => {
    const vars: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      ALLOW_DEV_IDP: 'true',
      SESSION_SECRET: secret,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      METRICS_PORT: String(metricsPort),
      LOG_LEVEL: 'warn',
      // Nothing leaves the machine: the postings are never read.
      JOB_FETCH: 'off',
      REQUESTS_PER_DAY: '100',
      // Room for every request the crowd sends (two a seeker, 18 a referrer): a full company refuses more.
      REFERRER_CAPACITY: '25',
      // The timed rules (reminders, hand-offs, liveness) stay out of the loads.
      REFERRAL_SWEEP_INTERVAL: '1h',
      ...RAISED_LIMITS,
      ...extra,
    };
    if (!databaseUrl) delete vars.DATABASE_URL;
    return vars;
  };
  const secret = randomBytes(32).toString('hex');
  let server = await startProcess(serverArgs, env(), port);
  try {
    const started = Date.now();
    const crowd = await makeCrowd(origin, SIZE);
    const referrers = crowd.people.filter((p) => p.role === 'referrer').length;
    console.log(
      `  ${crowd.people.length} people signed in over HTTP (${referrers} referrers at ${COMPANIES} companies), ` +
        `${crowd.requests} requests, ${crowd.threads} threads, in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    // The loads go to a server that has signed nobody in, as a deployment's server behind Google's sign-in:
    // the development provider runs oidc-provider, whose first request turns on Node's async hooks for
    // good (an AsyncLocalStorage), and they cost every later call some 8% of its CPU.
    await stop(server);
    server = await startProcess(serverArgs, env(), port);

    const hello: LoadResult[] = [];
    const oneQuery: LoadResult[] = [];
    const saturation: LoadResult[] = [];
    let before = new Map<string, number>();
    let after = new Map<string, number>();
    for (let run = 0; run < RUNS; run++) {
      hello.push(await world(startHelloWorld));
      if (databaseUrl) oneQuery.push(await world(() => startOneQueryWorld(databaseUrl)));
      await runLoad({ origin, people: crowd.people, connections: CONNECTIONS, seconds: WARM_UP_SECONDS });
      const scraped = await scrape(metricsPort);
      if (run === 0) before = scraped;
      saturation.push(
        await runLoad({ origin, people: crowd.people, connections: CONNECTIONS, seconds: SECONDS }),
      );
      after = await scrape(metricsPort);
    }
    const ratios = saturation.map((s, i) => s.rps / hello[i]!.rps);
    const half = Math.round(median(saturation.map((s) => s.rps)) / 2);
    const halfRate: LoadResult[] = [];
    const fixed: LoadResult[] = [];
    const helloFixed: LoadResult[] = [];
    for (let run = 0; run < RUNS; run++) {
      halfRate.push(
        await runLoad({
          origin,
          people: crowd.people,
          connections: CONNECTIONS,
          seconds: SECONDS,
          rate: half,
        }),
      );
      if (databaseUrl) {
        helloFixed.push(await world(startHelloWorld, FIXED_RATE));
        fixed.push(
          await runLoad({
            origin,
            people: crowd.people,
            connections: CONNECTIONS,
            seconds: SECONDS,
            rate: FIXED_RATE,
          }),
        );
      }
    }

    row(['', 'req/s', 'p50 ms', 'p99 ms', 'ratio']);
    for (const [i, s] of saturation.entries()) {
      row([
        `run ${i + 1}: hello-world`,
        hello[i]!.rps.toFixed(0),
        String(hello[i]!.p50),
        String(hello[i]!.p99),
      ]);
      const world = oneQuery[i];
      if (world) {
        row([
          `run ${i + 1}: one-query Fastify`,
          world.rps.toFixed(0),
          String(world.p50),
          String(world.p99),
          percent(world.rps / hello[i]!.rps, 1),
        ]);
      }
      row([
        `run ${i + 1}: crowd, saturated`,
        s.rps.toFixed(0),
        String(s.p50),
        String(s.p99),
        percent(ratios[i]!, 1),
      ]);
    }
    row([
      'median: crowd, saturated',
      median(saturation.map((s) => s.rps)).toFixed(0),
      '',
      '',
      percent(median(ratios), 1),
    ]);
    if (oneQuery.length > 0) {
      // The crowd against what the host gives one query a call, the same runs: this moves less with the
      // host's speed than the hello-world's ratio does (docs/performance.md, "The crowd").
      const ofOneQuery = saturation.map((s, i) => s.rps / oneQuery[i]!.rps);
      row(['median: crowd / one-query', '', '', '', percent(median(ofOneQuery), 1)]);
    }
    const latencies = (label: string, results: LoadResult[]) =>
      row([
        label,
        median(results.map((r) => r.rps)).toFixed(0),
        String(median(results.map((r) => r.p50))),
        String(median(results.map((r) => r.p99))),
      ]);
    latencies(`median: at half (${half}/s)`, halfRate);
    if (fixed.length > 0) {
      latencies(`median: at ${FIXED_RATE}/s`, fixed);
      // What the host and the load itself add at that rate: a bare hello-world's tail, the same runs.
      latencies(`hello-world at ${FIXED_RATE}/s`, helloFixed);
      // Which calls make the tail at the fixed rate: each call's p50 and p99, the median of the runs.
      console.log('');
      row([`call at ${FIXED_RATE}/s`, 'p50 ms', 'p99 ms']);
      for (const call of MIX) {
        const of = fixed.map((r) => r.byCall?.[call.label]).filter((c) => c !== undefined);
        if (of.length > 0) {
          row([call.label, String(median(of.map((c) => c.p50))), String(median(of.map((c) => c.p99)))]);
        }
      }
    }

    // Each call's share of the server's time over the saturated runs (fastify-metrics' route histograms).
    const routeSeries = (route: string, suffix: string) => (series: string) =>
      series.startsWith(`http_request_duration_seconds_${suffix}{`) && series.includes(`route="${route}"`);
    const time = (route: string) => counted(before, after, routeSeries(route, 'sum'));
    const calls = (route: string) => counted(before, after, routeSeries(route, 'count'));
    const total = MIX.reduce((sum, call) => sum + time(call.route), 0);
    console.log('');
    row(['call (share of calls)', 'calls', 'mean ms', 'time']);
    for (const call of MIX) {
      const n = calls(call.route);
      row([
        `${call.label} (${call.share}%)`,
        String(n),
        ((time(call.route) / n) * 1000).toFixed(2),
        percent(time(call.route), total),
      ]);
    }
    // The server's CPU a call over the same runs, all its threads (prom-client's process counter): unlike
    // the ratios, a figure of the app's own that does not move with the hello-world.
    const cpuSeconds = counted(before, after, (series) => series === 'process_cpu_seconds_total');
    const allCalls = MIX.reduce((sum, call) => sum + calls(call.route), 0);
    console.log(
      `\n  server CPU a call: ${((cpuSeconds / allCalls) * 1e6).toFixed(0)} µs (${allCalls} calls)`,
    );

    // Each kept answer's hit rate over the same runs (lib/kept-counts.ts).
    const kinds = new Set(
      [...after.keys()].flatMap((s) => /^referbridge_kept_answers_total\{kind="([^"]+)"/.exec(s)?.[1] ?? []),
    );
    console.log('');
    row(['kept answer', 'hits', 'misses', 'hit rate']);
    for (const kind of [...kinds].sort()) {
      const of = (outcome: string) =>
        counted(
          before,
          after,
          (s) => s === `referbridge_kept_answers_total{kind="${kind}",outcome="${outcome}"}`,
        );
      const hits = of('hit');
      const misses = of('miss');
      if (hits + misses > 0) row([kind, String(hits), String(misses), percent(hits, hits + misses)]);
    }

    // The same database, served again with a tenth of the kept answers checked against a fresh read.
    await stop(server);
    server = await startProcess(serverArgs, env({ KEPT_ANSWERS_VERIFY: String(VERIFY_SHARE) }), port);
    const verified = await measure(origin, crowd.people);
    console.log(
      `\n  verify: ${verified.requests} calls with ${VERIFY_SHARE * 100}% of kept answers checked against a fresh ` +
        `read, none differed (load average after: ${loadAverage()})`,
    );

    if (PROFILE_DIR) {
      // The same database once more, its server under the CPU profiler for one saturated load.
      await stop(server);
      const profileDir = path.join(PROFILE_DIR, `${name.toLowerCase()}-${Date.now()}`);
      const [entry, ...flags] = [...serverArgs].reverse();
      server = await startProcess(
        [...flags.reverse(), '--cpu-prof', `--cpu-prof-dir=${profileDir}`, entry!],
        env(),
        port,
      );
      const profiled = await measure(origin, crowd.people);
      console.log(`\n  profile written to ${profileDir}`);
      await stop(server);
      const [file] = readdirSync(profileDir);
      const { places, functions } = summarizeProfile(path.join(profileDir, file!), root);
      console.log(
        `\n  profile: ${profiled.rps.toFixed(0)} req/s under the profiler; self time, idle left out`,
      );
      row(['where', 'ms', 'share'], 60);
      for (const place of places) row([place.label, place.ms.toFixed(0), percent(place.share, 1)], 60);
      console.log('');
      row(['function', 'ms', 'share'], 90);
      for (const fn of functions) row([fn.label, fn.ms.toFixed(0), percent(fn.share, 1)], 90);
    }
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await ensureBuild();
await onEachDatabase('referbridge_crowd', benchDatabase);
