import { describe, expect, it } from 'vitest';
import type { Db } from './client.js';
import { oneByOne } from './one-by-one.js';

/** A database whose transactions only count themselves: the loop's rules, without rows. */
function countingDb() {
  const db = {
    transactions: 0,
    async transaction<T>(run: (tx: Db) => Promise<T>): Promise<T> {
      db.transactions += 1;
      return run(db as unknown as Db);
    },
  };
  return db;
}

describe('oneByOne', () => {
  it('takes one step per transaction until a step finds nothing to do', async () => {
    const db = countingDb();
    let left = 3;
    const done = await oneByOne(db as unknown as Db, 10, async () => left-- > 0);
    expect(done).toBe(3);
    expect(db.transactions).toBe(4);
  });

  it('stops at the limit, leaving the rest for the next sweep', async () => {
    const db = countingDb();
    const done = await oneByOne(db as unknown as Db, 5, async () => true);
    expect(done).toBe(5);
    expect(db.transactions).toBe(5);
  });
});
