import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanyStatsSchema } from '../../../shared/companies.js';
import { referrals } from '../../db/schema.js';
import { announcedTables, tablesRead } from '../../testing/kept-tables.js';
import { requestBody, seedReferral, signInReferrer } from '../../testing/referral-fixtures.js';
import {
  type Browser,
  ORIGIN,
  createTestApp,
  sameBrowserOn,
  testDatabases,
  type SignedIn,
  type TestApp,
} from '../../testing/test-app.js';
import { RESPONSE_WINDOW_MS } from './service.js';
import { responseNumbers } from './stats-repo.js';

/** Verify mode would read afresh behind a stale answer and hide it. */
const NOT_VERIFIED = { KEPT_ANSWERS_VERIFY: '0' };

// A company's response numbers are kept until a change of them is heard (kept/shared-memo.ts,
// docs/decisions/076-company-numbers-kept-until-they-change.md): every write that changes them, through the
// app or by SQL, reaches every instance's next read once the channel brings it.
describe.each(testDatabases)('company numbers kept in memory (%s)', (kind) => {
  let t: TestApp;
  /** A second instance on the same database, as behind a load balancer. */
  let other: TestApp;
  let reader: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, NOT_VERIFIED);
    other = await createTestApp(kind, {}, NOT_VERIFIED, t);
    reader = await t.signIn('Numbers Reader');
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const onOther = (user: SignedIn) => sameBrowserOn(other.app, user);
  const rateOn = async (browser: Browser, companyId: number) => {
    const res = await browser.request({ method: 'GET', url: `/api/companies/${companyId}/stats` });
    expect(res.statusCode, res.body).toBe(200);
    return CompanyStatsSchema.parse(res.json()).responseRate;
  };
  const rates = async (companyId: number) => [
    await rateOn(reader.browser, companyId),
    await rateOn(onOther(reader), companyId),
  ];

  /** A request at the company with its referral, by SQL as an operator would. */
  const seed = (
    companyId: number,
    seeker: SignedIn,
    referrer: SignedIn,
    answer: Parameters<typeof seedReferral>[2],
  ) =>
    seedReferral(
      t.database.db,
      { companyId, seekerId: seeker.user.id, referrerId: referrer.user.id },
      answer,
    );

  it('announces every change of each table the numbers are read from', async () => {
    const db = t.database.db;
    const read = await tablesRead(db, (logged) =>
      responseNumbers(logged, [1], new Date(), RESPONSE_WINDOW_MS),
    );
    expect(read).toEqual(['referral_requests', 'referrals']);
    expect(await announcedTables(db)).toEqual(expect.arrayContaining(read));
  });

  it('shows an answer given through either instance on both', async () => {
    const referrer = await signInReferrer(t, 'Nia Numbers', 'Netflix');
    const seeker = await t.signIn('Sam Numbers');
    await seed(7, seeker, referrer, { ageDays: 5, status: 'accepted', answerHours: 2 });
    await seed(7, seeker, referrer, { ageDays: 6, status: 'expired' });
    // Two settled: too few for a rate, on both instances, and now kept on both.
    expect(await rates(7)).toEqual([null, null]);
    expect(await rates(7)).toEqual([null, null]);
    const created = await seeker.post('/api/referral-requests', requestBody({ companyId: 7 }));
    expect(created.statusCode, created.body).toBe(201);
    const [referral] = await t.database.db
      .select({ id: referrals.id })
      .from(referrals)
      .where(eq(referrals.requestId, (created.json() as { id: number }).id));
    // Accepted through the second instance: the third settled answer makes a rate of 2 in 3.
    const accepted = await onOther(referrer).request({
      method: 'PUT',
      url: `/api/referrals/${referral!.id}/status`,
      headers: { ...ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ status: 'accepted', feedback: '' }),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await expect.poll(() => rates(7)).toEqual([2 / 3, 2 / 3]);
  });

  it("shows an operator's SQL on both, a referral's change or its request's", async () => {
    const referrer = await signInReferrer(t, 'Ola Operator', 'Stripe');
    const seeker = await t.signIn('Pia Operator');
    await seed(4, seeker, referrer, { ageDays: 5, status: 'accepted', answerHours: 2 });
    await seed(4, seeker, referrer, { ageDays: 6, status: 'declined', answerHours: 3 });
    const open = await seed(4, seeker, referrer, { ageDays: 7, status: 'pending' });
    expect(await rates(4)).toEqual([null, null]);
    await t.database.db.execute(sql`update referrals set status = 'expired' where id = ${open.id}`);
    await expect.poll(() => rates(4)).toEqual([2 / 3, 2 / 3]);
    // The request moved out of the window.
    await t.database.db.execute(
      sql`update referral_requests set created_at = now() - interval '200 days' where id = ${open.requestId}`,
    );
    await expect.poll(() => rates(4)).toEqual([null, null]);
  });
});
