import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DailyLimitErrorSchema, dailyLimitMessage } from '../../../../shared/request-limit.js';
import { referralRequests } from '../../../db/schema.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../../testing/test-app.js';
import { jobUrl, requestBody } from '../../../testing/referral-fixtures.js';

const DAY = 24 * 3600 * 1000;

describe.each(testDatabases)('the daily request limit (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  const countRequests = (seekerId: number) =>
    t.database.db.$count(referralRequests, eq(referralRequests.jobSeekerId, seekerId));
  // Spread over companies without referrers: every request is saved and waits, none hits capacity.
  const send = (who: SignedIn, i: number) =>
    who.post(
      '/api/referral-requests',
      requestBody({ companyId: 20 + (i % 5), jobUrl: jobUrl('jobs.example') }),
    );

  it('lets 10 through in a day and refuses the 11th with the time of the next one', async () => {
    expect(t.config.requestsPerDay).toBe(10);
    const seeker = await t.signIn('Busy Seeker');
    for (let i = 0; i < 10; i++) expect((await send(seeker, i)).statusCode).toBe(201);
    const [first] = await t.database.db
      .select({ createdAt: referralRequests.createdAt })
      .from(referralRequests)
      .where(eq(referralRequests.jobSeekerId, seeker.user.id))
      .orderBy(referralRequests.createdAt)
      .limit(1);
    const nextAt = new Date(first!.createdAt.getTime() + DAY);

    const refused = await send(seeker, 10);
    expect(refused.statusCode).toBe(429);
    const body = DailyLimitErrorSchema.parse(refused.json());
    expect(body.error).toBe(dailyLimitMessage(10, nextAt));
    expect(body.error).toMatch(
      /^You can send at most 10 referral requests a day\. You can send your next one after \d{1,2}:\d\d [AP]M UTC on [A-Z][a-z]{2} \d{1,2}\.$/,
    );
    expect(body.retryAt).toBe(nextAt.toISOString());
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(DAY / 1000 - 120);
    expect(retryAfter).toBeLessThanOrEqual(DAY / 1000);
    expect(await countRequests(seeker.user.id)).toBe(10);
  });

  it("writes the time of the next one in the seeker's own time zone once the browser told it", async () => {
    const seeker = await t.signIn('Tokyo Seeker');
    expect((await seeker.put('/api/user/settings', { timeZone: 'Asia/Tokyo' })).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await send(seeker, i)).statusCode).toBe(201);
    const refused = await send(seeker, 10);
    expect(refused.statusCode).toBe(429);
    const body = DailyLimitErrorSchema.parse(refused.json());
    expect(body.error).toBe(dailyLimitMessage(10, new Date(body.retryAt), 'Asia/Tokyo'));
    expect(body.error).toMatch(/after \d{1,2}:\d\d [AP]M GMT\+9 on /);
  });

  it('does not count requests older than 24 hours', async () => {
    const seeker = await t.signIn('Yesterday Seeker');
    for (let i = 0; i < 10; i++) expect((await send(seeker, i)).statusCode).toBe(201);
    expect((await send(seeker, 10)).statusCode).toBe(429);
    // Move three of them past the window: three more may go.
    await t.database.db.execute(sql`
      update referral_requests set created_at = now() - interval '24 hours 1 minute'
      where id in (select id from referral_requests where job_seeker_id = ${seeker.user.id} order by id limit 3)`);
    for (let i = 0; i < 3; i++) expect((await send(seeker, i)).statusCode).toBe(201);
    expect((await send(seeker, 3)).statusCode).toBe(429);
    expect(await countRequests(seeker.user.id)).toBe(13);
  });

  it('leaves exactly 10 from 15 parallel submits', async () => {
    const seeker = await t.signIn('Parallel Seeker');
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => send(seeker, i)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    expect(await countRequests(seeker.user.id)).toBe(10);
  });

  it('keeps one seeker’s limit away from another', async () => {
    const other = await t.signIn('Fresh Seeker');
    expect((await send(other, 0)).statusCode).toBe(201);
  });
});

describe('REQUESTS_PER_DAY', () => {
  it('sets the limit', async () => {
    const t = await createTestApp('pglite', {}, { REQUESTS_PER_DAY: '2' });
    try {
      const seeker = await t.signIn('Two A Day');
      const send = () =>
        seeker.post('/api/referral-requests', requestBody({ companyId: 20, jobUrl: jobUrl('jobs.example') }));
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toMatch(/^You can send at most 2 referral requests a day\./);
    } finally {
      await t.close();
    }
  });
});
