import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FIXED_COMPANIES } from '../../../../shared/fixed-companies.js';
import { REFERRAL_REQUEST_ERRORS } from '../../../../shared/referral-texts.js';
import { CreateReferralRequestResultSchema } from '../../../../shared/referrals.js';
import { referralRequests } from '../../../db/schema.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../../testing/test-app.js';
import { requestBody } from '../../../testing/referral-fixtures.js';

const companyNamed = (name: string) => {
  const company = FIXED_COMPANIES.find((c) => c.name === name);
  if (!company) throw new Error(`${name} is not a fixed company`);
  return company;
};
const GOOGLE = companyNamed('Google');
const STRIPE = companyNamed('Stripe');

/**
 * Issue 46 item 5: the posting URL decides the company. A URL that surely names a listed company (Lever,
 * Greenhouse, LinkedIn; a careers host or Glassdoor) other than the one the request names is refused with
 * both names; a guess from a domain name, or a company nobody lists, never refuses.
 */
describe.each(testDatabases)('the posting decides the company (%s)', (kind) => {
  let t: TestApp;
  let seeker: SignedIn;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp(kind);
    seeker = await t.signIn('Una Mismatch');
  });
  afterAll(async () => {
    await t.close();
  });
  const unique = () => `${kind}-${(n += 1)}-${Date.now()}`;
  const saved = () =>
    t.database.db.$count(referralRequests, eq(referralRequests.jobSeekerId, seeker.user.id));

  it.each([
    ['Lever', () => `https://jobs.lever.co/stripe/${unique()}`],
    ['Greenhouse', () => `https://boards.greenhouse.io/stripe/jobs/${unique()}`],
    ['a careers host', () => `https://stripe.com/careers/${unique()}`],
  ])('refuses a %s posting at Stripe sent to Google, naming both, and saves nothing', async (_, url) => {
    const before = await saved();
    const res = await seeker.post(
      '/api/referral-requests',
      requestBody({ jobUrl: url(), companyId: GOOGLE.id }),
    );
    expect(res.statusCode).toBe(400);
    const message = REFERRAL_REQUEST_ERRORS.companyMismatch('Stripe', 'Google');
    expect(message).toBe(
      'This posting is at Stripe, not Google. Send the request to Stripe, or paste a posting at Google.',
    );
    expect(res.json()).toEqual({ error: message, fieldErrors: { jobUrl: [message] } });
    expect(await saved()).toBe(before);
  });

  it('refuses a name typed against a posting that surely names a listed company', async () => {
    const res = await seeker.post(
      '/api/referral-requests',
      requestBody({
        jobUrl: `https://jobs.lever.co/stripe/${unique()}`,
        companyId: undefined,
        detectedCompanyName: 'Acme Widgets',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(REFERRAL_REQUEST_ERRORS.companyMismatch('Stripe', 'Acme Widgets'));
  });

  it('takes the company the posting names, by id or by name', async () => {
    const byId = await seeker.post(
      '/api/referral-requests',
      requestBody({ jobUrl: `https://jobs.lever.co/stripe/${unique()}`, companyId: STRIPE.id }),
    );
    expect(byId.statusCode).toBe(201);
    const byName = await seeker.post(
      '/api/referral-requests',
      requestBody({
        jobUrl: `https://jobs.lever.co/stripe/${unique()}`,
        companyId: undefined,
        detectedCompanyName: 'stripe',
      }),
    );
    expect(byName.statusCode).toBe(201);
    expect(CreateReferralRequestResultSchema.parse(byName.json()).companyId).toBe(STRIPE.id);
  });

  it('never refuses on a guess from a domain name, or on a company nobody lists', async () => {
    // 'metaltech' partly matches Meta: a low-confidence guess, which the seeker may correct.
    const guess = await seeker.post(
      '/api/referral-requests',
      requestBody({ jobUrl: `https://www.metaltech.com/careers/${unique()}`, companyId: GOOGLE.id }),
    );
    expect(guess.statusCode).toBe(201);
    const unlisted = await seeker.post(
      '/api/referral-requests',
      requestBody({ jobUrl: `https://jobs.lever.co/zyx-unlisted-${unique()}/1`, companyId: GOOGLE.id }),
    );
    expect(unlisted.statusCode).toBe(201);
  });
});
