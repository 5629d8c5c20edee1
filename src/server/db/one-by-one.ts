import type { Db } from './client.js';

/**
 * Gives the event loop a turn (HTTP requests, timers, streams) before a background loop's next transaction.
 * PGlite runs its queries in this thread and answers them without ever letting the loop turn, so a loop of
 * its transactions held every request until the loop ended: the first sweep of the bench's data set (tens
 * of thousands of reminders) kept the server from answering for 165 s. On PostgreSQL a turn costs nothing
 * noticeable. Every sweep that runs more than one transaction takes one between them.
 */
export function yieldToIo(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * The sweeps' work that takes one row per transaction (so two instances' sweeps never wait on each other's
 * locks in opposite orders): `step` claims one row (FOR UPDATE SKIP LOCKED) and acts on it in `tx`, and
 * answers false when there was nothing to do. Steps run until then, or until `limit` are done, so one sweep
 * never runs unbounded; the rest waits for the next. The event loop turns between steps (yieldToIo).
 * Answers how many were done.
 */
export async function oneByOne(db: Db, limit: number, step: (tx: Db) => Promise<boolean>): Promise<number> {
  let done = 0;
  while (done < limit && (await db.transaction(step))) {
    done += 1;
    await yieldToIo();
  }
  return done;
}
