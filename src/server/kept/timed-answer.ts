import { keptCount } from './counts.js';
import type { KeptName, KeptSettings } from './kept.js';

export interface TimedAnswer<Value> {
  /** The answer, from memory while it is younger than its lifetime, else read afresh (one read at a time). */
  get(): Promise<Value>;
}

/**
 * One answer shared by every viewer, kept for a fixed lifetime and never dropped by a change: for an answer
 * the product allows to be that old (the public 'Referrers wanted' list may be up to a minute old,
 * docs/decisions/079-demand-figures-and-their-threshold.md). Unlike the memos it hears nothing, so verify
 * mode has nothing to hold it to: a fresh read may differ until the lifetime ends. `read` gets nothing, so
 * nothing of a viewer's can reach it. Concurrent misses share one read. `settings` may turn it off.
 */
export function createTimedAnswer<Value>({
  name,
  read,
  lifetimeMs,
  settings = { off: [], verify: 0 },
  now = () => Date.now(),
}: {
  name: KeptName;
  read: () => Promise<Value>;
  lifetimeMs: number;
  settings?: KeptSettings;
  now?: () => number;
}): TimedAnswer<Value> {
  const count = keptCount(name);
  const off = settings.off.includes(name);
  let kept: { value: Value; until: number } | undefined;
  let reading: Promise<Value> | undefined;

  return {
    async get() {
      if (!off && kept && now() < kept.until) {
        count.hit();
        return kept.value;
      }
      count.miss();
      if (off) return read();
      reading ??= (async () => {
        const startedAt = now();
        try {
          const value = await read();
          kept = { value, until: startedAt + lifetimeMs };
          return value;
        } finally {
          reading = undefined;
        }
      })();
      return reading;
    },
  };
}
