import { isDeepStrictEqual } from 'node:util';
import { LRUCache } from 'lru-cache';
import { KEEP_MS, MAX_CHANGED_KEYS, createChangeClock, stillUnheard } from './change-clock.js';
import { keptCount } from './counts.js';
import type { KeptName, KeptSettings } from './kept.js';
import type { HearsChanges } from './session-memo.js';

/**
 * What the kept answers may weigh together, in the units of `weigh` (a list page: its cards, plus one); the
 * least recently asked go first.
 */
const MAX_WEIGHT = 50_000;

/** A key of a viewer's answer: the viewer, and the typed parts of what they asked. */
export interface ViewerKey {
  viewerId: number;
}

/** What a read found for one viewer: the answer, and every user it shows (the viewer among them). */
export interface ViewerRead<Value> {
  value: Value;
  /** Whose change makes the answer stale: the viewer, and everyone whose rows it was read from. */
  users: readonly number[];
}

interface Kept<Value> extends ViewerRead<Value> {
  /** The change clock when the query started: a change of one of its users after it makes it stale. */
  readAt: number;
  /** When keepMs runs out. */
  until: number;
}

export interface ViewerMemo<Key extends ViewerKey, Value> extends HearsChanges {
  /** The viewer's answer to `key`, from memory while none of the users it shows has changed. */
  get(key: Key): Promise<Value>;
}

/**
 * One viewer's answer read from other users' rows as well as their own (a list of requests shows each card's
 * seeker and referrers), kept until a change of any user it shows is heard
 * ([decision 089](../../../docs/decisions/089-request-lists-kept-until-their-people-change.md)). A user's
 * change is whatever the database's triggers announce for them on the notification channel: their row,
 * their settings or resumes, a request of theirs or a referral they hold, and that request's or referral's
 * history. This instance's own writes drop the writer's answers as soon as they commit (`changed`), before the
 * channel does. The rules of a session memo (session-memo.ts) otherwise: a query that started before a change
 * never stores its answer, a lost channel keeps nothing, and `settings` may turn it off or verify a share of
 * its hits.
 *
 * `read` gets the key alone, whose every key names its viewer: it cannot read the request, and an answer is
 * never shared between viewers. `keyText` must name every part of the key.
 */
export function createViewerMemo<Key extends ViewerKey, Value>({
  name,
  read,
  keyText,
  settings = { off: [], verify: 0 },
  keepMs = KEEP_MS,
  weigh = () => 1,
  maxWeight = MAX_WEIGHT,
  maxChangedUsers = MAX_CHANGED_KEYS,
  now = () => Date.now(),
}: {
  name: KeptName;
  read: (key: Key) => Promise<ViewerRead<Value>>;
  /** The key as the memory's index: every part of it, so two different questions never share an answer. */
  keyText: (key: Key) => string;
  settings?: KeptSettings;
  keepMs?: number;
  /** An answer's weight against maxWeight, 1 or more (a page of requests: its cards and one). */
  weigh?: (value: Value) => number;
  maxWeight?: number;
  maxChangedUsers?: number;
  now?: () => number;
}): ViewerMemo<Key, Value> {
  const kept = new LRUCache<string, Kept<Value>>({
    maxSize: maxWeight,
    sizeCalculation: (entry) => Math.max(1, weigh(entry.value)),
  });
  const changes = createChangeClock(maxChangedUsers, () => kept.clear());
  const count = keptCount(name);
  const off = settings.off.includes(name);

  const fresh = (entry: Kept<Value>, at: number) =>
    at < entry.until && entry.users.every((user) => changes.current(user, entry.readAt));

  /** verify's check of a hit: a fresh read must answer the same, unless a change of its users is heard soon. */
  async function verified(key: Key, entry: Kept<Value>): Promise<Value> {
    const again = await read(key);
    if (isDeepStrictEqual(again.value, entry.value)) return entry.value;
    if (await stillUnheard(() => fresh(entry, now()))) {
      throw new Error(
        `A kept answer of the ${name} differs from a fresh read, and no change of its users was heard`,
      );
    }
    return again.value;
  }

  return {
    async get(key) {
      const text = keyText(key);
      const entry = off ? undefined : kept.get(text);
      if (entry && fresh(entry, now())) {
        count.hit();
        return settings.verify > 0 && Math.random() < settings.verify ? verified(key, entry) : entry.value;
      }
      count.miss();
      const readAt = changes.tick();
      const found = await read(key);
      // The viewer is always among its users: their own writes drop what they see.
      const users = found.users.includes(key.viewerId) ? found.users : [key.viewerId, ...found.users];
      const entryNow: Kept<Value> = { value: found.value, users, readAt, until: now() + keepMs };
      if (!off && fresh(entryNow, now())) kept.set(text, entryNow);
      else kept.delete(text);
      return found.value;
    },
    changed: changes.changed,
    suspend: changes.suspend,
    resume: changes.resume,
  };
}
