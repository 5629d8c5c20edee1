import type { HearsChanges } from './session-memo.js';

/** The longest a memo keeps an answer, in case a change reaches the database some other way than the app. */
export const KEEP_MS = 10 * 60 * 1000;
/** Keys (users) whose last change a memo remembers at most; past it every answer is dropped. */
export const MAX_CHANGED_KEYS = 100_000;
/**
 * How long verify waits for the channel to bring a change that a fresh read already shows: another instance's
 * write reaches this one's memory a few milliseconds after it commits, which is no fault of the memo.
 */
const HEARD_WITHIN_MS = 1000;

/**
 * verify's wait: until `unheard` says the change behind a difference was heard, or HEARD_WITHIN_MS on the real
 * clock; true when it still was not (the kept answer was stale with no change heard: an error).
 */
export async function stillUnheard(unheard: () => boolean): Promise<boolean> {
  const waitUntil = performance.now() + HEARD_WITHIN_MS;
  while (unheard() && performance.now() < waitUntil) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return unheard();
}

/**
 * What a memo has heard, as a clock that ticks at every change: an answer read at a tick before its key's last
 * change, or before the channel was lost, is stale. The memory of keys' changes is bounded: past `maxKeys`
 * it is cleared, and everything read before then counts as stale.
 */
export interface ChangeClock extends HearsChanges {
  /** The tick now: an answer's read records it before its query starts. */
  tick(): number;
  /** Whether an answer of `key` whose read started at `readAt` is still current. */
  current(key: number, readAt: number): boolean;
}

export function createChangeClock(maxKeys: number, onSuspend: () => void): ChangeClock {
  let clock = 0;
  const lastChange = new Map<number, number>();
  /** Every answer read before this tick is stale (the memory of changes was cleared, or the channel lost). */
  let floor = 0;
  let listening = true;
  return {
    tick: () => clock,
    current: (key, readAt) => listening && readAt >= floor && readAt >= (lastChange.get(key) ?? 0),
    changed(key) {
      clock += 1;
      if (lastChange.size >= maxKeys) {
        lastChange.clear();
        floor = clock;
      }
      lastChange.set(key, clock);
    },
    suspend() {
      listening = false;
      clock += 1;
      floor = clock;
      onSuspend();
    },
    resume() {
      clock += 1;
      floor = clock;
      listening = true;
    },
  };
}
