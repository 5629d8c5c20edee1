import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccountExportSchema } from '../../../../shared/account.js';
import { BONUS_TOO_EARLY, ReferralBonusListSchema } from '../../../../shared/referral-bonus.js';
import { mailOutbox, referralBonuses } from '../../../db/schema.js';
import { ask, companyWithReferrers, currentReferral } from '../../../testing/handoff-fixtures.js';
import { notificationsOf, referralDepsOf } from '../../../testing/referral-fixtures.js';
import {
  createTestApp,
  ORIGIN,
  testDatabases,
  type SignedIn,
  type TestApp,
} from '../../../testing/test-app.js';
import { runReferralSweep } from '../handoffs/sweep.js';

const BOSS = 'boss@example.com';
const BONUS = {
  hiredOn: '2027-01-04',
  payoutAfterDays: 30,
  amount: 2500,
  currency: 'usd',
  status: 'waiting',
};
const REMINDER = 'Referral bonus';

/** Issue 50 item 5: the referral bonus, tracked for the referrer alone (docs/decisions/083-referral-bonus-tracker.md). */
describe.each(testDatabases)('the referral bonus tracker (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false }, { ADMIN_EMAILS: BOSS });
  });
  afterAll(() => t.close());

  const bonusUrl = (referralId: number) => `/api/referrals/${referralId}/bonus`;
  const setStatus = (who: SignedIn, referralId: number, status: string) =>
    who.put(`/api/referrals/${referralId}/status`, { status });

  /** A referral Rita holds for Sam, moved along to `until`. */
  async function referral(until: 'pending' | 'accepted' | 'submitted' | 'successful' = 'successful') {
    const { company, referrers } = await companyWithReferrers(t, 'Rita Ref');
    const rita = referrers[0]!;
    const seeker = await t.signIn('Sam Seeker');
    const requestId = await ask(seeker, company);
    const referralId = (await currentReferral(t, requestId))!.id;
    const steps = ['accepted', 'submitted', 'successful'];
    for (const step of steps.slice(0, steps.indexOf(until) + 1))
      expect((await setStatus(rita, referralId, step)).statusCode).toBe(200);
    return { rita, seeker, company, referralId };
  }

  async function bonusesOf(who: SignedIn) {
    const res = await who.get('/api/referrer/bonuses');
    expect(res.statusCode).toBe(200);
    return ReferralBonusListSchema.parse(res.json()).items;
  }

  it('is recorded by the referrer once the outcome is successful, and listed with its expected day', async () => {
    const { rita, company, referralId } = await referral();
    const res = await rita.put(bonusUrl(referralId), BONUS);
    expect(res.statusCode).toBe(200);
    const expected = {
      referralId,
      candidateFirstName: 'Sam',
      company,
      hiredOn: '2027-01-04',
      payoutAfterDays: 30,
      expectedPayoutOn: '2027-02-03',
      amount: 2500,
      currency: 'USD',
      status: 'waiting',
    };
    expect(res.json()).toEqual(expected);
    expect(await bonusesOf(rita)).toEqual([expected]);

    // Changed later: paid, without an amount; its own answer is taken back unchanged.
    const paid = await rita.put(bonusUrl(referralId), { ...expected, amount: null, status: 'paid' });
    expect(paid.statusCode, paid.body).toBe(400); // referralId and the rest are not fields of the input
    const changed = await rita.put(bonusUrl(referralId), {
      hiredOn: '2027-01-04',
      payoutAfterDays: 60,
      amount: null,
      currency: null,
      status: 'paid',
    });
    expect(changed.statusCode).toBe(200);
    expect(await bonusesOf(rita)).toEqual([
      {
        ...expected,
        payoutAfterDays: 60,
        expectedPayoutOn: '2027-03-05',
        amount: null,
        currency: null,
        status: 'paid',
      },
    ]);
    const decimals = await rita.put(bonusUrl(referralId), { ...BONUS, amount: 1234.5, currency: 'EUR' });
    expect(decimals.json()).toMatchObject({ amount: 1234.5, currency: 'EUR' });
  });

  it('answers 409 with a sentence before the outcome is successful', async () => {
    for (const until of ['pending', 'accepted', 'submitted'] as const) {
      const { rita, referralId } = await referral(until);
      const res = await rita.put(bonusUrl(referralId), BONUS);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(BONUS_TOO_EARLY);
    }
    const { rita, referralId } = await referral('submitted');
    expect((await setStatus(rita, referralId, 'unsuccessful')).statusCode).toBe(200);
    expect((await rita.put(bonusUrl(referralId), BONUS)).statusCode).toBe(409);
    expect(await bonusesOf(rita)).toEqual([]);
  });

  it('is the referrer’s alone: 404 for the seeker, another referrer and an unknown id, 401 for a visitor', async () => {
    const { rita, seeker, referralId } = await referral();
    const other = (await companyWithReferrers(t, 'Olga Other')).referrers[0]!;
    for (const who of [seeker, other]) {
      const res = await who.put(bonusUrl(referralId), BONUS);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Referral not found.');
    }
    expect((await rita.put(bonusUrl(999_999), BONUS)).statusCode).toBe(404);
    const visitor = await t.app.inject({
      method: 'PUT',
      url: bonusUrl(referralId),
      headers: ORIGIN,
      payload: BONUS,
    });
    expect(visitor.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/referrer/bonuses' })).statusCode).toBe(401);
    expect(
      await t.database.db.select().from(referralBonuses).where(eq(referralBonuses.referralId, referralId)),
    ).toEqual([]);

    // Recorded: the seeker sees it nowhere, nor does the other referrer, nor an admin's view of either.
    expect((await rita.put(bonusUrl(referralId), BONUS)).statusCode).toBe(200);
    expect(await bonusesOf(seeker)).toEqual([]);
    expect(await bonusesOf(other)).toEqual([]);
    const seekerList = await seeker.get('/api/referral-requests');
    expect(seekerList.body).not.toMatch(/hiredOn|payoutAfterDays|bonus/i);
    const admin = await t.signIn('Bo Boss', BOSS);
    for (const id of [rita.user.id, seeker.user.id]) {
      const view = await admin.get(`/api/admin/users/${id}`);
      expect(view.statusCode).toBe(200);
      expect(view.body).not.toMatch(/hiredOn|payoutAfterDays|bonus/i);
    }
  });

  it('refuses bad input with a sentence (400)', async () => {
    const { rita, referralId } = await referral();
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ hiredOn: '05/01/2027' }, /YYYY-MM-DD/],
      [{ hiredOn: '2027-02-30' }, /YYYY-MM-DD/],
      [{ hiredOn: '1999-12-31' }, /2000-01-01/],
      [{ hiredOn: undefined }, /YYYY-MM-DD/],
      [{ payoutAfterDays: -1 }, /from 0 to 730/],
      [{ payoutAfterDays: 731 }, /from 0 to 730/],
      [{ payoutAfterDays: 1.5 }, /whole number/],
      [{ payoutAfterDays: '30' }, /whole number/],
      [{ amount: -1 }, /from 0 to 1,000,000/],
      [{ amount: 1.234 }, /two decimals/],
      [{ currency: 'US' }, /three-letter code/],
      [{ currency: 'US1' }, /three-letter code/],
      [{ status: 'pending' }, /waiting, paid or forfeited/],
      [{ status: undefined }, /waiting, paid or forfeited/],
    ];
    for (const [change, sentence] of bad) {
      const res = await rita.put(bonusUrl(referralId), { ...BONUS, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(change)).toMatch(sentence);
      expect(res.json().error).toMatch(/\.$/);
    }
    expect(await bonusesOf(rita)).toEqual([]);
  });

  it('is in the referrer’s export and goes with their account', async () => {
    const { rita, seeker, referralId } = await referral();
    expect((await rita.put(bonusUrl(referralId), BONUS)).statusCode).toBe(200);
    const exported = AccountExportSchema.parse((await rita.get('/api/user/export')).json());
    expect(exported.referralBonuses).toEqual([
      expect.objectContaining({
        referralId,
        hiredOn: '2027-01-04',
        expectedPayoutOn: '2027-02-03',
        status: 'waiting',
      }),
    ]);
    const seekerExport = AccountExportSchema.parse((await seeker.get('/api/user/export')).json());
    expect(seekerExport.referralBonuses).toEqual([]);
    expect(JSON.stringify(seekerExport)).not.toMatch(/payoutAfterDays/);

    const deleted = await rita.browser.request({
      method: 'DELETE',
      url: '/api/user',
      headers: { ...ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ confirmEmail: rita.user.email }),
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      await t.database.db.select().from(referralBonuses).where(eq(referralBonuses.referralId, referralId)),
    ).toEqual([]);
  });

  describe('reminders on the referral sweep', () => {
    const sweep = (iso: string) => runReferralSweep(t.database.db, referralDepsOf(t), new Date(iso));
    const reminders = async (who: SignedIn) =>
      (await notificationsOf(t, who.user.id)).filter((n) => n.title === REMINDER);

    it('asks 7 days before the expected day and on it, each once, with the sentence', async () => {
      const { rita, company, referralId } = await referral();
      expect((await rita.put(bonusUrl(referralId), BONUS)).statusCode).toBe(200); // expected 2027-02-03
      await sweep('2027-01-26T12:00:00Z');
      expect(await reminders(rita)).toHaveLength(0);
      await sweep('2027-01-26T23:59:59Z');
      expect(await reminders(rita)).toHaveLength(0);
      await sweep('2027-01-27T00:00:01Z');
      const [early] = await reminders(rita);
      expect(early).toMatchObject({
        message: `Did you receive your referral bonus for Sam at ${company}?`,
        type: 'bonus_reminder',
        link: '/referrer-dashboard',
      });
      await sweep('2027-01-30T09:00:00Z');
      await sweep('2027-02-02T23:00:00Z');
      expect(await reminders(rita)).toHaveLength(1);
      await sweep('2027-02-03T06:00:00Z');
      const both = await reminders(rita);
      expect(both).toHaveLength(2);
      expect(both[0]!.message).toBe(`Did you receive your referral bonus for Sam at ${company}?`);
      await sweep('2027-02-04T06:00:00Z');
      await sweep('2027-03-04T06:00:00Z');
      expect(await reminders(rita)).toHaveLength(2);
    });

    it("runs on the app's own sweep and is mailed to the referrer", async () => {
      let now = new Date();
      const timed = await createTestApp(kind, { now: () => now }, { REFERRAL_SWEEP_INTERVAL: '1s' });
      try {
        const { company, referrers } = await companyWithReferrers(timed, 'Tia Timer');
        const tia = referrers[0]!;
        const seeker = await timed.signIn('Sam Seeker');
        const referralId = (await currentReferral(timed, await ask(seeker, company)))!.id;
        for (const step of ['accepted', 'submitted', 'successful'])
          expect((await setStatus(tia, referralId, step)).statusCode).toBe(200);
        // Hired today, paid after 10 days: the early reminder is due 3 days on.
        const today = now.toISOString().slice(0, 10);
        const body = { ...BONUS, hiredOn: today, payoutAfterDays: 10 };
        expect((await tia.put(bonusUrl(referralId), body)).statusCode).toBe(200);
        now = new Date(now.getTime() + 3 * 86_400_000 + 60_000);
        await vi.waitFor(
          async () => {
            const mails = await timed.database.db
              .select()
              .from(mailOutbox)
              .where(and(eq(mailOutbox.to, tia.user.email), eq(mailOutbox.subject, REMINDER)));
            expect(mails).toHaveLength(1);
            expect(mails[0]!.text).toContain(`Did you receive your referral bonus for Sam at ${company}?`);
          },
          { timeout: 8000, interval: 200 },
        );
      } finally {
        await timed.close();
      }
    });

    it('reminds a day already past once, at the next sweep, and a new day afresh', async () => {
      const { rita, referralId } = await referral();
      expect((await rita.put(bonusUrl(referralId), { ...BONUS, hiredOn: '2026-01-04' })).statusCode).toBe(
        200,
      );
      await sweep('2027-01-10T06:00:00Z');
      await sweep('2027-01-11T06:00:00Z');
      expect(await reminders(rita)).toHaveLength(1);
      // The same day again keeps its reminders; a new one is reminded on its own.
      expect(
        (await rita.put(bonusUrl(referralId), { ...BONUS, hiredOn: '2026-01-04', amount: 10 })).statusCode,
      ).toBe(200);
      await sweep('2027-01-12T06:00:00Z');
      expect(await reminders(rita)).toHaveLength(1);
      expect((await rita.put(bonusUrl(referralId), { ...BONUS, hiredOn: '2027-01-09' })).statusCode).toBe(
        200,
      );
      await sweep('2027-02-01T06:00:00Z'); // 7 days before 2027-02-08
      expect(await reminders(rita)).toHaveLength(2);
    });

    it('never reminds a paid or forfeited bonus', async () => {
      for (const status of ['paid', 'forfeited']) {
        const { rita, referralId } = await referral();
        expect((await rita.put(bonusUrl(referralId), { ...BONUS, status })).statusCode).toBe(200);
        await sweep('2027-01-28T06:00:00Z');
        await sweep('2027-02-03T06:00:00Z');
        expect(await reminders(rita)).toHaveLength(0);
      }
    });

    it('sends each reminder once when several sweeps run at once', async () => {
      const { rita, referralId } = await referral();
      expect((await rita.put(bonusUrl(referralId), BONUS)).statusCode).toBe(200);
      await Promise.all([1, 2, 3].map(() => sweep('2027-01-29T06:00:00Z')));
      expect(await reminders(rita)).toHaveLength(1);
      await Promise.all([1, 2, 3].map(() => sweep('2027-02-03T06:00:00Z')));
      expect(await reminders(rita)).toHaveLength(2);
    });
  });
});
