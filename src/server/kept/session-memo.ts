import { isDeepStrictEqual } from 'node:util';
import { LRUCache } from 'lru-cache';
import { KEEP_MS, MAX_CHANGED_KEYS, createChangeClock, stillUnheard } from './change-clock.js';
import { keptCount } from './counts.js';
import type { KeptName, KeptSettings } from './kept.js';

/** Sessions whose answer is kept at most; the least recently asked go first. */
const MAX_SESSIONS = 50_000;

/** What a read under a session found: whose session it is, the answer, and how long the session stays as read. */
export interface SessionRead<Value> {
  userId: number;
  value: Value;
  /** When the session, as read, would need the database again: it expires, or it is due a touch. */
  readUntil: number;
}

interface Kept<Value> extends SessionRead<Value> {
  /** The change clock when the query started: a change of the user after it makes the answer stale. */
  readAt: number;
}

/** What the notification channel tells a memo (features/notifications/live.ts feeds every one). */
export interface HearsChanges {
  /** Something of the user's changed (their row, a session, a notification): their answers are dropped. */
  changed(userId: number): void;
  /** The channel went quiet (its connection was lost): changes may be missed, so nothing is kept. */
  suspend(): void;
  /** Listening again: answers may be kept again. */
  resume(): void;
}

/** Several memos told as one: each hears every change. */
export function allHear(...memos: HearsChanges[]): HearsChanges {
  return {
    changed: (userId) => memos.forEach((memo) => memo.changed(userId)),
    suspend: () => memos.forEach((memo) => memo.suspend()),
    resume: () => memos.forEach((memo) => memo.resume()),
  };
}

export interface SessionMemo<Value> extends HearsChanges {
  /** What the token reads as (from memory when nothing could have changed it), or null for no live session. */
  get(token: string): Promise<Value | null>;
}

/**
 * A read under a session, answered from memory for as long as nothing could have changed it
 * ([decision 040](../../../docs/decisions/040-unread-count-in-memory.md), [decision 045](../../../docs/decisions/045-signed-in-user-in-memory.md)).
 * The bell's poll and the signed-in user of every read ask the same thing again and again, and nearly
 * always get the answer they got last time. An answer is kept per session, and dropped when:
 * - anything of the user's changes: every instance hears it on the notification channel, and this
 *   instance's own writes say so as soon as they commit (`changed`), before the channel does;
 * - the session, as read, would need the database: it expires, or last_seen_at is due its touch;
 * - the channel's connection is lost, until it listens again (changes may be missed meanwhile);
 * - keepMs has passed.
 * A query that started before a change never stores its answer (the change clock). Unknown sessions are
 * never kept, so made-up tokens cannot fill the memory.
 *
 * `read` gets the token alone: it cannot read the request or anything else of the viewer's, and everything it
 * answers is kept for that one session. `settings` may turn the memo off (every get reads) or verify a share
 * of its hits against a fresh read: an answer that differs, while no change of the user's was heard within
 * a second (change-clock.ts stillUnheard), is an error (kept.ts).
 */
export function createSessionMemo<Value>({
  name,
  read,
  settings = { off: [], verify: 0 },
  keepMs = KEEP_MS,
  maxSessions = MAX_SESSIONS,
  maxChangedUsers = MAX_CHANGED_KEYS,
  now = () => Date.now(),
}: {
  /** What the memo keeps, as its hits and misses are counted (counts.ts) and KEPT_ANSWERS_OFF names it. */
  name: KeptName;
  /** The database's answer under every session rule (the auth feature's), or null for no live session. */
  read: (token: string) => Promise<SessionRead<Value> | null>;
  settings?: KeptSettings;
  keepMs?: number;
  maxSessions?: number;
  maxChangedUsers?: number;
  now?: () => number;
}): SessionMemo<Value> {
  const kept = new LRUCache<string, Kept<Value>>({ max: maxSessions });
  const changes = createChangeClock(maxChangedUsers, () => kept.clear());
  const count = keptCount(name);
  const off = settings.off.includes(name);

  /**
   * verify's check of a hit: a fresh read must answer the same, unless a change of the user's is heard soon
   * (then the fresh answer is the one to give). Waited for on the real clock, whatever `now` says.
   */
  async function verified(token: string, entry: Kept<Value>): Promise<Value | null> {
    const row = await read(token);
    if (row && row.userId === entry.userId && isDeepStrictEqual(row.value, entry.value)) return entry.value;
    if (await stillUnheard(() => fresh(entry, now()))) {
      throw new Error(`The kept ${name} differs from a fresh read, and no change of the user's was heard`);
    }
    return row?.value ?? null;
  }

  const fresh = (entry: Kept<Value>, at: number) =>
    at < entry.readUntil && changes.current(entry.userId, entry.readAt);

  return {
    async get(token) {
      const entry = off ? undefined : kept.get(token);
      if (entry && fresh(entry, now())) {
        count.hit();
        return settings.verify > 0 && Math.random() < settings.verify ? verified(token, entry) : entry.value;
      }
      count.miss();
      const readAt = changes.tick();
      const row = await read(token);
      if (!row) {
        kept.delete(token);
        return null;
      }
      const readUntil = Math.min(row.readUntil, now() + keepMs);
      const entryNow: Kept<Value> = { ...row, readUntil, readAt };
      if (!off && fresh(entryNow, now())) kept.set(token, entryNow);
      else kept.delete(token);
      return row.value;
    },
    changed: changes.changed,
    suspend: changes.suspend,
    resume: changes.resume,
  };
}
