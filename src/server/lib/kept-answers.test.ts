import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { StampRead } from '../db/row-stamp.js';
import { createKeptAnswers, keptUnder, type Built } from './kept-answers.js';

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
  const readStamp = async (since: string): Promise<StampRead> => {
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
    // Kept, nothing committed: the snapshot alone answers.
    expect((await a.read('k', 'two')).body).toBe('one');
    expect([a.snapshotsRead(), a.stampsRead()]).toEqual([1, 1]);
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
