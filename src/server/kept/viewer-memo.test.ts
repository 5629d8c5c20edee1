import { describe, expect, it } from 'vitest';
import type { KeptSettings } from './kept.js';
import { createViewerMemo } from './viewer-memo.js';

const MINUTE = 60_000;

interface Key {
  viewerId: number;
  limit: number;
}

/** A database stand-in: each viewer's answer and whom it shows, the reads asked of it, a query that can be held. */
function setUp(settings?: KeptSettings) {
  let clock = 1_000_000;
  const answers = new Map<number, { value: string; users: number[] }>([
    [1, { value: 'page of 1', users: [1, 7] }],
    [2, { value: 'page of 2', users: [8] }],
  ]);
  const reads: Key[] = [];
  let held: Promise<void> | undefined;
  const memo = createViewerMemo<Key, string>({
    name: 'request lists',
    keyText: ({ viewerId, limit }) => `${viewerId} ${limit}`,
    read: async (key) => {
      reads.push(key);
      const gate = held;
      held = undefined;
      const found = answers.get(key.viewerId)!;
      const answer = { value: `${found.value} (${key.limit})`, users: [...found.users] };
      if (gate) await gate;
      return answer;
    },
    now: () => clock,
    settings,
  });
  return {
    memo,
    answers,
    reads,
    advance: (ms: number) => (clock += ms),
    holdNextRead() {
      let release!: () => void;
      held = new Promise<void>((resolve) => (release = resolve));
      return () => release();
    },
  };
}

describe('the viewer memo', () => {
  it('answers a key again from memory, and every part of the key apart', async () => {
    const { memo, reads } = setUp();
    expect(await memo.get({ viewerId: 1, limit: 50 })).toBe('page of 1 (50)');
    expect(await memo.get({ viewerId: 1, limit: 50 })).toBe('page of 1 (50)');
    expect(await memo.get({ viewerId: 1, limit: 5 })).toBe('page of 1 (5)');
    expect(await memo.get({ viewerId: 2, limit: 50 })).toBe('page of 2 (50)');
    expect(reads).toHaveLength(3);
  });

  it('reads again once a change of anyone the answer shows is heard, and only then', async () => {
    const { memo, answers, reads } = setUp();
    await memo.get({ viewerId: 1, limit: 50 });
    await memo.get({ viewerId: 2, limit: 50 });
    answers.set(1, { value: 'changed', users: [1, 7] });
    // Someone neither page shows.
    memo.changed(9);
    expect(await memo.get({ viewerId: 1, limit: 50 })).toBe('page of 1 (50)');
    // Someone page 1 shows.
    memo.changed(7);
    expect(await memo.get({ viewerId: 1, limit: 50 })).toBe('changed (50)');
    expect(await memo.get({ viewerId: 2, limit: 50 })).toBe('page of 2 (50)');
    expect(reads).toHaveLength(3);
  });

  it("drops an answer at its viewer's change even when the read did not name them", async () => {
    const { memo, answers } = setUp();
    await memo.get({ viewerId: 2, limit: 50 });
    answers.set(2, { value: 'now with a card', users: [8] });
    memo.changed(2);
    expect(await memo.get({ viewerId: 2, limit: 50 })).toBe('now with a card (50)');
  });

  it('never keeps an answer whose read started before a change', async () => {
    const { memo, answers, reads, holdNextRead } = setUp();
    const release = holdNextRead();
    const reading = memo.get({ viewerId: 1, limit: 50 });
    memo.changed(7);
    answers.set(1, { value: 'after the change', users: [1, 7] });
    release();
    expect(await reading).toBe('page of 1 (50)');
    expect(await memo.get({ viewerId: 1, limit: 50 })).toBe('after the change (50)');
    expect(reads).toHaveLength(2);
  });

  it('keeps nothing while the channel is lost, and keeps again once it is heard', async () => {
    const { memo, reads } = setUp();
    await memo.get({ viewerId: 1, limit: 50 });
    memo.suspend();
    await memo.get({ viewerId: 1, limit: 50 });
    await memo.get({ viewerId: 1, limit: 50 });
    expect(reads).toHaveLength(3);
    memo.resume();
    await memo.get({ viewerId: 1, limit: 50 });
    await memo.get({ viewerId: 1, limit: 50 });
    expect(reads).toHaveLength(4);
  });

  it('reads again after ten minutes, whatever was heard', async () => {
    const { memo, reads, advance } = setUp();
    await memo.get({ viewerId: 1, limit: 50 });
    advance(10 * MINUTE - 1);
    await memo.get({ viewerId: 1, limit: 50 });
    advance(1);
    await memo.get({ viewerId: 1, limit: 50 });
    expect(reads).toHaveLength(2);
  });

  it('keeps answers up to their weight together, dropping the least recently asked', async () => {
    const reads: number[] = [];
    const memo = createViewerMemo<Key, string>({
      name: 'request lists',
      keyText: ({ viewerId, limit }) => `${viewerId} ${limit}`,
      read: async ({ viewerId, limit }) => {
        reads.push(viewerId);
        return { value: 'x'.repeat(limit), users: [] };
      },
      weigh: (value) => value.length,
      maxWeight: 10,
    });
    await memo.get({ viewerId: 1, limit: 4 });
    await memo.get({ viewerId: 2, limit: 4 });
    await memo.get({ viewerId: 1, limit: 4 });
    // 4 + 4 + 4 is over 10: the least recently asked (2) goes.
    await memo.get({ viewerId: 3, limit: 4 });
    await memo.get({ viewerId: 1, limit: 4 });
    await memo.get({ viewerId: 2, limit: 4 });
    expect(reads).toEqual([1, 2, 3, 2]);
  });

  it('reads every time when turned off', async () => {
    const { memo, reads } = setUp({ off: ['request lists'], verify: 0 });
    await memo.get({ viewerId: 1, limit: 50 });
    await memo.get({ viewerId: 1, limit: 50 });
    expect(reads).toHaveLength(2);
  });

  it('in verify mode, fails on a kept answer no heard change explains, and gives a heard one afresh', async () => {
    const { memo, answers } = setUp({ off: [], verify: 1 });
    await memo.get({ viewerId: 1, limit: 50 });
    answers.set(1, { value: 'changed unheard', users: [1, 7] });
    await expect(memo.get({ viewerId: 1, limit: 50 })).rejects.toThrow(
      'A kept answer of the request lists differs from a fresh read, and no change of its users was heard',
    );
    answers.set(1, { value: 'changed and heard', users: [1, 7] });
    setTimeout(() => memo.changed(7), 20);
    expect(await memo.get({ viewerId: 1, limit: 50 })).toBe('changed and heard (50)');
  });
});
