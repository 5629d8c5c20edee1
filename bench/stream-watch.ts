/**
 * The streams side of streams.bench.ts: each signed-in user's open notification streams, when each last
 * heard its unread count, and how long a change takes to reach all of them.
 */
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { openStream, type OpenStream } from './sse-client.js';

const ROUND_TIMEOUT_MS = 5_000;
const MarkedOne = z.object({ updated: z.literal(1) });

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One signed-in user and their open streams, as the fan-out watches them. */
export interface Watched {
  token: string;
  /** When each stream last heard `unread-count` (performance.now()); 0 before its first. */
  countAt: number[];
  streams: OpenStream[];
  waiting?: { since: number; done: (ms: number) => void };
}

/** What went wrong with the streams of one run: none should end, none be replaced or signed out. */
export interface Mishaps {
  ended: number;
  refused: number;
}

function watch(user: Watched, stream: number, mishaps: Mishaps) {
  return {
    onEvent(name: string) {
      if (name === 'replaced' || name === 'signed-out') mishaps.refused += 1;
      if (name !== 'unread-count') return;
      const now = performance.now();
      user.countAt[stream] = now;
      const { waiting } = user;
      if (waiting && user.countAt.every((at) => at >= waiting.since)) {
        user.waiting = undefined;
        waiting.done(now - waiting.since);
      }
    },
    onEnd: () => (mishaps.ended += 1),
  };
}

/** Opens `perUser` streams for every user, `perSecond` of them a second, then waits for each to hear its first count. */
export async function openAll(
  port: number,
  users: Watched[],
  { perUser, perSecond }: { perUser: number; perSecond: number },
  mishaps: Mishaps,
): Promise<void> {
  const started = performance.now();
  const opening: Promise<void>[] = [];
  let n = 0;
  for (const user of users) {
    for (let s = 0; s < perUser; s++, n++) {
      const due = started + (n * 1000) / perSecond;
      if (due > performance.now()) await sleep(due - performance.now());
      opening.push(
        openStream(port, user.token, watch(user, s, mishaps)).then((stream) => {
          user.streams.push(stream);
        }),
      );
    }
  }
  await Promise.all(opening);
  for (let waited = 0; users.some((u) => u.countAt.some((at) => at === 0)); waited += 100) {
    if (waited > 30_000) throw new Error('some streams never heard their first unread count');
    await sleep(100);
  }
}

/** A stream opened and closed per user, so the memory measured next holds no first-use costs. */
export async function warmUp(port: number, users: Watched[]): Promise<void> {
  const ignore = { onEvent: () => {}, onEnd: () => {} };
  const streams = await Promise.all(users.map((user) => openStream(port, user.token, ignore)));
  await sleep(1_000);
  for (const stream of streams) stream.close();
  await sleep(1_000);
}

/** Marks the user's notifications read; resolves with the ms until all their streams heard the new count. */
export async function fanOut(origin: string, user: Watched): Promise<number> {
  const since = performance.now();
  const heard = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('a change did not reach every stream')),
      ROUND_TIMEOUT_MS,
    );
    user.waiting = {
      since,
      done: (ms) => {
        clearTimeout(timer);
        resolve(ms);
      },
    };
  });
  const res = await fetch(`${origin}/api/notifications/read-all`, {
    method: 'PUT',
    headers: { cookie: `sid=${user.token}`, origin },
  });
  const body: unknown = await res.json();
  // Only a change is announced: each user has exactly one unread notification, their welcome.
  if (res.status !== 200 || !MarkedOne.safeParse(body).success) {
    throw new Error(`read-all answered ${res.status}: ${JSON.stringify(body)}`);
  }
  return heard;
}
