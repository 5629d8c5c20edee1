import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createKeptAnswers, type Built } from './kept-answers.js';

/** A keeper's answer under `key`, with a stamp the test sets and a count of the builds it needed. */
function answers(kept = createKeptAnswers()) {
  let stamp = 's1';
  let builds = 0;
  return {
    setStamp: (next: string) => void (stamp = next),
    builds: () => builds,
    read: (key: string, body: string, now = 0, until?: number) =>
      kept.answer(
        key,
        now,
        async () => stamp,
        async (): Promise<Built> => {
          builds += 1;
          return { body, until };
        },
      ),
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
});
