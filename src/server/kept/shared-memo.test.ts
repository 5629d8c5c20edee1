import { describe, expect, it } from 'vitest';
import type { KeptSettings } from './kept.js';
import { createSharedMemo, type SharedRead } from './shared-memo.js';

const MINUTE = 60_000;

/** A database stand-in: each key's answer, the reads asked of it, and a query that can be held. */
function setUp(settings?: KeptSettings) {
  let clock = 1_000_000;
  const rows = new Map<number, SharedRead<number>>([
    [1, { value: 10, until: clock + 10 * MINUTE }],
    [2, { value: 20, until: Infinity }],
  ]);
  const reads: number[][] = [];
  let held: Promise<void> | undefined;
  const memo = createSharedMemo<number>({
    name: 'company numbers',
    read: async (keys) => {
      reads.push([...keys]);
      const gate = held;
      held = undefined;
      const answer = new Map(
        keys.flatMap((key) => (rows.has(key) ? [[key, { ...rows.get(key)! }] as const] : [])),
      );
      if (gate) await gate;
      return answer;
    },
    now: () => clock,
    settings,
  });
  return {
    memo,
    rows,
    reads,
    advance: (ms: number) => (clock += ms),
    holdNextRead() {
      let release!: () => void;
      held = new Promise<void>((resolve) => (release = resolve));
      return () => release();
    },
  };
}

describe('the shared memo', () => {
  it('answers kept keys from memory and reads only the others, in one read', async () => {
    const { memo, reads } = setUp();
    expect([...(await memo.get([1, 3]))]).toEqual([
      [1, 10],
      [3, null],
    ]);
    expect([...(await memo.get([1, 2, 3]))]).toEqual([
      [1, 10],
      [2, 20],
      [3, null],
    ]);
    // Key 3 has no answer, and that is kept too.
    expect(reads).toEqual([[1, 3], [2]]);
  });

  it('reads a key again once a change of it is heard, and only that key', async () => {
    const { memo, rows, reads } = setUp();
    await memo.get([1, 2, 3]);
    rows.set(1, { value: 11, until: Infinity });
    rows.set(3, { value: 30, until: Infinity });
    memo.changed(1);
    memo.changed(3);
    expect([...(await memo.get([1, 2, 3]))]).toEqual([
      [1, 11],
      [2, 20],
      [3, 30],
    ]);
    expect(reads.at(-1)).toEqual([1, 3]);
  });

  it('reads again when the clock reaches an answer’s until', async () => {
    const { memo, rows, reads, advance } = setUp();
    await memo.get([1]);
    rows.set(1, { value: 9, until: Infinity });
    advance(10 * MINUTE - 1);
    expect((await memo.get([1])).get(1)).toBe(10);
    advance(1);
    expect((await memo.get([1])).get(1)).toBe(9);
    expect(reads).toHaveLength(2);
  });

  it('never keeps an answer whose read started before a change', async () => {
    const { memo, rows, holdNextRead } = setUp();
    const release = holdNextRead();
    const slow = memo.get([2]);
    rows.set(2, { value: 21, until: Infinity });
    memo.changed(2);
    release();
    expect((await slow).get(2)).toBe(20);
    expect((await memo.get([2])).get(2)).toBe(21);
  });

  it('keeps nothing while the channel is lost, and keeps again once it listens', async () => {
    const { memo, reads } = setUp();
    await memo.get([2]);
    memo.suspend();
    await memo.get([2]);
    await memo.get([2]);
    expect(reads).toHaveLength(3);
    memo.resume();
    await memo.get([2]);
    await memo.get([2]);
    expect(reads).toHaveLength(4);
  });

  it('reads every time when KEPT_ANSWERS_OFF names it', async () => {
    const { memo, reads } = setUp({ off: ['company numbers'], verify: 0 });
    await memo.get([2]);
    await memo.get([2]);
    expect(reads).toHaveLength(2);
  });

  it('verify: fails a kept answer that differs from a fresh read while no change is heard', async () => {
    const { memo, rows } = setUp({ off: [], verify: 1 });
    await memo.get([1, 2]);
    expect([...(await memo.get([1, 2]))]).toEqual([
      [1, 10],
      [2, 20],
    ]);
    rows.set(2, { value: 22, until: Infinity });
    await expect(memo.get([1, 2])).rejects.toThrow(
      'The kept company numbers of 2 differ from a fresh read, and no change was heard',
    );
  });

  it('verify: answers the fresh read when the change is heard soon after', async () => {
    const { memo, rows } = setUp({ off: [], verify: 1 });
    await memo.get([2]);
    rows.set(2, { value: 22, until: Infinity });
    const read = memo.get([2]);
    setTimeout(() => memo.changed(2), 50);
    expect((await read).get(2)).toBe(22);
  });
});
