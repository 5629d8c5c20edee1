import { detectCompany } from '@shared/job-url';
import { normalizeJobUrl } from '@shared/job-url-rules';
import { REFERRAL_REQUEST_ERRORS } from '@shared/referral-texts';
import {
  MOCK_COMPANIES,
  MOCK_REFERRERS,
  MOCK_REFERRER_CAPACITY,
  MOCK_REQUESTS,
  type MockCompany,
  type MockReferrer,
  type MockRequest,
  type MockUser,
} from '../mock/mock-data';

/** docs/product.md, Demo pages: the job URL messages as the demo's local checks show them. */
export const DEMO_JOB_URL_MESSAGES = {
  empty: 'Please enter a job URL to validate',
  invalidFormat:
    'The URL format is invalid. Please enter a complete URL including http:// or https:// prefix.',
  malformed: 'The URL appears to be incomplete or malformed. Please enter a valid job posting URL.',
  broken: 'The provided job URL is invalid or cannot be accessed. Please verify the URL and try again.',
  companyUnknown: REFERRAL_REQUEST_ERRORS.companyUnknown,
  duplicate: REFERRAL_REQUEST_ERRORS.duplicate,
  employee: REFERRAL_REQUEST_ERRORS.employee,
  capacity: REFERRAL_REQUEST_ERRORS.capacity,
  valid: (company: string) => `Valid job URL for ${company}. Every check passed.`,
} as const;

/** Sample postings that are known to be gone (check 2). */
export const KNOWN_BROKEN_URLS: readonly string[] = [
  'https://careers.google.com/jobs/results/000000-expired-posting',
  'https://careers.microsoft.com/us/en/job/0000000/Removed',
];

/** docs/product.md, Limits: a valid URL has a dotted host longer than 3 characters. */
const MIN_HOST_LENGTH = 4;

export type DemoCheck = 'empty' | 'format' | 'broken' | 'company' | 'duplicate' | 'employee' | 'capacity';

export type DemoValidation =
  { valid: true; company: MockCompany } | { valid: false; check: DemoCheck; message: string };

/** The sample data the checks run on; tests and the page pass the demo's own. */
export interface DemoDataset {
  companies: readonly MockCompany[];
  referrers: readonly MockReferrer[];
  requests: readonly MockRequest[];
  brokenUrls: readonly string[];
  capacity: number;
}

export const SAMPLE_DATASET: DemoDataset = {
  companies: MOCK_COMPANIES,
  referrers: MOCK_REFERRERS,
  requests: MOCK_REQUESTS,
  brokenUrls: KNOWN_BROKEN_URLS,
  capacity: MOCK_REFERRER_CAPACITY,
};

const fail = (check: DemoCheck, message: string): DemoValidation => ({ valid: false, check, message });

/**
 * The six local job-URL checks of docs/product.md, Demo pages, in order, for one seeker; the first that fails answers.
 * Company detection is the shared one (src/shared/job-url.ts), run against the mock company list.
 */
export function validateDemoJobUrl(
  input: string,
  seeker: Pick<MockUser, 'id' | 'currentCompanyId'>,
  data: DemoDataset = SAMPLE_DATASET,
): DemoValidation {
  const text = input.trim();
  if (text === '') return fail('empty', DEMO_JOB_URL_MESSAGES.empty);

  // (1) A complete http(s) URL whose host is dotted and longer than 3 characters.
  if (!/^https?:\/\//i.test(text) || !URL.canParse(text)) {
    return fail('format', DEMO_JOB_URL_MESSAGES.invalidFormat);
  }
  const host = new URL(text).hostname.replace(/\.$/, '');
  if (host.length < MIN_HOST_LENGTH || !host.includes('.') || host.split('.').some((l) => l === '')) {
    return fail('format', DEMO_JOB_URL_MESSAGES.malformed);
  }

  // (2) Not a posting known to be gone.
  const key = normalizeJobUrl(text);
  if (data.brokenUrls.some((url) => normalizeJobUrl(url) === key)) {
    return fail('broken', DEMO_JOB_URL_MESSAGES.broken);
  }

  // (3) The company can be told from the URL and is one of the sample companies.
  const detected = detectCompany(text, data.companies);
  const company = data.companies.find((c) => c.id === detected.companyId);
  if (!company) return fail('company', DEMO_JOB_URL_MESSAGES.companyUnknown);

  // (4) This seeker has not asked about this posting already.
  const duplicate = data.requests.some(
    (r) => r.jobSeekerId === seeker.id && normalizeJobUrl(r.jobUrl) === key,
  );
  if (duplicate) return fail('duplicate', DEMO_JOB_URL_MESSAGES.duplicate);

  // (5) The seeker does not already work there.
  if (seeker.currentCompanyId === company.id) {
    return fail('employee', DEMO_JOB_URL_MESSAGES.employee(company.name));
  }

  // (6) At least one of the company's referrers has room (a company without referrers waits instead).
  const referrers = data.referrers.filter((r) => r.companyId === company.id);
  if (referrers.length > 0 && referrers.every((r) => r.openReferrals >= data.capacity)) {
    return fail('capacity', DEMO_JOB_URL_MESSAGES.capacity(company.name));
  }

  return { valid: true, company };
}
