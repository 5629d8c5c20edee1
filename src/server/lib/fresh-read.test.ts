import { describe, expect, it } from 'vitest';
import { sharedFreshRead } from './fresh-read.js';

/** A read the test ends by hand: each call is one read, numbered from 1, answered when the test says. */
function heldReads() {
  const pending: Array<{ resolve: (value: number) => void; reject: (error: Error) => void }> = [];
  let started = 0;
  const read = () =>
    new Promise<number>((resolve, reject) => {
      started += 1;
      pending.push({ resolve, reject });
    });
  return {
    read,
    started: () => started,
    /** Ends the oldest read still running with its own number, then lets the loop turn. */
    end: async () => {
      const number = started - pending.length + 1;
      pending.shift()!.resolve(number);
      await turns();
    },
    fail: async (message: string) => {
      pending.shift()!.reject(new Error(message));
      await turns();
    },
  };
}

/** A few turns of the event loop: time for a read's turn to come and for what follows it to run. */
async function turns(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe('sharedFreshRead', () => {
  it("begins a read on the loop's next turn for a caller when none runs", async () => {
    const reads = heldReads();
    const current = sharedFreshRead(reads.read);
    const first = current();
    // Not in this turn, not even once its promises have settled: callers asking meanwhile may still share it.
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(reads.started()).toBe(0);
    await turns();
    expect(reads.started()).toBe(1);
    await reads.end();
    await expect(first).resolves.toBe(1);
    const second = current();
    await turns();
    expect(reads.started()).toBe(2);
    await reads.end();
    await expect(second).resolves.toBe(2);
  });

  it('shares one read among every caller who asked before it began', async () => {
    const reads = heldReads();
    const current = sharedFreshRead(reads.read);
    const callers = Array.from({ length: 20 }, () => current());
    await turns();
    expect(reads.started()).toBe(1);
    await reads.end();
    expect(await Promise.all(callers)).toEqual(Array(20).fill(1));
  });

  it('never answers a caller with a read that began before it asked', async () => {
    const reads = heldReads();
    const current = sharedFreshRead(reads.read);
    const early = current();
    await turns();
    expect(reads.started()).toBe(1);
    const late = current();
    await turns();
    // The late caller's read begins only once the one running when it asked has ended.
    expect(reads.started()).toBe(1);
    await reads.end();
    await expect(early).resolves.toBe(1);
    expect(reads.started()).toBe(2);
    await reads.end();
    await expect(late).resolves.toBe(2);
  });

  it('shares the next read among every caller who asked while one ran', async () => {
    const reads = heldReads();
    const current = sharedFreshRead(reads.read);
    void current();
    await turns();
    const waiting = Array.from({ length: 20 }, () => current());
    await reads.end();
    // A caller asking after the shared read began waits for the one after it.
    const after = current();
    await reads.end();
    expect(await Promise.all(waiting)).toEqual(Array(20).fill(2));
    expect(reads.started()).toBe(3);
    await reads.end();
    await expect(after).resolves.toBe(3);
  });

  it('fails only the callers of a failed read; the next caller reads afresh', async () => {
    const reads = heldReads();
    const current = sharedFreshRead(reads.read);
    const failing = current();
    await turns();
    const waiting = current();
    const failed = expect(failing).rejects.toThrow('connection lost');
    await reads.fail('connection lost');
    await failed;
    // The caller that waited behind the failed read gets a read of its own.
    await reads.end();
    await expect(waiting).resolves.toBe(2);
    const next = current();
    await turns();
    await reads.end();
    await expect(next).resolves.toBe(3);
  });
});
