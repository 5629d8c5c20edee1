import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanyDetectionSchema, JOB_URL_MESSAGES } from '../../../shared/job-url.js';
import { createTestApp, type SignedIn, testDatabases, type TestApp } from '../../testing/test-app.js';
import { findOrCreateCompanyByName } from './service.js';

const KEYS = ['companyId', 'companyName', 'confidence', 'message'];
const detectUrl = (url: string) => `/api/companies/detect?url=${encodeURIComponent(url)}`;

describe.each(testDatabases)('GET /api/companies/detect (%s)', (kind) => {
  let t: TestApp;
  let user: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await t.signIn('Detect Reader');
  });
  afterAll(async () => {
    await t.close();
  });

  const detect = async (url: string) => {
    const res = await user.get(detectUrl(url));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body: unknown = res.json();
    expect(Object.keys(CompanyDetectionSchema.strict().parse(body)).sort()).toEqual(KEYS);
    return CompanyDetectionSchema.parse(body);
  };

  it('refuses visitors, whatever the url', async () => {
    for (const url of [
      detectUrl('https://careers.google.com/'),
      `/api/companies/detect?url=${'x'.repeat(5000)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Please sign in to continue.' });
    }
  });

  it('reads the company from a LinkedIn job page with high confidence', async () => {
    expect(
      await detect('https://www.linkedin.com/jobs/view/senior-software-engineer-at-google-3812345678'),
    ).toEqual({
      companyName: 'Google',
      companyId: 1,
      confidence: 'high',
      message: null,
    });
  });

  it('recognises the partner company (id 4) by its host', async () => {
    expect(await detect('https://stripe.com/jobs/listing/backend-engineer/5123456')).toMatchObject({
      companyName: 'Stripe',
      companyId: 4,
    });
    expect(await detect('https://www.stripe.com/jobs')).toMatchObject({
      companyId: 4,
      message: JOB_URL_MESSAGES.generalCareersPage('Stripe'),
    });
  });

  it('matches a company created a moment ago', async () => {
    const before = await detect('https://jobs.lever.co/zyxquantum-labs/5d1c3e2a-1234');
    expect(before).toMatchObject({ companyName: 'Zyxquantum Labs', companyId: null });
    const created = await findOrCreateCompanyByName(t.database.db, 'ZyxQuantum Labs');
    expect(await detect('https://jobs.lever.co/zyxquantum-labs/5d1c3e2a-1234')).toEqual({
      companyName: 'ZyxQuantum Labs',
      companyId: created.id,
      confidence: 'high',
      message: null,
    });
  });

  it('answers the reason when no company is found', async () => {
    expect(await detect('https://www.indeed.com/viewjob?jk=1a2b3c')).toMatchObject({
      companyName: null,
      message: JOB_URL_MESSAGES.indeed,
    });
  });

  it('treats a missing url as an empty one', async () => {
    const res = await user.get('/api/companies/detect');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      companyName: null,
      companyId: null,
      confidence: null,
      message: JOB_URL_MESSAGES.invalidFormat,
    });
  });

  it.each([
    '',
    'javascript:alert(1)',
    'data:text/html,x',
    '%%%',
    '\u0000',
    'http://[::1]/',
    'x'.repeat(1999),
  ])('answers 200 with a reason for garbage %#', async (url) => {
    const answer = await detect(url);
    expect(answer.companyName).toBeNull();
    expect(answer.message).toEqual(expect.any(String));
  });

  it('refuses a url longer than 2000 characters, or given twice, with a sentence', async () => {
    const long = await user.get(detectUrl(`https://example.com/${'a'.repeat(5000)}`));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: 'The job URL must be at most 2000 characters.' });
    const twice = await user.get('/api/companies/detect?url=a&url=b');
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ error: expect.any(String) });
  });

  it('never answers 500, even for raw, broken query strings', async () => {
    for (const raw of ['url=%', 'url=%E0%A4%A', 'url[]=x', 'url=%00', '%%%', 'url=' + 'x'.repeat(5000)]) {
      const res = await user.get(`/api/companies/detect?${raw}`);
      expect([200, 400]).toContain(res.statusCode);
    }
  });
});
