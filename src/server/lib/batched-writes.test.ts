import { describe, expect, it } from 'vitest';
import { batchedWrites } from './batched-writes.js';

/** A write whose calls are recorded and finish only when the test says so. */
function heldWrites(fails: (items: string[]) => boolean = () => false) {
  const calls: { items: string[]; finish: () => void }[] = [];
  const write = (items: string[]) =>
    new Promise<void>((resolve, reject) => {
      calls.push({
        items,
        finish: () => (fails(items) ? reject(new Error(`refused ${items.join()}`)) : resolve()),
      });
    });
  return { calls, write };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('batchedWrites', () => {
  it('writes an item alone at once, and settles only when its write has finished', async () => {
    const { calls, write } = heldWrites();
    const record = batchedWrites(write);
    let done = false;
    const first = record('a').then(() => (done = true));
    expect(calls.map((c) => c.items)).toEqual([['a']]);
    await settled();
    expect(done).toBe(false);
    calls[0]!.finish();
    await first;
    expect(done).toBe(true);
  });

  it('sends what arrives during a write together in the next one, each caller told when theirs is in', async () => {
    const { calls, write } = heldWrites();
    const record = batchedWrites(write);
    const first = record('a');
    const rest = ['b', 'c', 'd'].map((item) => record(item));
    expect(calls).toHaveLength(1);
    calls[0]!.finish();
    await first;
    await settled();
    expect(calls.map((c) => c.items)).toEqual([['a'], ['b', 'c', 'd']]);
    let restDone = false;
    const all = Promise.all(rest).then(() => (restDone = true));
    await settled();
    expect(restDone).toBe(false);
    calls[1]!.finish();
    await all;
    // Idle again: the next item goes alone, at once.
    void record('e');
    expect(calls.at(-1)!.items).toEqual(['e']);
  });

  it('splits a batch no larger than its limit', async () => {
    const { calls, write } = heldWrites();
    const record = batchedWrites(write, 2);
    const all = ['a', 'b', 'c', 'd', 'e', 'f'].map((item) => record(item));
    calls[0]!.finish();
    await settled();
    calls[1]!.finish();
    await settled();
    calls[2]!.finish();
    await settled();
    calls[3]!.finish();
    await Promise.all(all);
    expect(calls.map((c) => c.items)).toEqual([['a'], ['b', 'c'], ['d', 'e'], ['f']]);
  });

  it('when a batch fails, writes each of its items alone: only the bad one fails', async () => {
    const { calls, write } = heldWrites((items) => items.includes('bad'));
    const record = batchedWrites(write);
    const first = record('a');
    const outcomes = ['b', 'bad', 'c'].map((item) =>
      record(item).then(
        () => 'stored',
        (error: Error) => error.message,
      ),
    );
    calls[0]!.finish();
    await first;
    await settled();
    calls[1]!.finish();
    for (let i = 2; i < 5; i++) {
      await settled();
      calls[i]!.finish();
    }
    expect(await Promise.all(outcomes)).toEqual(['stored', 'refused bad', 'stored']);
    expect(calls.map((c) => c.items)).toEqual([['a'], ['b', 'bad', 'c'], ['b'], ['bad'], ['c']]);
  });
});
