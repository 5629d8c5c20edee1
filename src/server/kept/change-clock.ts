import type { HearsChanges } from './session-memo.js';

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
