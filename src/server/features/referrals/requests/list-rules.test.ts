import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resumes } from '../../../db/schema.js';
import { openReferralWorld, type ReferralWorld } from '../../../testing/referral-world.js';
import { findRequestView, listClock } from './list-repo.js';
import { changeReferralStatus, listRequests } from './service.js';
import { runReferralSweep } from '../handoffs/sweep.js';

/**
 * The two request lists (list-repo.ts) on one bare in-memory database: what the seeker and the referrer
 * each see, newest first, the resume link, the hand-off history and the page cursor. lists.test.ts walks
 * them through HTTP.
 */

let w: ReferralWorld;
beforeAll(async () => {
  w = await openReferralWorld({ capacity: 5, maxHandoffs: 3 });
});
afterAll(() => w.close());

const HOUR = 3600_000;
const list = (user: { id: number }, role?: 'referrer', before?: number, limit = 50) =>
  listRequests(w.database.db, w.deps, user as Parameters<typeof listRequests>[2], { role, limit, before });

describe('request lists', () => {
  it('the seeker sees their requests newest first, with the current referral and the hand-offs', async () => {
    const company = await w.company();
    const first = await w.referrer('rita ref', company.name);
    const second = await w.referrer('Nina Next', company.name);
    const seeker = await w.user('Sam Seeker');
    const older = await w.ask(seeker, company.name, 'Older Role');
    const newer = await w.ask(seeker, company.name, 'Newer Role');
    const declined = (await w.current(older))!;
    expect(declined.referrerId).toBe(first.id);
    await changeReferralStatus(w.database.db, w.deps, first, declined.id, {
      status: 'declined',
      feedback: null,
      reason: null,
    });
    await w.settleDeclines();

    const mine = await list(seeker);
    expect(mine.map((r) => r.position)).toEqual(['Newer Role', 'Older Role']);
    const [top, bottom] = mine;
    expect(top!.id).toBe(newer);
    expect(top!.handoffs).toEqual([]);
    expect(bottom!.referral).toMatchObject({
      referrerId: expect.any(Number),
      status: 'pending',
      referrerFirstName: 'Nina',
    });
    const [handoff] = bottom!.handoffs;
    expect(handoff).toEqual({
      referrerFirstName: 'Rita',
      outcome: 'declined',
      at: expect.any(String) as unknown,
      declineReason: null,
      feedback: null,
    });
    expect(new Date(handoff!.at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(bottom).toMatchObject({
      jobSeekerId: seeker.id,
      companyId: company.id,
      status: 'pending',
      resumeLink: null,
      company: { id: company.id, name: company.name, isPartner: false },
      jobSeeker: { id: seeker.id, fullName: 'Sam Seeker', email: seeker.email, profilePicture: null },
    });
    expect(await findRequestView(w.database.db, older, seeker.id, listClock(w.deps))).toEqual(bottom);
    expect(await findRequestView(w.database.db, 9_999_999, seeker.id, listClock(w.deps))).toBeUndefined();

    // The referrer keeps the declined card as history, without the applicant's resume; the next holds it.
    const [resume] = await w.database.db
      .insert(resumes)
      .values({ userId: seeker.id, fileName: 'cv.pdf', sizeBytes: 10, isActive: true })
      .returning();
    const link = `/api/resumes/${resume!.id}/file`;
    const firsts = await list(first, 'referrer');
    expect(firsts.map((r) => [r.id, r.referral?.status, r.resumeLink, r.handoffs])).toEqual([
      [older, 'declined', null, []],
    ]);
    // The newer request went to Nina at once: she had fewer open referrals.
    const seconds = await list(second, 'referrer');
    expect(seconds.map((r) => [r.id, r.referral?.referrerId, r.resumeLink, r.handoffs])).toEqual([
      [newer, second.id, link, []],
      [older, second.id, link, []],
    ]);
    expect((await list(seeker)).map((r) => r.resumeLink)).toEqual([link, link]);
  });

  it('a pending referral says when it must be answered by; an expired one stays as "passed on" history', async () => {
    const company = await w.company();
    const first = await w.referrer('Rita Ref', company.name);
    const second = await w.referrer('Nina Next', company.name);
    const seeker = await w.user('Sam Seeker');
    const requestId = await w.ask(seeker, company.name, 'Role', 'Please refer me: sam@example.com');
    const assigned = (await w.current(requestId))!;
    const [waiting] = await list(first, 'referrer');
    expect(waiting!.referral!.respondBy).toBe(
      new Date(assigned.createdAt.getTime() + w.deps.responseMs).toISOString(),
    );
    expect(waiting!.referral!.passedOnAt).toBeNull();
    expect((await list(seeker))[0]!.referral!.respondBy).toBe(waiting!.referral!.respondBy);

    // Expire every pending referral: this one and any left by other tests.
    const later = new Date(Date.now() + 1000 * HOUR);
    await runReferralSweep(w.database.db, w.deps, later);
    const [view] = await list(seeker);
    expect(view!.handoffs.map((h) => [h.referrerFirstName, h.outcome])).toEqual([['Rita', 'expired']]);
    expect(view!.referral).toMatchObject({ referrerId: expect.any(Number), referrerFirstName: 'Nina' });
    expect(view!.message).toBe('Please refer me: sam@example.com');

    // Rita keeps the card as history, without the applicant's email, message or resume, and no deadline.
    const [history] = await list(first, 'referrer');
    expect(history).toMatchObject({
      id: requestId,
      message: null,
      resumeLink: null,
      jobSeeker: { id: seeker.id, fullName: 'Sam Seeker', email: null },
      referral: { referrerId: first.id, status: 'expired', respondBy: null, passedOnAt: later.toISOString() },
    });
    const [held] = await list(second, 'referrer');
    expect(held).toMatchObject({ id: requestId, message: 'Please refer me: sam@example.com' });
    expect(held!.referral).toMatchObject({ referrerId: second.id, status: 'pending', passedOnAt: null });
    expect(held!.referral!.respondBy).not.toBeNull();
  });

  it('an answered referral has no deadline', async () => {
    const company = await w.company();
    const referrer = await w.referrer('Rita Ref', company.name);
    const seeker = await w.user('Sam Seeker');
    const requestId = await w.ask(seeker, company.name);
    const referral = (await w.current(requestId))!;
    await changeReferralStatus(w.database.db, w.deps, referrer, referral.id, {
      status: 'accepted',
      feedback: null,
    });
    const [view] = await list(referrer, 'referrer');
    expect(view!.referral).toMatchObject({ status: 'accepted', respondBy: null, passedOnAt: null });
  });

  it('pages newest first by the before cursor and the limit', async () => {
    const company = await w.company();
    const referrer = await w.referrer('Rita Ref', company.name);
    const seeker = await w.user('Sam Seeker');
    const ids = [];
    for (const position of ['One', 'Two', 'Three']) ids.push(await w.ask(seeker, company.name, position));
    const [a, b, c] = ids as [number, number, number];
    expect((await list(seeker, undefined, undefined, 2)).map((r) => r.id)).toEqual([c, b]);
    expect((await list(seeker, undefined, b)).map((r) => r.id)).toEqual([a]);
    expect((await list(seeker, undefined, c, 1)).map((r) => r.id)).toEqual([b]);
    expect((await list(referrer, 'referrer', undefined, 2)).map((r) => r.id)).toEqual([c, b]);
    expect((await list(referrer, 'referrer', b)).map((r) => r.id)).toEqual([a]);
    expect((await list(referrer, 'referrer', c, 1)).map((r) => r.id)).toEqual([b]);
  });
});
