import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referralRequests, type UserRow } from '../../../db/schema.js';
import { openReferralWorld, type ReferralWorld } from '../../../testing/referral-world.js';
import { matchReleasedRequest } from './release.js';
import { changeReferralStatus, createReferralRequest } from './service.js';

/**
 * release.ts called directly on a bare in-memory database (referral-world.ts): a held request an admin
 * released is matched as a new request would be. admin/held/held-requests.test.ts walks the release
 * through HTTP.
 */

let w: ReferralWorld;
beforeAll(async () => {
  w = await openReferralWorld();
});
afterAll(() => w.close());

/** Asks for one posting, as the request form would; answers the request id. */
async function askFor(seeker: UserRow, company: string, jobUrl: string, message: string | null = null) {
  const created = await createReferralRequest(w.database.db, w.deps, seeker, {
    jobUrl,
    position: 'Engineer',
    message,
    companyId: null,
    detectedCompanyName: company,
  } as Parameters<typeof createReferralRequest>[3]);
  return created.id;
}

/** As the admin's release does: the held request turns pending, then it is matched in that transaction. */
async function release(requestId: number) {
  return w.database.db.transaction(async (tx) => {
    await tx.update(referralRequests).set({ status: 'pending' }).where(eq(referralRequests.id, requestId));
    return matchReleasedRequest(tx, w.deps, requestId, new Date());
  });
}

describe('matchReleasedRequest', () => {
  it('gives the released request to a referrer at once and tells them, naming the seeker', async () => {
    const { name } = await w.company();
    const referrer = await w.referrer('Rhea Ref', name);
    const seeker = await w.user('Sadie Seeker');
    const held = await askFor(
      seeker,
      name,
      'https://jobs.example/release-1',
      'I will pay $300 for a referral.',
    );
    expect(await w.requestStatus(held)).toBe('held');
    expect(await w.current(held)).toBeUndefined();

    expect(await release(held)).toBe('assigned');
    expect((await w.current(held))?.referrerId).toBe(referrer.id);
    expect(await w.noticesOf(referrer.id)).toContainEqual(
      expect.objectContaining({
        title: 'New referral request',
        message: `Sadie Seeker asks for a referral for Engineer at ${name}.`,
      }),
    );
  });

  it('never gives it to a referrer who declined that posting for this seeker before: it waits', async () => {
    const { name } = await w.company();
    const referrer = await w.referrer('Rory Ref', name);
    const seeker = await w.user('Sol Seeker');
    const jobUrl = 'https://jobs.example/release-2';
    const first = await askFor(seeker, name, jobUrl);
    const referral = (await w.current(first))!;
    expect(referral.referrerId).toBe(referrer.id);
    await changeReferralStatus(w.database.db, w.deps, referrer, referral.id, {
      status: 'declined',
      feedback: null,
    } as Parameters<typeof changeReferralStatus>[4]);
    await w.settleDeclines();
    expect(await w.requestStatus(first)).toBe('declined');

    const held = await askFor(seeker, name, jobUrl, 'I will pay $300 for a referral.');
    const noticesBefore = (await w.noticesOf(referrer.id)).length;
    expect(await release(held)).toBe('waiting');
    expect(await w.referralsOf(held)).toEqual([]);
    expect(await w.requestStatus(held)).toBe('pending');
    expect(await w.noticesOf(referrer.id)).toHaveLength(noticesBefore);
  });
});
