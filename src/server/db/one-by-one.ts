import type { Db } from './client.js';

/**
 * Gives the event loop a turn (HTTP requests, timers, streams) before a background loop's next transaction.
 * PGlite runs its queries in this thread and answers them without ever letting the loop turn, so a loop of
 * its transactions held every request until the loop ended: the first sweep of the bench's data set (tens
 * of thousands of reminders) kept the server from answering for 165 s. On PostgreSQL a turn costs nothing
 * noticeable. Every sweep that runs more than one transaction takes one between them.
 * With a `signal`, a loop asked to stop (the server is closing) ends at its next turn: the turn throws the
 * signal's reason, after the last transaction committed and before the next begins.
 */
export async function yieldToIo(signal?: AbortSignal): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  signal?.throwIfAborted();
}

/**
 * The sweeps' work that takes one row per transaction (so two instances' sweeps never wait on each other's
 * locks in opposite orders): `step` claims one row (FOR UPDATE SKIP LOCKED) and acts on it in `tx`, and
 * answers false when there was nothing to do. Steps run until then, or until `limit` are done, so one sweep
 * never runs unbounded; the rest waits for the next. The event loop turns between steps, and an aborted
 * `signal` ends the loop there (yieldToIo). Answers how many were done.
 */
export async function oneByOne(
  db: Db,
  { limit, signal }: { limit: number; signal?: AbortSignal },
  step: (tx: Db) => Promise<boolean>,
): Promise<number> {
  let done = 0;
  while (done < limit && (await db.transaction(step))) {
    done += 1;
    await yieldToIo(signal);
  }
  return done;
}

/**
 * The sweeps' work that takes a batch of rows per transaction: `batch` claims up to `size` rows (FOR UPDATE
 * SKIP LOCKED), acts on them in `tx` and answers how many it claimed. Batches run until one comes back short,
 * or `maxBatches` have run; the event loop turns between them, and an aborted `signal` ends the loop there
 * (yieldToIo). Answers how many rows were done.
 */
export async function inBatches(
  db: Db,
  { size, maxBatches = Infinity, signal }: { size: number; maxBatches?: number; signal?: AbortSignal },
  batch: (tx: Db) => Promise<number>,
): Promise<number> {
  let done = 0;
  for (let round = 0; round < maxBatches; round += 1) {
    const claimed = await db.transaction(batch);
    done += claimed;
    await yieldToIo(signal);
    if (claimed < size) break;
  }
  return done;
}
