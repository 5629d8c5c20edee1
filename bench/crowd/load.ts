/**
 * One load of the crowd, in a process of its own so the load generator never shares the bench's event loop:
 * `tsx bench/crowd/load.ts <plan.json>` runs autocannon with the plan's connections for its seconds (at a
 * fixed overall rate when it names one), each request a random person's random call in the mix's
 * proportions, and prints the result as one line of JSON. A plan without people loads a hello-world's `/`.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { MIX, type CrowdRequest } from './mix.js';
import type { Person } from './people.js';

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
}

const plan = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadPlan;
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const threadHolders = plan.people.filter((p) => p.threads.length > 0);
/** Each call as many times in a hundred as its share: a random draw is one index. */
const draws = MIX.flatMap((call) => Array.from({ length: call.share }, () => call));
const sent: Record<string, number> = Object.fromEntries(MIX.map((call) => [call.label, 0]));

function nextRequest(): { person: Person; request: CrowdRequest } {
  const call = pick(draws);
  let person = pick(plan.people);
  let request = call.request(person, pick);
  // A call this person cannot make (no thread) is made by someone who can, so the shares hold.
  if (!request) {
    person = pick(threadHolders);
    request = call.request(person, pick)!;
  }
  sent[call.label]! += 1;
  return { person, request };
}

const options: autocannon.Options = {
  url: plan.origin,
  connections: plan.connections,
  duration: plan.seconds,
  ...(plan.rate ? { overallRate: plan.rate } : {}),
};
if (plan.people.length > 0) {
  options.requests = [
    {
      setupRequest: (raw) => {
        const { person, request } = nextRequest();
        const headers: Record<string, string> = {
          ...(raw.headers as Record<string, string>),
          cookie: person.cookie,
        };
        if (request.method === 'POST') {
          headers.origin = plan.origin;
          headers['content-type'] = 'application/json';
        }
        return { ...raw, method: request.method, path: request.path, headers, body: request.body };
      },
    },
  ];
}
const result = await autocannon(options);
const out: LoadResult = {
  rps: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors,
  sent,
};
process.stdout.write(`${JSON.stringify(out)}\n`);
