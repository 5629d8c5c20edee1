import { describe, expect, it } from 'vitest';
import { createResponseNumbersCache, RESPONSE_NUMBERS_KEEP_MS } from './response-cache.js';
import type { ResponseNumbers } from './stats-repo.js';

const SINCE = new Date('2026-08-01T00:00:00Z');

function setUp() {
  let clock = 1_000;
  const numbers = new Map<number, ResponseNumbers>([
    [1, { answered: 3, settled: 4, medianSeconds: 3600 }],
    [2, { answered: 0, settled: 5, medianSeconds: null }],
  ]);
  const asked: number[][] = [];
  const read = createResponseNumbersCache(
    async (ids) => {
      asked.push([...ids]);
      return new Map(ids.flatMap((id) => (numbers.has(id) ? [[id, { ...numbers.get(id)! }] as const] : [])));
    },
    { now: () => clock },
  );
  return { read, asked, numbers, advance: (ms: number) => (clock += ms) };
}

describe("the companies' response numbers, kept a minute", () => {
  it('reads only the companies it does not hold, in one query, and keeps those without numbers too', async () => {
    const { read, asked } = setUp();
    const first = await read([1, 3], SINCE);
    expect([...first]).toEqual([[1, { answered: 3, settled: 4, medianSeconds: 3600 }]]);
    const second = await read([1, 2, 3], SINCE);
    expect([...second.keys()].sort()).toEqual([1, 2]);
    expect(asked).toEqual([[1, 3], [2]]);
  });

  it('reads a company again once its numbers are a minute old', async () => {
    const { read, asked, numbers, advance } = setUp();
    await read([1], SINCE);
    numbers.set(1, { answered: 4, settled: 4, medianSeconds: 1800 });
    advance(RESPONSE_NUMBERS_KEEP_MS - 1);
    expect((await read([1], SINCE)).get(1)).toEqual({ answered: 3, settled: 4, medianSeconds: 3600 });
    advance(2);
    expect((await read([1], SINCE)).get(1)).toEqual({ answered: 4, settled: 4, medianSeconds: 1800 });
    expect(asked).toEqual([[1], [1]]);
  });

  it('asks nothing for an empty page', async () => {
    const { read, asked } = setUp();
    expect((await read([], SINCE)).size).toBe(0);
    expect(asked).toEqual([]);
  });
});
