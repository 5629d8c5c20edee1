import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { StampRead } from '../db/row-stamp.js';
import { keptCount, type KeptCount } from './kept-counts.js';

/**
 * Answers kept at most, in bytes: their text, stamp and key as UTF-8, and their compressed forms (a
 * referrer's page of 22 cards is 26 K, 2 K in brotli). The app keeps every feature's answers in one keeper
 * (keptUnder), so this is the limit of them all. Bytes, not characters: a page of names in Chinese or emoji
 * is up to four bytes a character (issue 46 item 8).
 */
const MAX_KEPT_SIZE = 32 * 1024 * 1024;

/** The encodings a kept answer is sent in besides plain text, as @fastify/compress offers them (app.ts). */
export type Encoding = 'br' | 'gzip' | 'deflate';

/**
 * Each encoding as the compression plugin makes it (brotli at its quality 4): once for a kept answer,
 * however often it is then sent.
 */
const COMPRESS: Record<Encoding, (text: Buffer) => Buffer> = {
  br: (text) =>
    zlib.brotliCompressSync(text, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: text.length,
      },
    }),
  gzip: (text) => zlib.gzipSync(text),
  deflate: (text) => zlib.deflateSync(text),
};

/** A kept answer: its text, and that text compressed for each encoding it was asked in. */
export interface KeptAnswer {
  body: string;
  /** The body compressed for `encoding`: made the first time, then kept with the answer. */
  encoded(encoding: Encoding): Buffer;
}

interface Kept extends KeptAnswer {
  stamp: string;
  /** The latest snapshot at which the stamp was seen to hold (db/row-stamp.ts's stampUnlessSince). */
  snapshot: string;
  /** When the clock changes the answer without any row changing, in ms; Infinity when it never does. */
  until: number;
  /** The body's compressed forms made so far. */
  forms: Partial<Record<Encoding, Buffer>>;
}

/** An answer as built from the database: its text, and until when the clock leaves it as it is. */
export interface Built {
  body: string;
  until?: number;
}

/**
 * Reads the stamp of an answer's rows unless nothing has committed since the snapshot `since` (then its stamp
 * is null); '' is no snapshot (db/row-stamp.ts's stampUnlessSince).
 */
export type ReadStamp = (since: string) => Promise<StampRead>;

export interface KeptAnswers {
  /**
   * The answer kept under `key` while `readStamp` finds nothing committed since, or gives the stamp it was
   * kept with, and `now` is before its `until`; else `build()`, kept.
   */
  answer(key: string, now: number, readStamp: ReadStamp, build: () => Promise<Built>): Promise<KeptAnswer>;
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
 * Each answer also keeps the database's snapshot at which its stamp last held. While no transaction has
 * committed since, the statement does not read the stamp at all ([decision
 * 050](../../../docs/decisions/050-stamps-skipped-while-nothing-commits.md)). Given `currentSnapshot`, a kept
 * answer first compares its snapshot with the database's, read once for all the answers asked for at the
 * same time; only one whose snapshot moved reads its stamp ([decision
 * 052](../../../docs/decisions/052-one-snapshot-read-for-many-answers.md)).
 *
 * `verify` (the tests' apps): every kept answer is built afresh too, and a difference the stamp did not see
 * is an error. Every test that reads such an answer after a change then checks the stamp's cover. A share
 * (0 to 1, KEPT_ANSWERS_VERIFY) checks that share of the answers, at random: the crowd bench checks a
 * sample under its load.
 */
export function createKeptAnswers({
  verify = false,
  maxSize = MAX_KEPT_SIZE,
  currentSnapshot,
}: {
  /** Every kept answer checked (true), none (false, 0), or that share of them at random. */
  verify?: boolean | number;
  maxSize?: number;
  /**
   * The database's snapshot now, read after the call (db/row-stamp.ts's currentSnapshot through
   * sharedFreshRead): one read answers every kept answer asked for meanwhile, whatever its key.
   */
  currentSnapshot?: () => Promise<string>;
} = {}): KeptAnswers {
  const kept = new LRUCache<string, Kept>({
    maxSize,
    sizeCalculation: (entry, key) =>
      Buffer.byteLength(entry.body) +
      Buffer.byteLength(entry.stamp) +
      Buffer.byteLength(entry.snapshot) +
      Buffer.byteLength(key) +
      Object.values(entry.forms).reduce((sum, form) => sum + form.length, 0),
  });
  function keep(key: string, { stamp, snapshot }: StampRead, { body, until = Infinity }: Built): Kept {
    const entry: Kept = {
      stamp: stamp ?? '',
      snapshot,
      body,
      until,
      forms: {},
      encoded(encoding) {
        const made = entry.forms[encoding];
        if (made) return made;
        const form = COMPRESS[encoding](Buffer.from(body));
        entry.forms[encoding] = form;
        // Counted again with its new form (the cache sizes an entry when it is added), unless another
        // answer has taken its place meanwhile.
        if (kept.peek(key) === entry) {
          kept.delete(key);
          kept.set(key, entry);
        }
        return form;
      },
    };
    kept.set(key, entry);
    return entry;
  }
  /** Counted by the kind of answer: the key up to its first ':' (keptUnder's prefix). */
  const counts = new Map<string, KeptCount>();
  const countOf = (key: string) => {
    const kind = key.slice(0, Math.max(0, key.indexOf(':'))) || 'kept';
    let count = counts.get(kind);
    if (!count) {
      count = keptCount(kind);
      counts.set(kind, count);
    }
    return count;
  };
  return {
    async answer(key, now, readStamp, build) {
      const count = countOf(key);
      const check = typeof verify === 'number' ? verify > 0 && Math.random() < verify : verify;
      const held = kept.get(key);
      const found = held && now < held.until ? held : undefined;
      if (found && currentSnapshot && (await currentSnapshot()) === found.snapshot) {
        if (check) await expectSameRows(key, found, readStamp, build);
        count.hit();
        return found;
      }
      const read = await readStamp(found?.snapshot ?? '');
      if (found && (read.stamp === null || read.stamp === found.stamp)) {
        found.snapshot = read.snapshot;
        if (check) await expectSameRows(key, found, readStamp, build);
        count.hit();
        return found;
      }
      count.miss();
      return keep(key, read, await build());
    },
  };
}

/**
 * The same keeper with `prefix` before every key: the features keep their answers in the app's one keeper,
 * under one size limit, each under keys of its own (app.ts).
 */
export function keptUnder(kept: KeptAnswers, prefix: string): KeptAnswers {
  return { answer: (key, now, readStamp, build) => kept.answer(`${prefix}${key}`, now, readStamp, build) };
}

/**
 * `verify`'s check: a fresh build must give the kept text while the stamp, or the snapshot, stays the same.
 * A write that landed after they were read changes both, and is no fault of their cover.
 */
async function expectSameRows(
  key: string,
  found: Kept,
  readStamp: ReadStamp,
  build: () => Promise<Built>,
): Promise<void> {
  const { body } = await build();
  if (body === found.body) return;
  const now = await readStamp('');
  if (now.stamp !== found.stamp && now.snapshot !== found.snapshot) return;
  throw new Error(`The kept answer ${key} differs from one built afresh:\n${found.body}\n${body}`);
}

/** What the route's own serializer (its response schema's) makes of a value: the text to keep. */
export function serializedBy(reply: FastifyReply): (value: unknown) => string {
  return (value) => String(reply.serialize(value));
}

/** What @fastify/compress leaves uncompressed: answers under 1 KiB (its threshold). */
const COMPRESS_FROM_BYTES = 1024;
const ENCODINGS: Array<Encoding | 'identity'> = ['br', 'gzip', 'deflate', 'identity'];

/**
 * Sends a kept answer (text the route's own serializer made, serializedBy) as it is, or its kept compressed
 * form when the client takes one, as the compression plugin would have chosen it: that plugin passes an
 * answer with a Content-Encoding through untouched, so a kept answer is compressed once, not on every send.
 */
export function sendKept(reply: FastifyReply, answer: KeptAnswer): FastifyReply {
  reply.type('application/json; charset=utf-8');
  const { headers } = reply.request;
  const accepted = headers['accept-encoding'];
  const encoding =
    accepted === undefined || headers['x-no-compression'] !== undefined
      ? null
      : negotiate(accepted.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ENCODINGS);
  if (!encoding || encoding === 'identity' || Buffer.byteLength(answer.body) < COMPRESS_FROM_BYTES) {
    return reply.send(answer.body);
  }
  const vary = reply.getHeader('vary');
  return reply
    .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding')
    .header('content-encoding', encoding)
    .send(answer.encoded(encoding));
}
