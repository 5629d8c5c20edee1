import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import type { Db } from './client.js';
import { inBatches, oneByOne } from './one-by-one.js';

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
    const done = await oneByOne(db as unknown as Db, { limit: 10 }, async () => left-- > 0);
    expect(done).toBe(3);
    expect(db.transactions).toBe(4);
  });

  it('stops at the limit, leaving the rest for the next sweep', async () => {
    const db = countingDb();
    const done = await oneByOne(db as unknown as Db, { limit: 5 }, async () => true);
    expect(done).toBe(5);
    expect(db.transactions).toBe(5);
  });

  it("ends at the turn after the step during which its signal was aborted, with the signal's reason", async () => {
    const db = countingDb();
    const stopping = new AbortController();
    const outcome = await oneByOne(db as unknown as Db, { limit: 10, signal: stopping.signal }, async () => {
      if (db.transactions === 2) stopping.abort();
      return true;
    }).then(
      (done) => done,
      (err: unknown) => err,
    );
    expect(outcome).toBe(stopping.signal.reason);
    expect(db.transactions).toBe(2);
  });
});

describe('inBatches', () => {
  it('runs batches until one comes back short, and answers the rows done', async () => {
    const db = countingDb();
    const sizes = [25, 25, 7];
    const done = await inBatches(db as unknown as Db, { size: 25 }, async () => sizes.shift() ?? 0);
    expect(done).toBe(57);
    expect(db.transactions).toBe(3);
  });

  it('stops after maxBatches, leaving the rest for the next sweep', async () => {
    const db = countingDb();
    const done = await inBatches(db as unknown as Db, { size: 10, maxBatches: 4 }, async () => 10);
    expect(done).toBe(40);
    expect(db.transactions).toBe(4);
  });
});

describe('oneByOne on PGlite', () => {
  // PGlite answers in this thread without letting the event loop turn: a loop of its transactions held
  // every HTTP request until the loop ended (165 s for the first sweep of the bench's data set).
  it('answers an HTTP request between its steps, not after the last', async () => {
    const client = new PGlite();
    await client.exec('create table steps (id serial primary key)');
    const db = drizzle(client) as unknown as Db;
    const server = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      let steps = 0;
      let stepsWhenAnswered = -1;
      const request = fetch(`http://127.0.0.1:${port}/`)
        .then((res) => res.text())
        .then(() => (stepsWhenAnswered = steps));
      // Enough steps that the request is sent and answered while they run, if the loop lets it.
      const done = await oneByOne(db, { limit: 2_000 }, async (tx) => {
        await tx.execute(sql`insert into steps default values`);
        steps += 1;
        return true;
      });
      await request;
      expect(done).toBe(2_000);
      expect(stepsWhenAnswered).toBeGreaterThan(0);
      expect(stepsWhenAnswered).toBeLessThan(2_000);
    } finally {
      server.close();
      await client.close();
    }
  });
});
