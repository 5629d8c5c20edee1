import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';

/** Answers kept at most, in UTF-16 code units of their text (a referrer's page of 22 cards is 26 K). */
const MAX_KEPT_CHARS = 32 * 1024 * 1024;

interface Kept {
  stamp: string;
  /** The answer, serialised. */
  body: string;
  /** When the clock changes the answer without any row changing, in ms; Infinity when it never does. */
  until: number;
}

/** An answer as built from the database: its text, and until when the clock leaves it as it is. */
export interface Built {
  body: string;
  until?: number;
}

export interface KeptAnswers {
  /**
   * The answer kept under `key` while `readStamp()` gives the stamp it was kept with and `now` is before
   * its `until`; else `build()`, kept.
   */
  answer(
    key: string,
    now: number,
    readStamp: () => Promise<string>,
    build: () => Promise<Built>,
  ): Promise<string>;
}

/**
 * Serialised answers kept with the stamp of the rows they were built from (db/row-stamp.ts)
 * ([decision 049](../../../docs/decisions/049-first-pages-kept-by-stamp.md)). Every answer still asks the
 * database for the stamp, one short statement; while it is the stamp the text was kept with, the rows are
 * the same, and so is the answer. Nothing has to be told of a change, so no write path can forget to, and
 * every instance sees the others' writes.
 *
 * The stamp is read before the rows. A write that commits between the two leaves a newer answer kept with
 * the older stamp, which the next stamp no longer matches: built again, never answered stale.
 *
 * `verify` (the tests' apps): every kept answer is built afresh too, and a difference the stamp did not see
 * is an error. Every test that reads such an answer after a change then checks the stamp's cover.
 */
export function createKeptAnswers({ verify = false }: { verify?: boolean } = {}): KeptAnswers {
  const kept = new LRUCache<string, Kept>({
    maxSize: MAX_KEPT_CHARS,
    sizeCalculation: (entry, key) => entry.body.length + entry.stamp.length + key.length,
  });
  return {
    async answer(key, now, readStamp, build) {
      const stamp = await readStamp();
      const found = kept.get(key);
      if (found && found.stamp === stamp && now < found.until) {
        if (verify) await expectSameRows(key, found, readStamp, build);
        return found.body;
      }
      const { body, until = Infinity } = await build();
      kept.set(key, { stamp, body, until });
      return body;
    },
  };
}

/**
 * `verify`'s check: a fresh build must give the kept text while the stamp stays the same. A write that
 * landed after the stamp was read changes the stamp too, and is no fault of its cover.
 */
async function expectSameRows(
  key: string,
  found: Kept,
  readStamp: () => Promise<string>,
  build: () => Promise<Built>,
): Promise<void> {
  const { body } = await build();
  if (body === found.body || (await readStamp()) !== found.stamp) return;
  throw new Error(`The kept answer ${key} differs from one built afresh:\n${found.body}\n${body}`);
}

/** What the route's own serializer (its response schema's) makes of a value: the text to keep. */
export function serializedBy(reply: FastifyReply): (value: unknown) => string {
  return (value) => String(reply.serialize(value));
}

/** Sends a kept answer, text the route's own serializer made (serializedBy), as it is. */
export function sendKept(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
