import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReferralRequestListSchema } from '../../../../shared/referrals.js';
import { ReferrerRecordSchema } from '../../../../shared/referrer-record.js';
import { referrals, referrers } from '../../../db/schema.js';
import {
  ask,
  companyWithReferrers,
  currentReferral,
  declineAndSettle,
  sweeper,
} from '../../../testing/handoff-fixtures.js';
import { setWilling, signInReferrer } from '../../../testing/referral-fixtures.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../../testing/test-app.js';

const HOUR = 3_600_000;

/** Issue 24 item 9 (docs/decisions/037-referrer-record.md): the referrer's own record, and matching by it. */
describe.each(testDatabases)('referrer record (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false });
  });
  afterAll(async () => {
    await t.close();
  });

  const recordOf = async (who: SignedIn) => {
    const res = await who.get('/api/referrer/record');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return ReferrerRecordSchema.parse(res.json());
  };
  const move = (who: SignedIn, id: number, body: Record<string, unknown>) =>
    who.put(`/api/referrals/${id}/status`, body);
  /** Dates the referral's assignment `hours` before its answer, as if it had waited that long. */
  const answeredAfter = (id: number, hours: number) =>
    t.database.db
      .update(referrals)
      .set({
        createdAt: sql`${referrals.answeredAt} - ${hours} * interval '1 hour'`,
        pendingSince: sql`${referrals.answeredAt} - ${hours} * interval '1 hour'`,
      })
      .where(eq(referrals.id, id));

  it('is thin until five requests were due, then gives the share in time, the median and confirmations', async () => {
    const {
      company,
      referrers: [cy],
    } = await companyWithReferrers(t, 'Cy Counted');
    const fresh = await recordOf(cy!);
    expect(fresh).toEqual({
      asked: 0,
      answeredInTime: 0,
      medianHoursToAnswer: null,
      submitted: 0,
      confirmedSubmissions: 0,
      notReceived: 0,
      thin: true,
    });

    const seekers: SignedIn[] = [];
    const ids: number[] = [];
    for (const name of ['Ada', 'Bo', 'Cal', 'Dee', 'Eve']) {
      const seeker = await t.signIn(`${name} Asking`);
      const requestId = await ask(seeker, company);
      seekers.push(seeker);
      ids.push((await currentReferral(t, requestId))!.id);
    }
    const [a, b, c, d, e] = ids as [number, number, number, number, number];
    for (const id of [a, b, c]) expect((await move(cy!, id, { status: 'accepted' })).statusCode).toBe(200);
    expect((await declineAndSettle(t, cy!, d)).statusCode).toBe(200);
    for (const [id, hours] of [
      [a, 1],
      [b, 2],
      [c, 3],
      [d, 4],
    ] as const)
      await answeredAfter(id, hours);

    // Four due, one still pending: too few to say anything.
    const thin = await recordOf(cy!);
    expect(thin).toMatchObject({ asked: 4, answeredInTime: 4, medianHoursToAnswer: null, thin: true });

    // The fifth is answered two hours after its five days ran out (before the sweep expired it): late.
    expect((await declineAndSettle(t, cy!, e)).statusCode).toBe(200);
    await answeredAfter(e, 5 * 24 + 2);
    for (const id of [a, b]) {
      expect((await move(cy!, id, { status: 'submitted' })).statusCode).toBe(200);
    }
    const [ada, bo] = seekers as [SignedIn, SignedIn];
    expect((await ada.post(`/api/referrals/${a}/confirmation`, { received: true })).statusCode).toBe(200);
    expect((await bo.post(`/api/referrals/${b}/confirmation`, { received: false })).statusCode).toBe(200);

    expect(await recordOf(cy!)).toEqual({
      asked: 5,
      answeredInTime: 4,
      medianHoursToAnswer: 3,
      submitted: 2,
      confirmedSubmissions: 1,
      notReceived: 1,
      thin: false,
    });
  });

  it("counts an expiry against the referrer and never shows their record in the seeker's list", async () => {
    const {
      company,
      referrers: [ann],
    } = await companyWithReferrers(t, 'Ann Absent');
    const { sweep } = sweeper(t);
    const seekers: SignedIn[] = [];
    for (const name of ['Fay', 'Gus', 'Hal', 'Ivy', 'Jo']) {
      const seeker = await t.signIn(`${name} Waiting`);
      await ask(seeker, company);
      seekers.push(seeker);
    }
    await sweep(t.config.referralResponseMs + HOUR);
    expect(await recordOf(ann!)).toMatchObject({ asked: 5, answeredInTime: 0, thin: false });

    const list = ReferralRequestListSchema.parse((await seekers[0]!.get('/api/referral-requests')).json());
    const raw = JSON.stringify(list);
    for (const word of ['answeredInTime', 'medianHours', 'confirmedSubmissions', 'record']) {
      expect(raw).not.toContain(word);
    }
  });

  it('matches verified first, then the better record, then the fewest open', async () => {
    // Poppy lets five requests expire: a poor record. Nell is new (thin). Both unverified.
    const {
      company,
      referrers: [poppy],
    } = await companyWithReferrers(t, 'Poppy Poor');
    const { sweep } = sweeper(t);
    for (const name of ['Kit', 'Lou', 'Mo', 'Ned', 'Oz']) await ask(await t.signIn(`${name} Early`), company);
    await sweep(t.config.referralResponseMs + HOUR);
    const nell = await signInReferrer(t, 'Nell New', company);

    // Nell takes both although the second finds her with one open and Poppy with none.
    const holders: number[] = [];
    for (const name of ['Pia', 'Quin']) {
      const requestId = await ask(await t.signIn(`${name} Later`), company);
      holders.push((await currentReferral(t, requestId))!.referrerId);
    }
    expect(holders).toEqual([nell.user.id, nell.user.id]);

    // Verified comes before any record: Poppy, verified, takes the next one.
    await t.database.db
      .update(referrers)
      .set({ isVerified: true, verifiedAt: new Date() })
      .where(eq(referrers.userId, poppy!.user.id));
    const requestId = await ask(await t.signIn('Rae Verified'), company);
    expect((await currentReferral(t, requestId))!.referrerId).toBe(poppy!.user.id);

    // Unwilling, Poppy gets nothing more: Nell again.
    expect((await setWilling(poppy!, false)).statusCode).toBe(200);
    const next = await ask(await t.signIn('Sid After'), company);
    expect((await currentReferral(t, next))!.referrerId).toBe(nell.user.id);
  });

  it('answers visitors 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/referrer/record' });
    expect(res.statusCode).toBe(401);
  });
});
