import { describe, expect, it } from 'vitest';
import { createTimedAnswer } from './timed-answer.js';

describe('a timed answer', () => {
  function counter(settings?: { off: 'referrers wanted'[]; verify: number }) {
    let clock = 1_000;
    let reads = 0;
    const answer = createTimedAnswer({
      name: 'referrers wanted',
      read: async () => {
        reads += 1;
        return reads;
      },
      lifetimeMs: 60_000,
      now: () => clock,
      ...(settings ? { settings } : {}),
    });
    return {
      answer,
      reads: () => reads,
      advance: (ms: number) => {
        clock += ms;
      },
    };
  }

  it('is read once, answered from memory for its lifetime, and read again when it ends', async () => {
    const { answer, reads, advance } = counter();
    expect(await answer.get()).toBe(1);
    advance(59_999);
    expect(await answer.get()).toBe(1);
    expect(reads()).toBe(1);
    advance(1);
    expect(await answer.get()).toBe(2);
    expect(reads()).toBe(2);
  });

  it('shares one read among the calls that miss together', async () => {
    const { answer, reads } = counter();
    expect(await Promise.all([answer.get(), answer.get(), answer.get()])).toEqual([1, 1, 1]);
    expect(reads()).toBe(1);
  });

  it('reads every time when KEPT_ANSWERS_OFF names it', async () => {
    const { answer, reads } = counter({ off: ['referrers wanted'], verify: 0 });
    expect(await answer.get()).toBe(1);
    expect(await answer.get()).toBe(2);
    expect(reads()).toBe(2);
  });
});
