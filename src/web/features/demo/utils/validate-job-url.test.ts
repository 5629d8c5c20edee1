import { describe, expect, it } from 'vitest';
import { EDGE_CASES, EDGE_CASE_SEEKER_ID } from '../mock/edge-cases';
import { MOCK_COMPANIES, mockUser, type MockReferrer } from '../mock/mock-data';
import {
  DEMO_JOB_URL_MESSAGES as M,
  SAMPLE_DATASET,
  validateDemoJobUrl,
  type DemoValidation,
} from './validate-job-url';

const alex = mockUser(EDGE_CASE_SEEKER_ID)!;
const jordan = mockUser(2)!;
const messageOf = (v: DemoValidation) => (v.valid ? M.valid(v.company.name) : v.message);

describe('validateDemoJobUrl', () => {
  it.each(EDGE_CASES.map((c) => [c.name, c] as const))('edge case %s gives its expected response', (_, c) => {
    const seeker = mockUser(c.testRecord.seekerId)!;
    expect(messageOf(validateDemoJobUrl(c.testRecord.jobUrl, seeker))).toBe(c.expectedResponse);
  });

  it('asks for a URL when the input is empty or blank', () => {
    expect(validateDemoJobUrl('', alex)).toEqual({ valid: false, check: 'empty', message: M.empty });
    expect(validateDemoJobUrl('   ', alex)).toMatchObject({ message: 'Please enter a job URL to validate' });
  });

  it.each([
    ['careers.google.com/jobs/1', M.invalidFormat],
    ['ftp://careers.google.com/jobs/1', M.invalidFormat],
    ['https://', M.invalidFormat],
    ['https://exa mple.com/jobs', M.invalidFormat],
    ['https://abc/jobs', M.malformed],
    ['https://a.b/jobs', M.malformed],
    ['https://localhost/jobs', M.malformed],
    ['https://careers..google.com/jobs', M.malformed],
  ])('check 1: %s → its format message', (url, message) => {
    expect(validateDemoJobUrl(url, alex)).toMatchObject({ valid: false, check: 'format', message });
  });

  it('uses the texts of docs/product.md, Demo pages word for word', () => {
    expect(M.invalidFormat).toBe(
      'The URL format is invalid. Please enter a complete URL including http:// or https:// prefix.',
    );
    expect(M.malformed).toBe(
      'The URL appears to be incomplete or malformed. Please enter a valid job posting URL.',
    );
    expect(M.broken).toBe(
      'The provided job URL is invalid or cannot be accessed. Please verify the URL and try again.',
    );
    expect(M.employee('Walmart')).toMatch(/^You are already registered as an employee at Walmart\. /);
    expect(M.capacity('Amazon')).toMatch(
      /^We're sorry, but all referrers at Amazon are currently at maximum/,
    );
  });

  it('check 2: a broken posting is recognised in another spelling', () => {
    const url = 'HTTPS://careers.google.com/jobs/results/000000-expired-posting/?utm_medium=x#top';
    expect(validateDemoJobUrl(url, alex)).toMatchObject({ check: 'broken', message: M.broken });
  });

  it('runs the checks in order: the first failing one answers', () => {
    // A broken posting at a company the seeker works at: check 2 comes before check 5.
    const data = { ...SAMPLE_DATASET, brokenUrls: ['https://careers.walmart.com/us/jobs/WD1'] };
    expect(validateDemoJobUrl('https://careers.walmart.com/us/jobs/WD1', alex, data)).toMatchObject({
      check: 'broken',
    });
    // A duplicate at the seeker's own company: check 4 before check 5.
    const requests = [
      { ...SAMPLE_DATASET.requests[0]!, companyId: 204, jobUrl: 'https://careers.walmart.com/us/jobs/WD1' },
    ];
    expect(
      validateDemoJobUrl('https://careers.walmart.com/us/jobs/WD1', alex, { ...SAMPLE_DATASET, requests }),
    ).toMatchObject({ check: 'duplicate', message: M.duplicate });
    // The seeker's own company when all its referrers are full: check 5 before check 6.
    const referrers: MockReferrer[] = SAMPLE_DATASET.referrers.map((r) => ({ ...r, openReferrals: 99 }));
    expect(
      validateDemoJobUrl('https://careers.walmart.com/us/jobs/WD2', alex, { ...SAMPLE_DATASET, referrers }),
    ).toMatchObject({ check: 'employee', message: M.employee('Walmart') });
  });

  it('check 3: detection is the shared one, matched against the mock companies only', () => {
    expect(validateDemoJobUrl('https://www.linkedin.com/jobs/view/engineer-at-fb-123', jordan)).toMatchObject(
      { valid: true, company: { id: 201 } },
    );
    expect(validateDemoJobUrl('https://careers.stripe.com/jobs/123', jordan)).toMatchObject({
      check: 'company',
      message: M.companyUnknown,
    });
  });

  it('check 4: the duplicate is per seeker', () => {
    const url = 'https://www.metacareers.com/jobs/1234567890/';
    expect(validateDemoJobUrl(url, alex)).toMatchObject({ check: 'duplicate' });
    expect(validateDemoJobUrl(url, jordan)).toMatchObject({ valid: true });
  });

  it('check 6: company 203 is at capacity for everyone; a company without referrers is not', () => {
    const url = 'https://www.amazon.jobs/en/jobs/2345678/software-development-engineer';
    expect(validateDemoJobUrl(url, jordan)).toMatchObject({
      check: 'capacity',
      message: M.capacity('Amazon'),
    });
    const companies = [...MOCK_COMPANIES, { id: 299, name: 'Target', website: '', description: '' }];
    expect(
      validateDemoJobUrl('https://jobs.target.com/job/123', jordan, { ...SAMPLE_DATASET, companies }),
    ).toMatchObject({ valid: true, company: { id: 299 } });
  });

  it('the sample id map holds: 200 search engine, 201 social media (and its former name), 203 at capacity', () => {
    expect(validateDemoJobUrl('https://careers.google.com/jobs/results/1', jordan)).toMatchObject({
      company: { id: 200, name: 'Google' },
    });
    expect(validateDemoJobUrl('https://www.facebook.com/careers/jobs/1', jordan)).toMatchObject({
      company: { id: 201, name: 'Meta' },
    });
  });
});
