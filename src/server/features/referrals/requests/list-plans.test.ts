import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { describePlans, expectNoFullScan, preparedPlans } from '../../../testing/plan-world.js';
import { dueChecksQuery } from '../liveness/liveness-repo.js';
import { recentRequestTimes } from './daily-limit.js';
import { listTimelineRows } from '../timeline/timeline-repo.js';
import { listRequestViews, requestListQuery } from './list-repo.js';

const IdsSchema = z.object({ rows: z.array(z.object({ id: z.number() })) });

/** Through an index, in the index's order. */
function expectIndexed(plan: string) {
  expectNoFullScan(plan);
  expect(plan).not.toMatch(/(^|\s)Sort\s/m);
}

// 100 requests a seeker.
describePlans('list query plans', { seekers: 2000, referrers: 200, companies: 13 }, (world) => {
  it("reads a seeker's page through the seeker index, without sorting", async () => {
    const { db, firstSeeker } = world;
    expectIndexed(await world.planOf(requestListQuery(db, 'seeker', firstSeeker + 7, { limit: 50 })));
    expectIndexed(
      await world.planOf(requestListQuery(db, 'seeker', firstSeeker + 7, { limit: 50, before: 150_000 })),
    );
  });

  it("reads a referrer's page through the referrer index, without sorting", async () => {
    const { db, firstReferrer } = world;
    expectIndexed(await world.planOf(requestListQuery(db, 'referrer', firstReferrer + 3, { limit: 50 })));
    expectIndexed(
      await world.planOf(requestListQuery(db, 'referrer', firstReferrer + 3, { limit: 50, before: 100_000 })),
    );
  });

  it("counts a seeker's last 24 hours through (job_seeker_id, created_at), without sorting", async () => {
    const since = new Date(Date.now() - 24 * 3600 * 1000);
    const plan = await world.planOf(recentRequestTimes(world.db, world.firstSeeker + 7, since, 10));
    expect(plan).toMatch(/referral_requests_seeker_created_idx/);
    expectIndexed(plan);
  });

  it("claims the postings due for a liveness reading through the open requests' next-check index", async () => {
    const plan = await world.planOf(dueChecksQuery(world.db, new Date(), 100));
    expect(plan).toMatch(/referral_requests_job_next_check_idx/);
    expectIndexed(plan);
  });

  // The seeker's first page, each card with its history, is a statement prepared once: PostgreSQL plans the
  // first five calls for their values, then keeps the generic plan rather than planning every poll afresh.
  // (The referrer's, at a thousand requests a referrer, stays planned per call: a generic LIMIT $n is
  // estimated at a tenth of the rows, more than the page.) PGlite keeps no pg_prepared_statements rows.
  if (world.kind === 'postgres')
    it("reads a seeker's first page, with its timelines, on one kept plan, not planned afresh on every call", async () => {
      const { db, firstSeeker } = world;
      const clock = { now: new Date(), responseMs: 3 * 86_400_000, undoMs: 5_000, changesMs: 86_400_000 };
      const [plan] = await db.transaction(async (tx) => {
        for (let i = 0; i < 8; i++) {
          const cards = await listRequestViews(tx, 'seeker', firstSeeker + 7, { limit: 20 }, clock);
          expect(cards.every((card) => card.timeline[0]?.kind === 'requested')).toBe(true);
        }
        return preparedPlans(tx, ['seeker_requests_first_page']);
      });
      expect(plan?.generic).toBeGreaterThanOrEqual(3);
    });

  // A page's timelines are named by its owner and its ends, scalars: with the page's ids as an array,
  // PostgreSQL planned every call afresh for a short page (its custom plan always looked cheaper), which cost
  // more than running it. It plans the first five calls for their values, then keeps the generic plan.
  // PGlite keeps no pg_prepared_statements rows to count by.
  if (world.kind === 'postgres')
    it("reads a short page's timelines on one kept plan, not planned afresh on every call", async () => {
      const { db, firstSeeker, firstReferrer } = world;
      const ids = IdsSchema.parse(
        await db.execute(sql`
        select id from referral_requests where job_seeker_id = ${firstSeeker + 7} order by id desc limit 2`),
      ).rows.map((row) => row.id);
      const page = { fromId: Math.min(...ids), toId: Math.max(...ids) };
      const plans = await db.transaction(async (tx) => {
        for (let i = 0; i < 8; i++) {
          await listTimelineRows(tx, { seekerId: firstSeeker + 7, ...page });
          await listTimelineRows(tx, { referrerId: firstReferrer + 3, ...page });
        }
        return preparedPlans(tx, ['request_timelines', 'referrer_request_timelines']);
      });
      expect(plans.map((plan) => plan.name)).toEqual(['referrer_request_timelines', 'request_timelines']);
      for (const plan of plans) expect(plan.generic, plan.name).toBeGreaterThanOrEqual(3);
    });
});
