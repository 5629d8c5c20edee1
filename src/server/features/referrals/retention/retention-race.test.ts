import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_MESSAGE_TEXTS } from '../../../../shared/referral-messages.js';
import { referralMessages, referralRequests, referrals } from '../../../db/schema.js';
import { ask, companyWithReferrers, currentReferral } from '../../../testing/handoff-fixtures.js';
import { referralDepsOf } from '../../../testing/referral-fixtures.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../../testing/test-app.js';
import { runRetention } from './retention.js';

const REQUESTS = 12;
const WRITES_PER_REQUEST = 4;
const ROUNDS = 3;
const LONG_AGO = new Date(Date.now() - 400 * 24 * 3600_000);
const SPREAD_MS = 8;
const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 46 item 2: a message written while retention erases its request is erased with it or refused,
 * never kept beside an erased request. Each round closes twelve requests long enough ago, then races four
 * writes to each thread against the sweep.
 */
describe.each(testDatabases)('retention racing the thread (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false }, { RETENTION_AFTER_CLOSE: '30d' });
  });
  afterAll(() => t.close());

  /** Requests closed (withdrawn) and told long ago, due for erasure, their threads still open. */
  async function dueForErasure() {
    const { company, referrers } = await companyWithReferrers(t, 'Rae Racer');
    const threads: { seeker: SignedIn; requestId: number; referralId: number }[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const seeker = await t.signIn(`Seeker ${i}`);
      const requestId = await ask(seeker, company);
      const referral = (await currentReferral(t, requestId))!;
      expect(referral.referrerId).toBe(referrers[0]!.user.id);
      const withdrawn = await seeker.post(`/api/referral-requests/${requestId}/withdraw`);
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      threads.push({ seeker, requestId, referralId: referral.id });
    }
    await t.database.db
      .update(referralRequests)
      .set({ closedAt: LONG_AGO, erasureNoticedAt: LONG_AGO })
      .where(
        inArray(
          referralRequests.id,
          threads.map((th) => th.requestId),
        ),
      );
    return threads;
  }

  it('keeps no message beside an erased request, and refuses a late one with a sentence', async () => {
    const answers = new Map<number, number>();
    for (let round = 0; round < ROUNDS; round += 1) {
      const threads = await dueForErasure();
      // Writes spread over the sweeps' time, so some reach a request before a sweep claims it and some after.
      const writes = threads.flatMap(({ seeker, referralId }) =>
        Array.from({ length: WRITES_PER_REQUEST }, (_, n) =>
          after(n * SPREAD_MS).then(() =>
            seeker.post(`/api/referrals/${referralId}/messages`, { body: `Still hoping, ${n}.` }),
          ),
        ),
      );
      const sweeps = [0, SPREAD_MS, 2 * SPREAD_MS].map((ms) =>
        after(ms).then(() => runRetention(t.database.db, referralDepsOf(t), new Date())),
      );
      const [written] = await Promise.all([Promise.all(writes), Promise.all(sweeps)]);
      for (const res of written) {
        answers.set(res.statusCode, (answers.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode !== 201) {
          expect([res.statusCode, res.json()]).toEqual([409, { error: REFERRAL_MESSAGE_TEXTS.erased }]);
        }
      }
      // Whatever the sweeps skipped while a write held the request, the next one erases.
      await runRetention(t.database.db, referralDepsOf(t), new Date());
      const ids = threads.map((th) => th.requestId);
      const erased = await t.database.db
        .select({ n: count() })
        .from(referralRequests)
        .where(and(inArray(referralRequests.id, ids), isNotNull(referralRequests.erasedAt)));
      expect(erased[0]?.n).toBe(REQUESTS);
      const kept = await t.database.db
        .select({ requestId: referrals.requestId, n: count() })
        .from(referralMessages)
        .innerJoin(referrals, eq(referrals.id, referralMessages.referralId))
        .innerJoin(referralRequests, eq(referralRequests.id, referrals.requestId))
        .where(and(inArray(referralRequests.id, ids), isNotNull(referralRequests.erasedAt)))
        .groupBy(referrals.requestId);
      expect(kept, `round ${round}: messages kept beside an erased request`).toEqual([]);
    }
    expect([...answers.keys()].every((status) => status === 201 || status === 409)).toBe(true);
  });
});
