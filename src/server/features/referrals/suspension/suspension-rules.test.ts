import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema.js';
import { openReferralWorld, type ReferralWorld } from '../../../testing/referral-world.js';
import { resumeAfterSuspension, setAsideForSuspension } from './suspension.js';

/**
 * suspension.ts called directly on a bare in-memory database (referral-world.ts), as the admin feature's
 * port calls it. admin/users/suspension.test.ts walks suspension through HTTP, on both databases.
 */

let w: ReferralWorld;
beforeAll(async () => {
  w = await openReferralWorld();
});
afterAll(() => w.close());

/** As the admin's suspension does: the user row is marked (or cleared), then the port runs in that transaction. */
async function suspend(userId: number) {
  return w.database.db.transaction(async (tx) => {
    await tx.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, userId));
    return setAsideForSuspension(tx, w.deps, userId, new Date());
  });
}
async function lift(userId: number) {
  return w.database.db.transaction(async (tx) => {
    await tx.update(users).set({ suspendedAt: null }).where(eq(users.id, userId));
    return resumeAfterSuspension(tx, w.deps, userId, new Date());
  });
}

describe("a suspended seeker's requests", () => {
  it('go, once the suspension is lifted, to a referrer who did not hold them, who is told', async () => {
    const company = await w.company();
    const first = await w.referrer('Fay First', company.name);
    const seeker = await w.user('Stan Seeker');
    const request = await w.ask(seeker, company.name);
    expect((await w.current(request))?.referrerId).toBe(first.id);
    const next = await w.referrer('Ned Next', company.name);

    expect(await suspend(seeker.id)).toEqual({ passedOn: 0, paused: 1 });
    expect(await w.current(request)).toBeUndefined();
    expect(await lift(seeker.id)).toBe(1);
    expect((await w.current(request))?.referrerId).toBe(next.id);
    expect((await w.noticesOf(next.id)).at(-1)).toEqual({
      title: 'New referral request',
      message: `Stan Seeker asks for a referral for Engineer at ${company.name}.`,
      type: 'referral_assigned',
      link: '/my-referrals?tab=incoming',
    });
  });

  it('never go back to the referrer who held them: with nobody else there they keep waiting', async () => {
    const company = await w.company();
    const only = await w.referrer('Ona Only', company.name);
    const seeker = await w.user('Sia Seeker');
    const request = await w.ask(seeker, company.name);
    expect((await w.current(request))?.referrerId).toBe(only.id);

    await suspend(seeker.id);
    const noticesBefore = (await w.noticesOf(only.id)).length;
    expect(await lift(seeker.id)).toBe(0);
    expect(await w.current(request)).toBeUndefined();
    expect(await w.requestStatus(request)).toBe('pending');
    expect(await w.noticesOf(only.id)).toHaveLength(noticesBefore);
  });
});
