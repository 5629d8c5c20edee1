import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanyDirectoryPageSchema } from '../../../shared/companies.js';
import { setWilling, signInReferrer } from '../../testing/referral-fixtures.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../testing/test-app.js';

/**
 * Directory pages are read afresh
 * ([decision 070](../../../../docs/decisions/070-kept-answers-that-pay-under-a-crowd.md)), and no read that
 * began before a write committed may answer a request made after it: here reads of the same page run without
 * pause beside a referrer who turns their willingness on and off, and every page asked for after a change's
 * answer shows that change.
 */
describe.each(testDatabases)('kept pages read beside writes (%s)', (kind) => {
  let t: TestApp;
  const tag = `zr${randomUUID().slice(0, 6)}`;
  const company = `${tag.toUpperCase()} Racing`;
  let racer: SignedIn;
  let reader: SignedIn;

  beforeAll(async () => {
    // Nine readers race without pause: far past one user's directory limit, which is not under test here.
    t = await createTestApp(kind, { referralSweep: false }, { DIRECTORY_RATE_LIMIT: '1000000' });
    racer = await signInReferrer(t, 'Rae Racer', company);
    reader = await signInReferrer(t, 'Rob Reader', `${tag.toUpperCase()} Elsewhere`);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The company's referrers who can take a request now, as a signed-in reader's directory page shows them. */
  const available = async () => {
    const res = await reader.get(`/api/companies/directory?q=${tag}`);
    expect(res.statusCode, res.body).toBe(200);
    const items = CompanyDirectoryPageSchema.parse(res.json()).items;
    return items.find((entry) => entry.name === company)?.referrers ?? 0;
  };

  it('shows every change to a page asked for after the change answered, while other reads race beside', async () => {
    expect(await available()).toBe(1);
    let racing = true;
    let beside = 0;
    const readers = Array.from({ length: 8 }, async () => {
      while (racing) {
        await available();
        beside += 1;
        // As sockets would: a request handled in process can finish in microtasks alone (PGlite answers
        // in them), and a loop of those would starve the timers and I/O the write waits for.
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    try {
      for (let round = 1; round <= 40; round++) {
        const willing = round % 2 === 0;
        expect((await setWilling(racer, willing)).statusCode).toBe(200);
        expect(await Promise.all([available(), available(), available()])).toEqual(
          Array(3).fill(willing ? 1 : 0),
        );
      }
    } finally {
      racing = false;
      await Promise.all(readers);
    }
    expect(beside).toBeGreaterThan(40);
  });
});
