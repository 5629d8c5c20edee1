import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CompanyStatsSchema } from '../../../shared/companies.js';
import { referrals } from '../../db/schema.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../testing/test-app.js';
import {
  requestBody,
  seedReferral as seedSql,
  setCompany,
  signInReferrer,
} from '../../testing/referral-fixtures.js';

describe.each(testDatabases)('company stats (%s)', (kind) => {
  let t: TestApp;
  let reader: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind);
    reader = await t.signIn('Stats Reader');
  });
  afterAll(async () => {
    await t.close();
  });

  const statsOf = async (companyId: number) => {
    const res = await reader.get(`/api/companies/${companyId}/stats`);
    expect(res.statusCode).toBe(200);
    return CompanyStatsSchema.parse(res.json());
  };

  const seedReferral = (
    companyId: number,
    seekerId: number,
    referrerId: number,
    answer: Parameters<typeof seedSql>[2],
  ) => seedSql(t.database.db, { companyId, seekerId, referrerId }, answer);

  it('counts willing and verified referrers, and the answers of the last 90 days', async () => {
    const vera = await signInReferrer(t, 'Vera Verified', 'Stripe', `vera-${kind}@stripe.com`);
    const uma = await signInReferrer(t, 'Uma Unverified', 'Stripe');
    await setCompany(await t.signIn('Nora Not Willing'), 'Stripe');
    const seeker = await t.signIn('Sid Seeker');
    const seed = (ref: SignedIn, o: Parameters<typeof seedReferral>[3]) =>
      seedReferral(4, seeker.user.id, ref.user.id, o);
    await seed(vera, { ageDays: 10, status: 'accepted', answerHours: 10 });
    await seed(uma, { ageDays: 20, status: 'declined', answerHours: 20 });
    await seed(vera, { ageDays: 30, status: 'submitted', answerHours: 30 });
    // Passed on unanswered: settled, not answered.
    await seed(uma, { ageDays: 40, status: 'expired' });
    // Still open: may yet be answered, so it counts for neither side.
    await seed(vera, { ageDays: 1, status: 'pending' });
    // Outside the window.
    await seed(vera, { ageDays: 100, status: 'accepted', answerHours: 1 });
    await seed(uma, { ageDays: 120, status: 'expired' });

    expect(await statsOf(4)).toEqual({
      referrers: 2,
      verifiedReferrers: 1,
      responseRate: 0.75,
      medianResponseHours: 20,
    });
  });

  it('answers null rate and median with fewer than 3 settled referrals', async () => {
    const seeker = await t.signIn('Few Data');
    const referrer = await t.signIn('Past Referrer');
    await seedReferral(5, seeker.user.id, referrer.user.id, {
      ageDays: 2,
      status: 'accepted',
      answerHours: 3,
    });
    await seedReferral(5, seeker.user.id, referrer.user.id, { ageDays: 3, status: 'expired' });
    expect(await statsOf(5)).toEqual({
      referrers: 0,
      verifiedReferrers: 0,
      responseRate: null,
      medianResponseHours: null,
    });
    // A third settled one gives a rate, once the channel brings the change
    // (docs/decisions/076-company-numbers-kept-until-they-change.md); one answer is still too few for a median.
    await seedReferral(5, seeker.user.id, referrer.user.id, { ageDays: 4, status: 'expired' });
    await expect.poll(() => statsOf(5)).toMatchObject({ responseRate: 1 / 3, medianResponseHours: null });
  });

  it('records when a referrer answers', async () => {
    const referrer = await signInReferrer(t, 'Ana Answers', 'Netflix');
    const seeker = await t.signIn('Quick Question');
    const created = await seeker.post('/api/referral-requests', requestBody({ companyId: 7 }));
    expect(created.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.referrerId, referrer.user.id));
    expect(row!.answeredAt).toBeNull();
    const before = Date.now();
    const moved = await referrer.put(`/api/referrals/${row!.id}/status`, {
      status: 'accepted',
      feedback: '',
    });
    expect(moved.statusCode).toBe(200);
    const [answered] = await t.database.db.select().from(referrals).where(eq(referrals.id, row!.id));
    expect(answered!.answeredAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // Later moves keep the first answer's time.
    await referrer.put(`/api/referrals/${row!.id}/status`, { status: 'submitted', feedback: '' });
    const [submitted] = await t.database.db.select().from(referrals).where(eq(referrals.id, row!.id));
    expect(submitted!.answeredAt).toEqual(answered!.answeredAt);
  });

  it('is 404 for an unknown company, 400 for a bad id, 401 for visitors', async () => {
    const missing = await reader.get('/api/companies/999999/stats');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Company not found.' });
    expect((await reader.get('/api/companies/abc/stats')).statusCode).toBe(400);
    const visitor = await t.app.inject({ method: 'GET', url: '/api/companies/4/stats' });
    expect(visitor.statusCode).toBe(401);
  });
});
