/**
 * One load of the crowd, in a process of its own so the load generator never shares the bench's event loop:
 * `tsx bench/crowd/load.ts <plan.json>` loads the plan's origin for its seconds, each request a random
 * person's random call in the mix's proportions: as fast as it answers (autocannon, the plan's connections),
 * or at the plan's fixed rate (open loop, through the plan's connections), and prints the result as one line
 * of JSON. A plan without people loads a hello-world's `/`.
 */
import { readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import autocannon from 'autocannon';
import { Pool } from 'undici';
import { MIX, type CrowdRequest } from './mix.js';
import type { Person } from './people.js';

/** At a fixed rate, the seconds sent before the measured ones and not counted (see atRate). */
const SETTLE_SECONDS = 1;

export interface LoadPlan {
  origin: string;
  people: Person[];
  connections: number;
  seconds: number;
  /** Requests a second over all connections; unset, as fast as the server answers. */
  rate?: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Answers that were not 2xx, and requests that failed or timed out: a crowd run wants none. */
  non2xx: number;
  errors: number;
  /** Requests sent of each call of the mix. */
  sent: Record<string, number>;
  /** At a fixed rate, each call's p50 and p99 in ms. */
  byCall?: Record<string, { p50: number; p99: number }>;
}

const plan = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadPlan;
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const threadHolders = plan.people.filter((p) => p.threads.length > 0);
/**
 * Each call as many times in a hundred as its share: a random draw is one index. BENCH_MIX_ONLY=<a call's
 * label> loads that call alone (an A/B of one call).
 */
const draws = MIX.filter(
  (call) => !process.env.BENCH_MIX_ONLY || call.label === process.env.BENCH_MIX_ONLY,
).flatMap((call) => Array.from({ length: call.share }, () => call));
const sent: Record<string, number> = Object.fromEntries(MIX.map((call) => [call.label, 0]));

const HELLO: CrowdRequest = { method: 'GET', path: '/' };

function nextRequest(): { person?: Person; request: CrowdRequest; label: string } {
  if (plan.people.length === 0) return { request: HELLO, label: 'hello-world' };
  const call = pick(draws);
  let person = pick(plan.people);
  let request = call.request(person, pick);
  // A call this person cannot make (no thread) is made by someone who can, so the shares hold.
  if (!request) {
    person = pick(threadHolders);
    request = call.request(person, pick)!;
  }
  sent[call.label]! += 1;
  return { person, request, label: call.label };
}

/** The headers of one person's request: their cookie, and for a write our origin and its body's type. */
function headersFor(person: Person | undefined, request: CrowdRequest): Record<string, string> {
  const headers: Record<string, string> = person ? { cookie: person.cookie } : {};
  if (request.method === 'POST') {
    headers.origin = plan.origin;
    headers['content-type'] = 'application/json';
  }
  return headers;
}

/** As fast as the server answers: autocannon, each connection sending its next request on each answer. */
async function saturate(): Promise<LoadResult> {
  const options: autocannon.Options = {
    url: plan.origin,
    connections: plan.connections,
    duration: plan.seconds,
  };
  if (plan.people.length > 0) {
    options.requests = [
      {
        setupRequest: (raw) => {
          const { person, request } = nextRequest();
          const headers = { ...(raw.headers as Record<string, string>), ...headersFor(person, request) };
          return { ...raw, method: request.method, path: request.path, headers, body: request.body };
        },
      },
    ];
  }
  const result = await autocannon(options);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    sent,
  };
}

/**
 * At a fixed rate, open loop: request n is due at n / rate seconds, whatever the answers before it, and its
 * latency counts from when it was due, so time spent waiting for a free connection counts too. autocannon's
 * own rate sends each connection's share of a second in one burst at the second's start, and corrects the
 * latencies for a 1 ms interval, which together made its percentiles say little about a steady rate.
 *
 * The first second is sent at the same rate and not counted (as wrk2's calibration period): in it this
 * process opens its connections, one for each request that finds none free, and those due while a hundred
 * are being opened wait up to tens of milliseconds, on a hello-world as on the app. A steady rate's tail is
 * measured after.
 */
async function atRate(rate: number): Promise<LoadResult> {
  const pool = new Pool(plan.origin, { connections: plan.connections });
  const latencies: number[] = [];
  const callLatencies = new Map<string, number[]>();
  let non2xx = 0;
  let errors = 0;
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  const counted = started + SETTLE_SECONDS * 1000;
  const end = counted + plan.seconds * 1000;
  let n = 0;
  while (started + (n * 1000) / rate < end) {
    const due = started + (n * 1000) / rate;
    const wait = due - performance.now();
    // Sleep until the next request is due, a millisecond at least: answers are read meanwhile, and the
    // process sleeps. Yielding with setImmediate when less than that was left spun this process at a whole
    // core at 1,000 a second, taking it from the server and the database on a 2-core machine. A request
    // sent late by the timer's granularity counts that lateness: its latency runs from when it was due.
    await delay(Math.max(1, wait));
    // Everything due by now goes out now (the timer's granularity is about a millisecond).
    for (
      let at = started + (n * 1000) / rate;
      at <= performance.now() && at < end;
      at = started + (n * 1000) / rate
    ) {
      n += 1;
      const { person, request, label } = nextRequest();
      const done = pool
        .request({
          method: request.method,
          path: request.path,
          headers: headersFor(person, request),
          body: request.body,
        })
        .then(async (res) => {
          await res.body.dump();
          if (res.statusCode < 200 || res.statusCode >= 300) non2xx += 1;
          else if (at >= counted) {
            const latency = performance.now() - at;
            latencies.push(latency);
            let ofCall = callLatencies.get(label);
            if (!ofCall) callLatencies.set(label, (ofCall = []));
            ofCall.push(latency);
          }
        })
        .catch(() => {
          errors += 1;
        });
      inFlight.add(done);
      void done.then(() => inFlight.delete(done));
    }
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - counted) / 1000;
  const sentCounted = n - Math.ceil(SETTLE_SECONDS * rate);
  await pool.close();
  const quantile = (values: number[], q: number) =>
    Math.round((values[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0) * 10) / 10;
  const sorted = (values: number[]) => values.sort((a, b) => a - b);
  sorted(latencies);
  const byCall = Object.fromEntries(
    [...callLatencies].map(([label, values]) => [
      label,
      { p50: quantile(sorted(values), 0.5), p99: quantile(values, 0.99) },
    ]),
  );
  return {
    rps: sentCounted / elapsed,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    requests: sentCounted,
    non2xx,
    errors,
    sent,
    byCall,
  };
}

const out = plan.rate ? await atRate(plan.rate) : await saturate();
process.stdout.write(`${JSON.stringify(out)}\n`);
