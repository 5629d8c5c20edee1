import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_REQUEST_ERRORS } from '../../../../shared/referral-texts.js';
import { UserSettingsSchema } from '../../../../shared/settings.js';
import { referrals, referrers, userSettings } from '../../../db/schema.js';
import { ask, companyWithReferrers, currentReferral, sweeper } from '../../../testing/handoff-fixtures.js';
import { referralDepsOf, requestBody, setWilling } from '../../../testing/referral-fixtures.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../../testing/test-app.js';
import { verifiedSince } from '../verification/lapse-rule.js';
import { pickReferrer } from './matching.js';
import { startCapMonths } from './month-start.js';

/** Issue 25 item 9: a referrer's monthly cap and pause, as matching, the hand-out and the sweep honour them. */
describe.each(testDatabases)('monthly cap and pause in matching (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false });
  });
  afterAll(async () => {
    await t.close();
  });

  const limits = async (who: SignedIn, body: Record<string, unknown>) => {
    const res = await who.put('/api/user/settings', body);
    expect(res.statusCode, res.body).toBe(200);
    return UserSettingsSchema.parse(res.json());
  };
  const companyOf = async (who: SignedIn) => {
    const [row] = await t.database.db
      .select({ companyId: referrers.companyId })
      .from(referrers)
      .where(eq(referrers.userId, who.user.id));
    return row!.companyId;
  };
  /** What matching would do at `at` for a new request at the referrer's company (nothing is written). */
  const pickAt = async (who: SignedIn, seeker: SignedIn, at: Date) => {
    const deps = referralDepsOf(t);
    const companyId = await companyOf(who);
    return t.database.db.transaction((tx) =>
      pickReferrer(tx, deps, companyId, seeker.user.id, [], verifiedSince(at, deps.verificationTtlMs), at),
    );
  };
  const askRaw = (seeker: SignedIn, company: string) =>
    seeker.post('/api/referral-requests', requestBody({ companyId: null, detectedCompanyName: company }));

  it('gives a paused referrer nothing: the company gets the capacity sentence, and lifting it ends that', async () => {
    const {
      company,
      referrers: [rita],
    } = await companyWithReferrers(t, 'Rita Resting');
    await limits(rita!, { referralsPausedUntil: '2099-01-01' });
    const seeker = await t.signIn('Sam Seeker');
    const refused = await askRaw(seeker, company);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(REFERRAL_REQUEST_ERRORS.capacity(company));
    // Willingness and record stay.
    const me = await rita!.get(`/api/users/${rita!.user.id}`);
    expect(me.json()).toMatchObject({ willingToGiveReferrals: true });

    expect((await limits(rita!, { referralsPausedUntil: null })).referralsPausedUntil).toBeNull();
    const requestId = await ask(seeker, company);
    expect((await currentReferral(t, requestId))?.referrerId).toBe(rita!.user.id);
  });

  it('stops at the monthly cap: the next request goes to another referrer, then nobody has room', async () => {
    const {
      company,
      referrers: [ann, ben],
    } = await companyWithReferrers(t, 'Ann Capped', 'Ben Open');
    await limits(ann!, { monthlyReferralCap: 1 });
    await limits(ben!, { monthlyReferralCap: 1 });
    const first = await ask(await t.signIn('Sue One'), company);
    const second = await ask(await t.signIn('Sue Two'), company);
    expect((await currentReferral(t, first))?.referrerId).toBe(ann!.user.id);
    expect((await currentReferral(t, second))?.referrerId).toBe(ben!.user.id);
    const third = await askRaw(await t.signIn('Sue Three'), company);
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toBe(REFERRAL_REQUEST_ERRORS.capacity(company));
  });

  it("counts the cap by the calendar month in the referrer's own time zone", async () => {
    const {
      company,
      referrers: [lea, ute],
    } = await companyWithReferrers(t, 'Lea Pacific', 'Ute Utc');
    const seeker = await t.signIn('Sid Asker');
    const other = await t.signIn('Oda Other');
    // Both referrers hold one referral, assigned 2025-02-01 04:00 UTC: still January in Los Angeles.
    const leaReq = await ask(seeker, company);
    await setWilling(lea!, false);
    const uteReq = await ask(other, company);
    await setWilling(lea!, true);
    expect((await currentReferral(t, leaReq))?.referrerId).toBe(lea!.user.id);
    expect((await currentReferral(t, uteReq))?.referrerId).toBe(ute!.user.id);
    const assignedAt = new Date('2025-02-01T04:00:00Z');
    for (const id of [leaReq, uteReq]) {
      await t.database.db.update(referrals).set({ createdAt: assignedAt }).where(eq(referrals.requestId, id));
    }
    await limits(lea!, { monthlyReferralCap: 1, timeZone: 'America/Los_Angeles' });
    await limits(ute!, { monthlyReferralCap: 1, timeZone: 'UTC' });
    const third = await t.signIn('Tia Third');

    // 07:59 UTC is 23:59 on 31 January in Los Angeles: Lea's January already has her one; Ute's February too.
    expect(await pickAt(lea!, third, new Date('2025-02-01T07:59:00Z'))).toEqual({ kind: 'full' });
    // 08:00 UTC: February begins in Los Angeles, and Lea has room again; Ute (UTC) is still capped.
    expect(await pickAt(lea!, third, new Date('2025-02-01T08:00:00Z'))).toEqual({
      kind: 'picked',
      referrerId: lea!.user.id,
    });
    // With Lea paused, Ute alone: her February ends at midnight UTC.
    await limits(lea!, { referralsPausedUntil: '2099-01-01' });
    expect(await pickAt(ute!, third, new Date('2025-03-01T00:00:00Z'))).toEqual({
      kind: 'picked',
      referrerId: ute!.user.id,
    });
    expect(await pickAt(ute!, third, new Date('2025-02-28T23:59:59Z'))).toEqual({ kind: 'full' });
  });

  it('ends a pause when its day begins in the referrer’s time zone', async () => {
    const {
      referrers: [kei],
    } = await companyWithReferrers(t, 'Kei Tokyo');
    const seeker = await t.signIn('Pat Asker');
    // A day to come (a pause ending on a day gone by is refused).
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await limits(kei!, { referralsPausedUntil: until, timeZone: 'Asia/Tokyo' });
    // Midnight of that day in Tokyo is 15:00 UTC the day before.
    const midnightInTokyo = Date.parse(`${until}T00:00:00+09:00`);
    expect(await pickAt(kei!, seeker, new Date(midnightInTokyo - 1000))).toEqual({ kind: 'full' });
    expect(await pickAt(kei!, seeker, new Date(midnightInTokyo))).toEqual({
      kind: 'picked',
      referrerId: kei!.user.id,
    });
    // Lifted again: the sweep below ends only the pause it sets.
    await limits(kei!, { referralsPausedUntil: null });
  });

  it('hands waiting requests to a referrer whose pause the sweep ends, and clears the pause', async () => {
    const { sweep, at } = sweeper(t);
    await sweep(0); // Pauses the earlier tests left behind end here.
    const rob = await t.signIn('Rob Returning');
    const company = `Pause Works ${Math.random().toString(36).slice(2, 7)}`;
    expect(
      (await rob.put(`/api/users/${rob.user.id}/current-company`, { companyName: company })).statusCode,
    ).toBe(200);
    const today = new Date();
    const inThreeDays = new Date(today.getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
    await limits(rob, { referralsPausedUntil: inThreeDays, timeZone: 'UTC' });
    // Nobody willing yet: the request waits.
    const requestId = await ask(await t.signIn('Wendy Waiting'), company);
    expect((await setWilling(rob, true)).statusCode).toBe(200);
    expect(await currentReferral(t, requestId)).toBeUndefined();

    expect((await sweep(0)).pausesEnded).toBe(0);
    expect(await currentReferral(t, requestId)).toBeUndefined();
    const startOfPause = Date.parse(`${inThreeDays}T00:00:00Z`) - at(0).getTime();
    expect((await sweep(startOfPause + 1000)).pausesEnded).toBe(1);
    expect((await currentReferral(t, requestId))?.referrerId).toBe(rob.user.id);
    const [row] = await t.database.db
      .select({ until: userSettings.referralsPausedUntil })
      .from(userSettings)
      .where(eq(userSettings.userId, rob.user.id));
    expect(row?.until).toBeNull();
    expect((await sweep(startOfPause + 2000)).pausesEnded).toBe(0);
  });

  it('hands waiting requests out when a referrer raises their cap', async () => {
    const {
      company,
      referrers: [cal],
    } = await companyWithReferrers(t, 'Cal Capped');
    await limits(cal!, { monthlyReferralCap: 1 });
    await ask(await t.signIn('First Asker'), company);
    await setWilling(cal!, false);
    const waiting = await ask(await t.signIn('Second Asker'), company);
    await setWilling(cal!, true);
    expect(await currentReferral(t, waiting)).toBeUndefined();
    await limits(cal!, { monthlyReferralCap: 2 });
    expect((await currentReferral(t, waiting))?.referrerId).toBe(cal!.user.id);
  });

  it('hands a capped referrer the requests that waited when their next month begins in their time zone, once', async () => {
    const {
      company,
      referrers: [liv],
    } = await companyWithReferrers(t, 'Liv Month');
    await limits(liv!, { monthlyReferralCap: 1, timeZone: 'Asia/Tokyo' });
    await ask(await t.signIn('Now Asker'), company);
    // Her one referral this month is taken: a later request waits, willing or not.
    await setWilling(liv!, false);
    const waiting = await ask(await t.signIn('Later Asker'), company);
    await setWilling(liv!, true);
    expect(await currentReferral(t, waiting)).toBeUndefined();

    // Her next month begins at midnight in Tokyo (UTC+9, no summer time).
    const tokyo = new Date(Date.now() + 9 * 3_600_000);
    const nextMonth = Date.UTC(tokyo.getUTCFullYear(), tokyo.getUTCMonth() + 1, 1) - 9 * 3_600_000;
    const deps = referralDepsOf(t);
    const startAt = (ms: number) => startCapMonths(t.database.db, deps, new Date(nextMonth + ms));
    const handedOutAt = async () => {
      const [row] = await t.database.db
        .select({ at: userSettings.capMonthHandedOutAt })
        .from(userSettings)
        .where(eq(userSettings.userId, liv!.user.id));
      return row?.at?.getTime();
    };

    // A second before: still this month, still full. The sweep has looked at her, and the request waits.
    expect(await startAt(-1000)).toBeGreaterThanOrEqual(1);
    expect(await handedOutAt()).toBe(nextMonth - 1000);
    expect(await currentReferral(t, waiting)).toBeUndefined();
    // Midnight: her new month has begun, and the request that waited is hers.
    expect(await startAt(0)).toBeGreaterThanOrEqual(1);
    expect((await currentReferral(t, waiting))?.referrerId).toBe(liv!.user.id);
    expect(await handedOutAt()).toBe(nextMonth);
    // Once a month: later sweeps in the same month pass her by.
    await startAt(1000);
    await startAt(10 * 86_400_000);
    expect(await handedOutAt()).toBe(nextMonth);
  });
});
