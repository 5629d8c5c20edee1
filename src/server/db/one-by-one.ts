import type { Db } from './client.js';

/**
 * The sweeps' work that takes one row per transaction (so two instances' sweeps never wait on each other's
 * locks in opposite orders): `step` claims one row (FOR UPDATE SKIP LOCKED) and acts on it in `tx`, and
 * answers false when there was nothing to do. Steps run until then, or until `limit` are done, so one sweep
 * never runs unbounded; the rest waits for the next. Answers how many were done.
 */
export async function oneByOne(db: Db, limit: number, step: (tx: Db) => Promise<boolean>): Promise<number> {
  let done = 0;
  while (done < limit && (await db.transaction(step))) done += 1;
  return done;
}
