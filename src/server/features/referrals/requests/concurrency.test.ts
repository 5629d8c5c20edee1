import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REFERRAL_REQUEST_ERRORS } from '../../../../shared/referral-texts.js';
import { referralRequests, referrals } from '../../../db/schema.js';
import { createTestApp, testDatabases, type TestApp } from '../../../testing/test-app.js';
import { jobUrl, requestBody, signInReferrer } from '../../../testing/referral-fixtures.js';

describe.each(testDatabases)('referral requests under concurrency (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { REFERRER_CAPACITY: '3' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('never assigns a referrer more than REFERRER_CAPACITY open referrals', async () => {
    const referrer = await signInReferrer(t, 'Cora Capacity', 'Salesforce');
    const seeker = await t.signIn('Many Requests');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        seeker.post(
          '/api/referral-requests',
          requestBody({ companyId: 8, jobUrl: jobUrl('salesforce.com') }),
        ),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(17);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json()).toEqual({ error: REFERRAL_REQUEST_ERRORS.capacity('Salesforce') });
    }
    expect(await t.database.db.$count(referrals, eq(referrals.referrerId, referrer.user.id))).toBe(3);
    // Refused requests were not saved.
    expect(
      await t.database.db.$count(referralRequests, eq(referralRequests.jobSeekerId, seeker.user.id)),
    ).toBe(3);
  });

  it('creates one request from ten identical concurrent submits', async () => {
    const seeker = await t.signIn('Double Clicker');
    const body = requestBody({ companyId: 7 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => seeker.post('/api/referral-requests', body)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json()).toEqual({ error: REFERRAL_REQUEST_ERRORS.duplicate });
    }
    expect(
      await t.database.db.$count(referralRequests, eq(referralRequests.jobSeekerId, seeker.user.id)),
    ).toBe(1);
  });
});

describe.each(testDatabases)('racing accept and decline on one referral (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { REFERRER_CAPACITY: '50' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('leaves one winner and a 409 in each of 20 rounds, and the row says who won', async () => {
    const referrer = await signInReferrer(t, 'Rory Racer', 'Netflix');
    const seeker = await t.signIn('Rita Requester');
    const outcomes: string[] = [];
    for (let round = 0; round < 20; round++) {
      // A seeker may send 10 requests a day: a new one every ten rounds.
      const asker = round < 10 ? seeker : await t.signIn(`Rita Requester ${round}`);
      const created = await asker.post(
        '/api/referral-requests',
        requestBody({ companyId: 7, jobUrl: jobUrl('jobs.netflix.com') }),
      );
      expect(created.statusCode, created.body).toBe(201);
      const referralId = created.json().referral.id as number;
      const order = round % 2 === 0 ? ['accepted', 'declined'] : ['declined', 'accepted'];
      const answers = await Promise.all(
        order.map((status) => referrer.put(`/api/referrals/${referralId}/status`, { status })),
      );
      expect(answers.map((a) => a.statusCode).sort(), `round ${round}`).toEqual([200, 409]);
      const winner = order[answers.findIndex((a) => a.statusCode === 200)]!;
      const loser = answers.find((a) => a.statusCode === 409)!;
      expect(loser.json().error, `round ${round}`).toMatch(new RegExp(winner));
      const [row] = await t.database.db.select().from(referrals).where(eq(referrals.id, referralId));
      expect(row?.status, `round ${round}`).toBe(winner);
      outcomes.push(winner);
    }
    // Both orders happened and both kinds of winner are possible: the guard, not the order, decides.
    expect(outcomes).toHaveLength(20);
  });
});
