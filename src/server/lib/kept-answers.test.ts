import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { StampRead } from '../db/row-stamp.js';
import { createKeptAnswers, keptUnder, sendKept, serializedBy, type Built } from './kept-answers.js';

/**
 * A keeper's answer under `key`, over a database the test drives: its stamp, and its snapshot, which a
 * commit changes. Counts the builds, and the stamps read (a stamp statement given the current snapshot reads
 * none).
 */
function answers(kept = createKeptAnswers()) {
  let stamp = 's1';
  let snapshot = 1;
  let builds = 0;
  let stampsRead = 0;
  let snapshotsRead = 0;
  let statements = 0;
  const readStamp = async (since: string): Promise<StampRead> => {
    statements += 1;
    if (since === String(snapshot)) return { snapshot: since, stamp: null };
    stampsRead += 1;
    return { snapshot: String(snapshot), stamp };
  };
  return {
    /** A commit that changes the answer's rows, so its stamp too. */
    setStamp: (next: string) => {
      stamp = next;
      snapshot += 1;
    },
    /** A commit elsewhere: the snapshot changes, the stamp does not. */
    commitElsewhere: () => void (snapshot += 1),
    /** A change to the rows the snapshot misses (a fault of its cover: no commit moved it). */
    setStampUnseen: (next: string) => void (stamp = next),
    builds: () => builds,
    stampsRead: () => stampsRead,
    /** The database's snapshot now, as a keeper's currentSnapshot reads it. */
    currentSnapshot: async () => {
      snapshotsRead += 1;
      return String(snapshot);
    },
    snapshotsRead: () => snapshotsRead,
    /** Stamp statements run, whether they read the stamp or found nothing committed. */
    statements: () => statements,
    /** The answer under `key`, where the rows now give `body`. */
    read: (key: string, body: string, now = 0, until?: number) =>
      kept.answer(key, now, readStamp, async (): Promise<Built> => {
        builds += 1;
        return { body, until };
      }),
  };
}

describe('kept answers', () => {
  it('answers the kept text while the stamp holds and the clock is before its until, else builds it', async () => {
    const a = answers();
    expect((await a.read('k', 'one', 0, 100)).body).toBe('one');
    expect((await a.read('k', 'two', 50, 100)).body).toBe('one');
    expect(a.builds()).toBe(1);
    expect((await a.read('k', 'two', 100, 200)).body).toBe('two');
    a.setStamp('s2');
    expect((await a.read('k', 'three', 150)).body).toBe('three');
    expect(a.builds()).toBe(3);
  });

  it('reads no stamp while nothing has committed since the snapshot it last held at', async () => {
    const a = answers();
    await a.read('k', 'one');
    expect(a.stampsRead()).toBe(1);
    expect((await a.read('k', 'two')).body).toBe('one');
    expect(a.stampsRead()).toBe(1);
    // A commit elsewhere: the stamp is read once, holds, and its new snapshot is kept.
    a.commitElsewhere();
    expect((await a.read('k', 'two')).body).toBe('one');
    expect((await a.read('k', 'two')).body).toBe('one');
    expect([a.stampsRead(), a.builds()]).toEqual([2, 1]);
    // A commit to its rows: built again.
    a.setStamp('s2');
    expect((await a.read('k', 'three')).body).toBe('three');
    expect([a.stampsRead(), a.builds()]).toEqual([3, 2]);
  });

  it("given the database's snapshot, reads a stamp only for an answer whose snapshot moved", async () => {
    const a: ReturnType<typeof answers> = answers(
      createKeptAnswers({ currentSnapshot: () => a.currentSnapshot() }),
    );
    // Nothing kept: the stamp is read with the rows, the snapshot is not asked for.
    await a.read('k', 'one');
    expect([a.snapshotsRead(), a.stampsRead()]).toEqual([0, 1]);
    // Kept, nothing committed: the snapshot alone answers, with no stamp statement.
    expect((await a.read('k', 'two')).body).toBe('one');
    expect([a.snapshotsRead(), a.statements()]).toEqual([1, 1]);
    // A commit elsewhere: the stamp is read, holds, and its new snapshot answers the next read.
    a.commitElsewhere();
    expect((await a.read('k', 'two')).body).toBe('one');
    expect((await a.read('k', 'two')).body).toBe('one');
    expect([a.snapshotsRead(), a.stampsRead(), a.builds()]).toEqual([3, 2, 1]);
    // A commit to its rows: built again, never the kept text.
    a.setStamp('s2');
    expect((await a.read('k', 'two')).body).toBe('two');
    // The clock past its until: built whatever the snapshot says.
    await a.read('t', 'timed', 0, 100);
    expect((await a.read('t', 'later', 100)).body).toBe('later');
  });

  it('reads the stamp once the clock has passed an answer, whatever the snapshot', async () => {
    const a = answers();
    await a.read('k', 'one', 0, 100);
    expect((await a.read('k', 'two', 100, 200)).body).toBe('two');
    expect([a.stampsRead(), a.builds()]).toEqual([2, 2]);
  });

  it('verify: a kept answer that differs from a fresh one while the stamp or the snapshot holds is an error', async () => {
    const a = answers(createKeptAnswers({ verify: true }));
    await a.read('k', 'one');
    // The rows give another text, and neither the snapshot nor the stamp moved.
    await expect(a.read('k', 'two')).rejects.toThrow(/The kept answer k differs from one built afresh/);
    // The stamp moved, the snapshot did not: the snapshot vouched for rows that changed.
    a.setStampUnseen('s2');
    await expect(a.read('k', 'two')).rejects.toThrow(/differs/);
    // A commit elsewhere moves the snapshot on; the stamp read then vouches for the rows it kept.
    a.setStampUnseen('s1');
    a.commitElsewhere();
    await expect(a.read('k', 'two')).rejects.toThrow(/differs/);
    // A change both see is a write since, not a fault.
    a.setStamp('s3');
    expect((await a.read('k', 'three')).body).toBe('three');
  });

  it('verify as a share: 1 checks every kept answer, 0 none', async () => {
    const every = answers(createKeptAnswers({ verify: 1 }));
    await every.read('k', 'one');
    await expect(every.read('k', 'two')).rejects.toThrow(/differs from one built afresh/);
    const none = answers(createKeptAnswers({ verify: 0 }));
    await none.read('k', 'one');
    expect((await none.read('k', 'two')).body).toBe('one');
    expect(none.builds()).toBe(1);
  });

  it('verify: a write that lands while the fresh answer is built is no fault of the cover', async () => {
    const keeper = createKeptAnswers({ verify: true });
    let read: StampRead = { snapshot: '1', stamp: 's1' };
    const readStamp = async (since: string) => (since === read.snapshot ? { ...read, stamp: null } : read);
    await keeper.answer('k', 0, readStamp, async () => ({ body: 'one' }));
    const answer = await keeper.answer('k', 0, readStamp, async () => {
      // A commit between the stamp read and the fresh build: both the stamp and the snapshot move.
      read = { snapshot: '2', stamp: 's2' };
      return { body: 'two' };
    });
    expect(answer.body).toBe('one');
    // A write the stamp saw but the snapshot did not is still the cover's fault.
    read = { snapshot: '2', stamp: 's1' };
    await keeper.answer('k', 0, readStamp, async () => ({ body: 'one' }));
    await expect(
      keeper.answer('k', 0, readStamp, async () => {
        read = { snapshot: '2', stamp: 's3' };
        return { body: 'three' };
      }),
    ).rejects.toThrow(/differs/);
  });

  it('verify: a write the snapshot saw and the stamp missed is a fault of the stamp', async () => {
    const keeper = createKeptAnswers({ verify: true });
    let read: StampRead = { snapshot: '4', stamp: 's4' };
    const readStamp = async (since: string) => (since === read.snapshot ? { ...read, stamp: null } : read);
    await keeper.answer('k', 0, readStamp, async () => ({ body: 'four' }));
    await expect(
      keeper.answer('k', 0, readStamp, async () => {
        read = { snapshot: '5', stamp: 's4' };
        return { body: 'five' };
      }),
    ).rejects.toThrow(/differs/);
  });

  it('counts the stamp and the snapshot in what it keeps', async () => {
    // Stamps and snapshots as long as a page's: three answers of 204 characters where two fit.
    const readStamp = async () => ({ snapshot: 'x'.repeat(100), stamp: 's'.repeat(100) });
    let builds = 0;
    const keeper = createKeptAnswers({ maxSize: 2 * 204 });
    const read = (key: string) =>
      keeper.answer(key, 0, readStamp, async () => {
        builds += 1;
        return { body: 'one' };
      });
    await read('a');
    await read('b');
    await read('a');
    expect(builds).toBe(2);
    await read('c');
    await read('b');
    expect(builds).toBe(4);
  });

  it('counts bytes, not characters: an answer in Chinese or emoji takes what it weighs (issue 46 item 8)', async () => {
    // 100 characters of 3 bytes each, 300 bytes: two such answers do not fit in 500 bytes, though their
    // 200 characters would.
    const wide = '中'.repeat(100);
    const a = answers(createKeptAnswers({ maxSize: 500 }));
    await a.read('a', wide);
    await a.read('b', wide);
    expect((await a.read('a', 'rebuilt')).body).toBe('rebuilt');
    expect(a.builds()).toBe(3);
  });

  it("verify: an answer the database's snapshot vouched for is checked against a fresh one", async () => {
    const a: ReturnType<typeof answers> = answers(
      createKeptAnswers({ currentSnapshot: () => a.currentSnapshot(), verify: true }),
    );
    await a.read('k', 'one');
    expect((await a.read('k', 'one')).body).toBe('one');
    a.setStampUnseen('s2');
    await expect(a.read('k', 'two')).rejects.toThrow(/The kept answer k differs from one built afresh/);
  });

  it('compresses a kept answer once for each encoding, and every form reads back as its text', async () => {
    const a = answers();
    const body = JSON.stringify({ words: 'kept '.repeat(400) });
    const answer = await a.read('k', body);
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
      ['deflate', zlib.inflateSync],
    ] as const) {
      const form = answer.encoded(encoding);
      expect(form.length).toBeLessThan(body.length / 10);
      expect(decode(form).toString('utf8')).toBe(body);
      expect((await a.read('k', body)).encoded(encoding)).toBe(form);
    }
  });

  it('keeps no form made for an answer another has since replaced', async () => {
    const a = answers();
    const body = JSON.stringify({ words: 'old '.repeat(400) });
    const old = await a.read('k', body);
    a.setStamp('s2');
    expect((await a.read('k', 'new')).body).toBe('new');
    // The old answer's form is made after its place was taken: the new answer stays kept.
    old.encoded('br');
    expect((await a.read('k', 'newer')).body).toBe('new');
    expect(a.builds()).toBe(2);
  });

  it('counts a compressed form in what it keeps: the least recent answer makes room for it', async () => {
    // Text that compresses to about half its length, so a form is a size of its own.
    const text = () => randomBytes(600).toString('hex');
    const first = text();
    const second = text();
    const entrySize = first.length + 's1'.length + 1;
    const a = answers(createKeptAnswers({ maxSize: 2 * entrySize + 100 }));
    await a.read('a', first);
    const kept = await a.read('b', second);
    expect((await a.read('a', 'rebuilt')).body).toBe(first);
    expect(a.builds()).toBe(2);
    // 'b' grows by its brotli form; 'a' was read last, yet the two no longer fit: 'a' is least recent
    // once 'b' is counted again.
    expect(kept.encoded('br').length).toBeGreaterThan(100);
    expect((await a.read('a', 'rebuilt')).body).toBe('rebuilt');
    expect(a.builds()).toBe(3);
  });

  it('keeps features apart under their prefixes in one keeper, under its one size limit', async () => {
    // Text, stamp, snapshot and key: room for the first two answers below, not for a third.
    const size = (body: string, key: string) => body.length + 's1'.length + '1'.length + key.length;
    const keeper = createKeptAnswers({ maxSize: size('one', 'list:k') + size('two', 'thread:k') });
    const lists = answers(keptUnder(keeper, 'list:'));
    const threads = answers(keptUnder(keeper, 'thread:'));
    // The same key under two prefixes: two answers, neither answering for the other.
    expect((await lists.read('k', 'one')).body).toBe('one');
    expect((await threads.read('k', 'two')).body).toBe('two');
    expect((await lists.read('k', 'again')).body).toBe('one');
    expect(lists.builds() + threads.builds()).toBe(2);
    // A third answer under a third prefix pushes out the least recent one: the limit is the keeper's.
    const queues = answers(keptUnder(keeper, 'queue:'));
    await queues.read('k', 'three');
    expect((await threads.read('k', 'rebuilt')).body).toBe('rebuilt');
  });
});

describe('sendKept', () => {
  /** A bare Fastify whose one route sends `body` as a kept answer, after setting `vary` when given. */
  async function sending(body: string, vary?: string) {
    const answer = await createKeptAnswers().answer(
      'k',
      0,
      async () => ({ snapshot: '1', stamp: 's1' }),
      async () => ({ body }),
    );
    const app = Fastify();
    app.get('/', (_request, reply) => {
      if (vary) reply.header('vary', vary);
      return sendKept(reply, answer);
    });
    return app;
  }
  const long = JSON.stringify({ words: 'kept '.repeat(400) });

  it('sends the text as JSON when the client takes no encoding, or asks for none', async () => {
    const app = await sending(long);
    for (const headers of [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br', 'x-no-compression': '1' },
    ]) {
      const response = await app.inject({ url: '/', headers });
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(long);
    }
  });

  it('sends the kept form of the encoding the client asks for, as the compression plugin would choose it', async () => {
    const app = await sending(long);
    for (const [accepted, encoding, decode] of [
      ['br', 'br', zlib.brotliDecompressSync],
      ['GZIP', 'gzip', zlib.gunzipSync],
      ['deflate', 'deflate', zlib.inflateSync],
      ['*', 'gzip', zlib.gunzipSync],
      ['x-gzip', 'gzip', zlib.gunzipSync],
      ['gzip, br', 'br', zlib.brotliDecompressSync],
    ] as const) {
      const response = await app.inject({ url: '/', headers: { 'accept-encoding': accepted } });
      expect([accepted, response.headers['content-encoding']]).toEqual([accepted, encoding]);
      expect(response.headers['vary']).toBe('accept-encoding');
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(decode(response.rawPayload).toString('utf8')).toBe(long);
    }
  });

  it('leaves an answer under 1 KiB uncompressed, as the plugin does, counting its bytes', async () => {
    // 1,023 bytes: sent as it is. 1,024 bytes in 1,022 characters (two of them two bytes each): compressed.
    const short = `"${'a'.repeat(1021)}"`;
    const atLimit = `"é${'a'.repeat(1018)}é"`;
    expect([Buffer.byteLength(short), Buffer.byteLength(atLimit), atLimit.length]).toEqual([
      1023, 1024, 1022,
    ]);
    const shortResponse = await (
      await sending(short)
    ).inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(shortResponse.headers['content-encoding']).toBeUndefined();
    expect(shortResponse.body).toBe(short);
    const atLimitResponse = await (
      await sending(atLimit)
    ).inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(atLimitResponse.headers['content-encoding']).toBe('br');
  });

  it('adds accept-encoding to the Vary a route set', async () => {
    const app = await sending(long, 'cookie');
    const response = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['vary']).toBe('cookie, accept-encoding');
  });

  it("serializes a value with the route's own response schema", async () => {
    const app = Fastify();
    app.get(
      '/',
      { schema: { response: { 200: { type: 'object', properties: { kept: { type: 'string' } } } } } },
      (_request, reply) =>
        reply.type('application/json').send(serializedBy(reply)({ kept: 'yes', dropped: 1 })),
    );
    expect((await app.inject({ url: '/' })).body).toBe('{"kept":"yes"}');
  });
});
