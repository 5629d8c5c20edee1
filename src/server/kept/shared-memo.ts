import { isDeepStrictEqual } from 'node:util';
import { LRUCache } from 'lru-cache';
import { createChangeClock, stillUnheard } from './change-clock.js';
import { keptCount } from './counts.js';
import type { KeptName, KeptSettings } from './kept.js';
import type { HearsChanges } from './session-memo.js';

/** Keys whose answer is kept at most; the least recently asked go first. */
const MAX_KEYS = 20_000;

/** What a read found for one key: the answer (null for none), and until when the clock leaves it as it is. */
export interface SharedRead<Value> {
  value: Value | null;
  /** When time alone changes the answer (ms since the epoch); Infinity when only a write does. */
  until: number;
}

interface Kept<Value> extends SharedRead<Value> {
  /** The change clock when the query started: a change of the key after it makes the answer stale. */
  readAt: number;
}

export interface SharedMemo<Value> extends HearsChanges {
  /** Each key's answer (null for none), from memory where nothing could have changed it, the rest in one read. */
  get(keys: readonly number[]): Promise<Map<number, Value | null>>;
}

/**
 * Answers shared by every viewer, one per key (a company's response numbers), kept until a change of the key
 * is heard on the channel or the clock reaches the answer's `until`
 * ([decision 076](../../../docs/decisions/076-company-numbers-kept-until-they-change.md)). The same rules as a
 * session memo (session-memo.ts) otherwise: a query that started before a change never stores its answer,
 * a lost channel keeps nothing, and `settings` may turn it off or verify a share of its hits.
 *
 * `read` gets the keys alone: it cannot read the request or the viewer, so its answers are the same for
 * everyone and may be shared.
 */
export function createSharedMemo<Value>({
  name,
  read,
  settings = { off: [], verify: 0 },
  maxKeys = MAX_KEYS,
  now = () => Date.now(),
}: {
  name: KeptName;
  /** The database's answer for each key asked; a key left out has none. */
  read: (keys: readonly number[]) => Promise<Map<number, SharedRead<Value>>>;
  settings?: KeptSettings;
  maxKeys?: number;
  now?: () => number;
}): SharedMemo<Value> {
  const kept = new LRUCache<number, Kept<Value>>({ max: maxKeys });
  const changes = createChangeClock(maxKeys, () => kept.clear());
  const count = keptCount(name);
  const off = settings.off.includes(name);

  const fresh = (key: number, entry: Kept<Value>, at: number) =>
    at < entry.until && changes.current(key, entry.readAt);

  async function readAndKeep(keys: readonly number[]): Promise<Map<number, SharedRead<Value>>> {
    const readAt = changes.tick();
    const rows = await read(keys);
    const answers = new Map<number, SharedRead<Value>>();
    for (const key of keys) {
      const row = rows.get(key) ?? { value: null, until: Infinity };
      answers.set(key, row);
      const entry = { ...row, readAt };
      if (!off && fresh(key, entry, now())) kept.set(key, entry);
    }
    return answers;
  }

  /** verify's check: a fresh read must answer the same, unless a change of the key is heard soon. */
  async function verified(keys: readonly number[], found: Map<number, Kept<Value>>) {
    const again = await read(keys);
    const differs = keys.filter(
      (key) => !isDeepStrictEqual(again.get(key)?.value ?? null, found.get(key)!.value),
    );
    const unheard = () => differs.filter((key) => fresh(key, found.get(key)!, now()));
    if (await stillUnheard(() => unheard().length > 0)) {
      const stale = unheard();
      throw new Error(
        `The kept ${name} of ${stale.join(', ')} differ from a fresh read, and no change was heard`,
      );
    }
    return new Map(
      keys.map((key) => [
        key,
        differs.includes(key) ? (again.get(key)?.value ?? null) : found.get(key)!.value,
      ]),
    );
  }

  return {
    async get(keys) {
      const answers = new Map<number, Value | null>();
      const found = new Map<number, Kept<Value>>();
      const missing: number[] = [];
      const at = now();
      for (const key of keys) {
        const entry = off ? undefined : kept.get(key);
        if (entry && fresh(key, entry, at)) {
          count.hit();
          found.set(key, entry);
        } else {
          count.miss();
          missing.push(key);
        }
      }
      if (found.size > 0 && settings.verify > 0 && Math.random() < settings.verify) {
        for (const [key, value] of await verified([...found.keys()], found)) answers.set(key, value);
      } else {
        for (const [key, entry] of found) answers.set(key, entry.value);
      }
      if (missing.length > 0) {
        for (const [key, row] of await readAndKeep(missing)) answers.set(key, row.value);
      }
      return new Map(keys.map((key) => [key, answers.get(key) ?? null]));
    },
    changed: changes.changed,
    suspend: changes.suspend,
    resume: changes.resume,
  };
}
