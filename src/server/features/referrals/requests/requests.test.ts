import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REFERRAL_REQUEST_ERRORS } from '../../../../shared/referral-texts.js';
import { CreateReferralRequestResultSchema } from '../../../../shared/referrals.js';
import { companies, referralRequests, referrals } from '../../../db/schema.js';
import { createTestApp, ORIGIN, testDatabases, type TestApp } from '../../../testing/test-app.js';
import {
  jobUrl,
  notificationsOf,
  requestBody,
  setCompany,
  setWilling,
  signInReferrer,
} from '../../../testing/referral-fixtures.js';

describe.each(testDatabases)('creating referral requests (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  const countRequests = (seekerId: number) =>
    t.database.db.$count(referralRequests, eq(referralRequests.jobSeekerId, seekerId));

  it('assigns a new request to the referrer at the company and tells them', async () => {
    const referrer = await signInReferrer(t, 'Rita Referrer', 'Google');
    const seeker = await t.signIn('Sam Seeker');
    const body = requestBody({ position: 'Staff Engineer', message: 'Hello there' });
    const res = await seeker.post('/api/referral-requests', body);
    expect(res.statusCode).toBe(201);
    const created = CreateReferralRequestResultSchema.parse(res.json());
    expect(created).toMatchObject({
      jobSeekerId: seeker.user.id,
      companyId: 1,
      position: 'Staff Engineer',
      jobUrl: body.jobUrl,
      message: 'Hello there',
      status: 'pending',
      noReferrers: false,
      resumeLink: null,
      company: { id: 1, name: 'Google', isPartner: false },
      jobSeeker: { id: seeker.user.id, fullName: 'Sam Seeker' },
    });
    expect(created.referral).toMatchObject({
      referrerId: expect.any(Number),
      status: 'pending',
      referrerFirstName: 'Rita',
      feedback: null,
    });
    const [note] = (await notificationsOf(t, referrer.user.id)).filter((n) => n.type === 'referral_assigned');
    expect(note).toMatchObject({
      title: 'New referral request',
      link: '/my-referrals?tab=incoming',
    });
    expect(note!.message).toContain('Sam Seeker');
    expect(note!.message).toContain('Staff Engineer');
    expect(note!.message).toContain('Google');
    // The referrer stops taking new ones, so the rest of the file sees Google without willing referrers.
    expect((await setWilling(referrer, false)).statusCode).toBe(200);
  });

  it('saves a request nobody can take yet, then assigns it when a colleague offers referrals', async () => {
    const seeker = await t.signIn('Wendy Waiting');
    const res = await seeker.post('/api/referral-requests', requestBody({ companyId: 2 }));
    expect(res.statusCode).toBe(201);
    const created = CreateReferralRequestResultSchema.parse(res.json());
    expect(created).toMatchObject({ noReferrers: true, referral: null, companyId: 2 });

    const colleague = await signInReferrer(t, 'Mike Microsoft', 'Microsoft');
    const [row] = await t.database.db.select().from(referrals).where(eq(referrals.requestId, created.id));
    expect(row).toMatchObject({ referrerId: colleague.user.id, status: 'pending' });
    const seekerNotes = (await notificationsOf(t, seeker.user.id)).filter(
      (n) => n.type === 'referral_assigned',
    );
    expect(seekerNotes).toHaveLength(1);
    expect(seekerNotes[0]).toMatchObject({ link: '/my-referrals' });
    const referrerNotes = (await notificationsOf(t, colleague.user.id)).filter(
      (n) => n.type === 'referral_assigned',
    );
    expect(referrerNotes).toHaveLength(1);
    expect(referrerNotes[0]!.message).toContain('Wendy Waiting');
  });

  it('refuses a second request for the same posting, however the URL is spelled', async () => {
    const seeker = await t.signIn('Dora Duplicate');
    const url = jobUrl('careers.google.com');
    expect((await seeker.post('/api/referral-requests', requestBody({ jobUrl: url }))).statusCode).toBe(201);
    for (const spelling of [
      url,
      `${url}/`,
      `${url}?utm_source=linkedin`,
      `${url}#apply`,
      url.replace('https://careers', 'https://www.careers').replace('google.com', 'GOOGLE.com'),
      url.replace('https://', 'http://'),
    ]) {
      const res = await seeker.post('/api/referral-requests', requestBody({ jobUrl: spelling }));
      expect(res.statusCode, spelling).toBe(409);
      expect(res.json()).toEqual({ error: REFERRAL_REQUEST_ERRORS.duplicate });
    }
    expect(await countRequests(seeker.user.id)).toBe(1);
    // Another seeker may ask for the same posting.
    const other = await t.signIn('Otto Other');
    expect((await other.post('/api/referral-requests', requestBody({ jobUrl: url }))).statusCode).toBe(201);
  });

  it('refuses a seeker who already works at the company', async () => {
    const seeker = await t.signIn('Eve Employee');
    await setCompany(seeker, '  google ');
    const res = await seeker.post('/api/referral-requests', requestBody({ companyId: 1 }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: REFERRAL_REQUEST_ERRORS.employee('Google') });
    expect(await countRequests(seeker.user.id)).toBe(0);
  });

  it('answers 400 for an unknown company id and creates a company from a detected name', async () => {
    const seeker = await t.signIn('Nora Newco');
    const unknown = await seeker.post('/api/referral-requests', requestBody({ companyId: 999_999 }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: REFERRAL_REQUEST_ERRORS.companyNotFound });

    const res = await seeker.post(
      '/api/referral-requests',
      requestBody({ companyId: null, detectedCompanyName: 'Zyxwv Robotics' }),
    );
    expect(res.statusCode).toBe(201);
    const created = CreateReferralRequestResultSchema.parse(res.json());
    expect(created).toMatchObject({ noReferrers: true, company: { name: 'Zyxwv Robotics' } });
    const [company] = await t.database.db
      .select()
      .from(companies)
      .where(eq(companies.normalizedName, 'zyxwv robotics'));
    expect(company?.id).toBe(created.companyId);
  });

  it('refuses bad input with field errors and saves nothing', async () => {
    const seeker = await t.signIn('Bea Badinput');
    const cases: [Record<string, unknown>, string][] = [
      [{ jobUrl: 'javascript:alert(1)' }, 'jobUrl'],
      [{ jobUrl: 'data:text/html,<b>hi</b>' }, 'jobUrl'],
      [{ jobUrl: 'not a url' }, 'jobUrl'],
      [{ position: 'x' }, 'position'],
      [{ position: 'x'.repeat(101) }, 'position'],
      [{ message: 'm'.repeat(501) }, 'message'],
      [{ position: 42 }, 'position'],
      [{ companyId: 'one' }, 'companyId'],
      [{ companyId: null, detectedCompanyName: null }, 'companyId'],
      [{ jobUrl: undefined }, 'jobUrl'],
    ];
    for (const [overrides, field] of cases) {
      const res = await seeker.post('/api/referral-requests', requestBody(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      const body = res.json();
      expect(typeof body.error).toBe('string');
      expect(Object.keys(body.fieldErrors), JSON.stringify(overrides)).toContain(field);
    }
    expect(await countRequests(seeker.user.id)).toBe(0);
  });

  it('answers visitors 401 on every referral route', async () => {
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/referral-requests',
      headers: { ...ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify(requestBody()),
    });
    expect(post.statusCode).toBe(401);
    expect(post.json()).toEqual({ error: 'Please sign in to continue.' });
    expect((await t.app.inject({ method: 'GET', url: '/api/referral-requests' })).statusCode).toBe(401);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/referrals/1/status',
      headers: { ...ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ status: 'accepted' }),
    });
    expect(put.statusCode).toBe(401);
  });
});
