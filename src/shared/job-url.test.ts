import { describe, expect, it } from 'vitest';
import { type CompanySummary, PARTNER_COMPANY_ID } from './companies.js';
import { EMPLOYERS } from './employers.js';
import {
  CompanyDetectionSchema,
  type DetectionConfidence,
  DetectCompanyQuerySchema,
  detectCompany,
  isPartnerJobUrl,
  JOB_URL_MESSAGES,
} from './job-url.js';
import { REFERRAL_REQUEST_ERRORS } from './referral-texts.js';

/** The seeded list: the fixed companies keep ids 1-13, the rest follow in employer-list order. */
const COMPANIES: readonly CompanySummary[] = EMPLOYERS.map((e, i) => ({ id: i + 1, name: e.name }));
const idOf = (name: string) => COMPANIES.find((c) => c.name === name)?.id;

const M = JOB_URL_MESSAGES;

interface Found {
  url: string;
  company: string;
  /** Null when the name is not in the list. */
  listed: boolean;
  confidence: DetectionConfidence;
  /** A fragment of the warning, or null when the answer carries none. */
  message: string | null;
}

const found = (
  url: string,
  company: string,
  confidence: DetectionConfidence,
  message: string | null = null,
  listed = true,
): Found => ({ url, company, listed, confidence, message });

const FOUND: Found[] = [
  // LinkedIn: the company follows '-at-' in the slug.
  found('https://www.linkedin.com/jobs/view/senior-software-engineer-at-google-3812345678', 'Google', 'high'),
  found(
    'https://linkedin.com/jobs/view/product-manager-at-microsoft-3799001122/?trk=public_jobs',
    'Microsoft',
    'high',
  ),
  found(
    'https://www.linkedin.com/jobs/view/analyst-at-bank-of-america-3812345678',
    'Bank of America',
    'high',
  ),
  found('https://uk.linkedin.com/jobs/view/data-scientist-at-spotify-3755512345', 'Spotify', 'high'),
  found('https://www.linkedin.com/jobs/view/head-of-at-scale-growth-at-stripe-3712345678', 'Stripe', 'high'),
  found(
    'https://www.linkedin.com/jobs/view/backend-engineer-at-acme-robotics-3700000001',
    'Acme Robotics',
    'high',
    null,
    false,
  ),
  found('https://www.linkedin.com/jobs/view/software-engineer-at-fb-3700000002', 'Meta', 'high'),
  found('https://www.linkedin.com/jobs/view/sde-at-tcs-3700000003', 'Tata Consultancy Services', 'high'),
  // Glassdoor: the KE offsets mark the employer, or the words before -JV_, or a company jobs page.
  found(
    'https://www.glassdoor.com/job-listing/software-engineer-stripe-JV_IC1147401_KO0,17_KE18,24.htm?jl=1009',
    'Stripe',
    'medium',
  ),
  found(
    'https://www.glassdoor.co.uk/job-listing/analyst-bank-of-america-JV_IC2671300.htm',
    'Bank of America',
    'medium',
  ),
  found(
    'https://www.glassdoor.com/job-listing/designer-figment-JV_IC1.htm',
    'Figment',
    'medium',
    null,
    false,
  ),
  found('https://www.glassdoor.com/Jobs/Netflix-Jobs-E11891.htm', 'Netflix', 'medium'),
  found('https://www.glassdoor.com/Job/adobe-jobs-SRCH_KE0,5.htm', 'Adobe', 'medium'),
  // Lever and Greenhouse: the first path segment.
  found('https://jobs.lever.co/netflix/5d1c3e2a-6f1b-4b5e-9a0e-2f9c1b7d4e11', 'Netflix', 'high'),
  found('https://jobs.eu.lever.co/spotify/0a1b2c3d-aaaa-bbbb-cccc-1234567890ab/apply', 'Spotify', 'high'),
  found('https://jobs.lever.co/palantir', 'Palantir', 'high', 'Please provide a specific job posting URL'),
  found('https://boards.greenhouse.io/airbnb/jobs/5512345', 'Airbnb', 'high'),
  found('https://job-boards.greenhouse.io/stripe/jobs/6123456', 'Stripe', 'high'),
  found('https://boards.greenhouse.io/embed/job_app?for=coinbase&token=5123456', 'Coinbase', 'high'),
  found('https://boards.greenhouse.io/acmerockets/jobs/42', 'Acmerockets', 'high', null, false),
  // Careers pages: the name comes from the host; landing and search pages are flagged.
  found('https://careers.google.com/jobs/results/123456789-software-engineer/', 'Google', 'medium'),
  found('https://careers.google.com/', 'Google', 'medium', 'general careers page for Google'),
  found(
    'https://careers.google.com/jobs/results/',
    'Google',
    'medium',
    'Please provide a specific job posting URL',
  ),
  found('https://www.amazon.jobs/en/jobs/2345678/software-development-engineer', 'Amazon', 'medium'),
  found('https://www.google.com/about/careers/applications/jobs/results/1234567-swe', 'Google', 'medium'),
  found(
    'https://www.google.com/about/careers/applications/',
    'Google',
    'medium',
    'general careers page for Google',
  ),
  found('https://amazon.jobs/', 'Amazon', 'medium', 'general careers page for Amazon'),
  found('https://jobs.netflix.com/jobs/312345678', 'Netflix', 'medium'),
  found('https://jobs.netflix.com/search', 'Netflix', 'medium', 'Please provide a specific job posting URL'),
  found('https://careers.microsoft.com/us/en/job/1701234/Software-Engineer', 'Microsoft', 'medium'),
  found('https://www.stripe.com/jobs', 'Stripe', 'medium', 'general careers page for Stripe'),
  found('https://stripe.com/jobs/listing/backend-engineer/5123456', 'Stripe', 'medium'),
  // 'metacareers' contains the listed 'Meta' (host over 10 characters): a partial match, so a guess.
  found('https://www.metacareers.com/jobs/1234567890/', 'Meta', 'low'),
  found('https://www.facebook.com/careers/jobs/123456', 'Meta', 'medium'),
  found('https://www.tcs.com/careers/india/123', 'Tata Consultancy Services', 'medium'),
  found('https://jobs.example.co.uk/vacancy/99-accountant', 'Example', 'medium', null, false),
  found('https://careers.bankofamerica.com/en-us/job-detail/24012345/analyst', 'Bank of America', 'medium'),
  found('https://www.apple.com/careers/us/', 'Apple', 'medium', 'Please provide a specific job posting URL'),
  found('https://acme.com/careers?gh_jid=4012345', 'Acme', 'medium', null, false),
  // Generic fallback: the domain name, low confidence.
  found('https://www.notion.so/Notion-Engineering-Role-abc123', 'Notion', 'low'),
  found('https://dashboard.stripe.com/some/page', 'Stripe', 'low'),
  found('https://www.spotify.com/us/opening/backend-engineer', 'Spotify', 'low'),
  found('https://x.com/opening/42', 'X (Twitter)', 'low'),
  found('https://www.rocketlab.example.org/vacancy/7', 'Example', 'low', null, false),
  // Application services: only with a usable subdomain or first path segment.
  found(
    'https://nvidia.wd5.myworkdayjobs.com/NVIDIAExternalCareerSite/job/US-CA-Santa-Clara/Engineer_JR1980000',
    'NVIDIA',
    'low',
  ),
  found('https://jobs.smartrecruiters.com/Visa/744000012345-software-engineer', 'Visa', 'low'),
  found('https://jobs.ashbyhq.com/openai/6f3a1b2c-0000-4000-8000-000000000000', 'OpenAI', 'low'),
  found('https://careers-acme.icims.com/jobs/1234/engineer/job', 'Acme', 'low', null, false),
  found('https://apply.workable.com/hubspot/j/ABC123DEF/', 'HubSpot', 'low'),
];

const FAILED: [url: string, message: string][] = [
  ['https://www.linkedin.com/jobs/view/3812345678', M.linkedinFailed],
  ['https://www.linkedin.com/company/google/', M.linkedinFailed],
  ['https://www.linkedin.com/jobs/search/?keywords=engineer', M.linkedinFailed],
  ['https://www.indeed.com/viewjob?jk=1a2b3c4d5e6f7a8b', M.indeed],
  ['https://uk.indeed.com/viewjob?jk=abc123', M.indeed],
  ['https://www.glassdoor.com/Job/san-francisco-jobs-SRCH_IL.0,13_IC1147401.htm', M.glassdoorFailed],
  ['https://www.glassdoor.com/Reviews/index.htm', M.glassdoorFailed],
  ['https://jobs.lever.co/', M.leverFailed],
  ['https://boards.greenhouse.io/', M.greenhouseFailed],
  ['https://stripe.com/blog/engineering', M.notJobPage],
  ['https://support.google.com/a/answer/123', M.notJobPage],
  ['https://www.microsoft.com/en-us/about', M.notJobPage],
  ['https://help.shopify.com/en/manual', M.notJobPage],
  ['https://jobs.ashbyhq.com/', M.applicationService],
  ['https://wd5.myworkdayjobs.com/en-US/careers', M.applicationService],
  ['https://taleo.net/careersection/2/jobdetail.ftl?job=123', M.applicationService],
  ['https://www.ziprecruiter.com/c/Acme/Job/Engineer', REFERRAL_REQUEST_ERRORS.companyUnknown],
  ['https://bit.ly/3abcDEF', REFERRAL_REQUEST_ERRORS.companyUnknown],
  ['https://123.com/jobs/1', REFERRAL_REQUEST_ERRORS.companyUnknown],
  ['', M.invalidFormat],
  ['   ', M.invalidFormat],
  ['not a url', M.invalidFormat],
  ['www.google.com/careers', M.invalidFormat],
  ['javascript:alert(1)', M.invalidFormat],
  ['data:text/html,<b>x</b>', M.invalidFormat],
  ['ftp://files.example.com/jobs/1', M.invalidFormat],
  ['mailto:jobs@stripe.com', M.invalidFormat],
  ['%%%', M.invalidFormat],
  ['http://192.168.0.1/jobs/1', M.unparsable],
  ['http://[::1]/jobs/1', M.unparsable],
  ['http://localhost:3000/jobs/1', M.unparsable],
  ['https://a.b/jobs', M.unparsable],
];

describe('detectCompany: each rule of docs/product.md, Job postings', () => {
  it('covers at least 45 URLs', () => {
    expect(FOUND.length + FAILED.length).toBeGreaterThanOrEqual(45);
  });

  it.each(FOUND)('$url → $company ($confidence)', ({ url, company, listed, confidence, message }) => {
    const answer = detectCompany(url, COMPANIES);
    expect(CompanyDetectionSchema.parse(answer)).toEqual(answer);
    expect(answer.companyName).toBe(company);
    expect(answer.companyId).toBe(listed ? idOf(company) : null);
    if (listed) expect(answer.companyId).toEqual(expect.any(Number));
    expect(answer.confidence).toBe(confidence);
    if (message === null) expect(answer.message).toBeNull();
    else expect(answer.message).toContain(message);
  });

  it.each(FAILED)('%s → no company', (url, message) => {
    expect(detectCompany(url, COMPANIES)).toEqual({
      companyName: null,
      companyId: null,
      confidence: null,
      message,
    });
  });

  it('keeps the fragments of docs/product.md, Messages verbatim in its messages', () => {
    expect(M.indeed).toContain('Please enter the company name manually');
    expect(M.generalCareersPage('Google')).toContain('a general careers page for Google');
    expect(M.generalCareersPage('Google')).toContain('Please provide a specific job posting URL');
    expect(M.companyUnknown).toBe(REFERRAL_REQUEST_ERRORS.companyUnknown);
  });
});

describe('the partner company', () => {
  it.each([
    'https://stripe.com/jobs/listing/engineer/1',
    'https://www.stripe.com/jobs/listing/engineer/1',
    'https://dashboard.stripe.com/x',
    'HTTPS://STRIPE.COM./jobs/listing/x/2',
  ])('%s is the partner, id 4', (url) => {
    expect(isPartnerJobUrl(url)).toBe(true);
    expect(detectCompany(url, COMPANIES).companyId).toBe(PARTNER_COMPANY_ID);
  });

  it.each(['https://notstripe.com/jobs/1', 'https://stripe.com.evil.io/jobs/1', 'javascript:stripe.com', ''])(
    '%s is not the partner',
    (url) => expect(isPartnerJobUrl(url)).toBe(false),
  );

  it('is recognised by id even when the list spells the partner differently', () => {
    const list = [{ id: PARTNER_COMPANY_ID, name: 'Stripe, Inc.' }];
    expect(detectCompany('https://stripe.com/jobs/listing/x/1', list)).toMatchObject({
      companyName: 'Stripe, Inc.',
      companyId: 4,
    });
  });
});

describe('matching the detected name to the company list', () => {
  const list: CompanySummary[] = [
    { id: 1, name: 'Google' },
    { id: 30, name: 'Acme Rocket Works' },
    { id: 31, name: 'Globex' },
    { id: 32, name: 'Box' },
    { id: 33, name: 'Initech Systems' },
  ];
  const detect = (url: string) => detectCompany(url, list);

  it('matches the exact name regardless of case, spaces and dashes, and answers the listed spelling', () => {
    expect(detect('https://boards.greenhouse.io/GLOBEX/jobs/1')).toMatchObject({
      companyName: 'Globex',
      companyId: 31,
    });
    expect(detect('https://jobs.lever.co/acme-rocket-works/1')).toMatchObject({
      companyName: 'Acme Rocket Works',
      companyId: 30,
      confidence: 'high',
    });
  });

  it('matches a listed name that contains the detected one (host > 10, name > 3), as a low-confidence guess', () => {
    expect(detect('https://jobs.lever.co/acme/1')).toMatchObject({
      companyName: 'Acme Rocket Works',
      companyId: 30,
      confidence: 'low',
    });
  });

  it('matches a detected name that contains a listed one', () => {
    expect(detect('https://jobs.lever.co/globexcorp/1')).toMatchObject({
      companyName: 'Globex',
      companyId: 31,
    });
  });

  it('needs the detected name to be longer than 3 characters for a partial match', () => {
    expect(detect('https://jobs.lever.co/acm/1')).toEqual({
      companyName: 'Acm',
      companyId: null,
      confidence: 'high',
      message: null,
    });
  });

  it('needs the host to be longer than 10 characters for a partial match', () => {
    // 'initech.io' is 10 characters: no partial match; 'initech.com' is 11: Initech Systems.
    expect(detect('https://initech.io/opening/1')).toMatchObject({ companyName: 'Initech', companyId: null });
    expect(detect('https://initech.com/opening/1')).toMatchObject({
      companyName: 'Initech Systems',
      companyId: 33,
    });
  });

  it('never matches a listed name of 3 characters or fewer partially', () => {
    expect(detect('https://jobs.lever.co/dropbox/1')).toMatchObject({
      companyName: 'Dropbox',
      companyId: null,
    });
  });

  it('answers the name without an id when the list is empty', () => {
    expect(detectCompany('https://careers.google.com/jobs/results/1-x', [])).toEqual({
      companyName: 'Google',
      companyId: null,
      confidence: 'medium',
      message: null,
    });
  });
});

describe('aliases and capitalisation', () => {
  it.each([
    ['fb', 'Meta'],
    ['meta', 'Meta'],
    ['facebook', 'Meta'],
    ['msft', 'Microsoft'],
    ['goog', 'Google'],
    ['tcs', 'Tata Consultancy Services'],
  ])('%s expands to %s', (alias, name) => {
    expect(detectCompany(`https://jobs.lever.co/${alias}/123`, COMPANIES)).toMatchObject({
      companyName: name,
      companyId: idOf(name),
    });
  });

  it.each([
    ['google', 'Google'],
    ['bank-of-america', 'Bank of America'],
    ['house-of-cards_studio', 'House of Cards Studio'],
    ['OpenAI', 'OpenAI'],
  ])('%s reads as %s', (slug, name) => {
    expect(detectCompany(`https://jobs.lever.co/${slug}/123`, []).companyName).toBe(name);
  });
});

describe('DetectCompanyQuerySchema', () => {
  it('takes a missing url as the empty one and refuses more than 2000 characters', () => {
    expect(DetectCompanyQuerySchema.parse({})).toEqual({ url: '' });
    expect(DetectCompanyQuerySchema.parse({ url: 'x'.repeat(2000) }).url).toHaveLength(2000);
    expect(DetectCompanyQuerySchema.safeParse({ url: 'x'.repeat(2001) }).success).toBe(false);
  });
});
