import { and, asc, eq, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { CreateReferralRequestResultSchema, ReferralRequestListSchema } from '../../shared/referrals.js';
import { referralRequests, referrals } from '../db/schema.js';
import { runReferralSweep } from '../features/referrals/handoffs/sweep.js';
import { referralDepsOf, requestBody, signInReferrer } from './referral-fixtures.js';
import type { SignedIn, TestApp } from './test-app.js';

/** Test-only helpers for docs/product.md, A request's life: a company of its own per test, a fake clock. */

let companySeq = 0;

/** A fresh company with `names.length` willing referrers (signed in in order, so the first is picked first). */
export async function companyWithReferrers(t: TestApp, ...names: string[]) {
  companySeq += 1;
  const company = `Handoff Works ${companySeq} ${Math.random().toString(36).slice(2, 7)}`;
  const referrers: SignedIn[] = [];
  for (const name of names) referrers.push(await signInReferrer(t, name, company));
  return { company, referrers };
}

/** A seeker's request at the company; answers the request id. */
export async function ask(seeker: SignedIn, company: string): Promise<number> {
  const res = await seeker.post(
    '/api/referral-requests',
    requestBody({ companyId: null, detectedCompanyName: company }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return CreateReferralRequestResultSchema.parse(res.json()).id;
}

/** Every referral of the request, oldest first; the current one has supersededAt null. */
export async function referralsOf(t: TestApp, requestId: number) {
  return t.database.db
    .select()
    .from(referrals)
    .where(eq(referrals.requestId, requestId))
    .orderBy(asc(referrals.id));
}

export async function currentReferral(t: TestApp, requestId: number) {
  const [row] = await t.database.db
    .select()
    .from(referrals)
    .where(and(eq(referrals.requestId, requestId), isNull(referrals.supersededAt)));
  return row;
}

export async function requestStatus(t: TestApp, requestId: number) {
  const [row] = await t.database.db.select().from(referralRequests).where(eq(referralRequests.id, requestId));
  return row?.status;
}

/** Runs the sweep as of `ms` after the real now at the test's start. */
export function sweeper(t: TestApp) {
  const start = Date.now();
  const deps = referralDepsOf(t);
  return {
    deps,
    at: (ms: number) => new Date(start + ms),
    sweep: (ms: number) => runReferralSweep(t.database.db, deps, new Date(start + ms)),
  };
}

export async function seekerList(seeker: SignedIn) {
  const res = await seeker.get('/api/referral-requests');
  expect(res.statusCode).toBe(200);
  return ReferralRequestListSchema.parse(res.json());
}

export async function referrerList(referrer: SignedIn) {
  const res = await referrer.get('/api/referral-requests?role=referrer');
  expect(res.statusCode).toBe(200);
  return ReferralRequestListSchema.parse(res.json());
}

export const decline = (who: SignedIn, referralId: number, feedback?: string) =>
  who.put(`/api/referrals/${referralId}/status`, { status: 'declined', ...(feedback ? { feedback } : {}) });

/**
 * Runs the sweep just past DECLINE_UNDO_WINDOW from now until every decline so far has passed on or ended.
 * The sweep skips a row another transaction holds (SKIP LOCKED), as the posting's background read does for
 * a moment after a request is made; in production the next tick takes it, here the next round does.
 */
export async function settleDeclines(t: TestApp) {
  const at = new Date(Date.now() + t.config.declineUndoMs + 1000);
  for (let round = 0; round < 50; round += 1) {
    await runReferralSweep(t.database.db, referralDepsOf(t), at);
    const [waiting] = await t.database.db
      .select({ id: referrals.id })
      .from(referrals)
      .innerJoin(referralRequests, eq(referralRequests.id, referrals.requestId))
      .where(
        and(
          eq(referrals.status, 'declined'),
          isNull(referrals.supersededAt),
          eq(referralRequests.status, 'pending'),
        ),
      )
      .limit(1);
    if (!waiting) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('a decline was still not settled after 50 sweeps');
}

/** A decline, then the hand-off after its undo window (the tests about what follows a decline). */
export async function declineAndSettle(t: TestApp, who: SignedIn, referralId: number, feedback?: string) {
  const res = await decline(who, referralId, feedback);
  await settleDeclines(t);
  return res;
}
