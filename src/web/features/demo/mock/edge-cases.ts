import { DEMO_JOB_URL_MESSAGES } from '../utils/validate-job-url';

/** One entry of the demo's edge-case guide (docs/product.md, Demo pages). */
export interface EdgeCase {
  name: string;
  description: string;
  /** What the quick test validates: a job URL, checked as the given mock seeker. */
  testRecord: { jobUrl: string; seekerId: number };
  expectedResponse: string;
}

/** The seeker every quick test runs as: Alex works at Walmart and already asked Meta about one posting. */
export const EDGE_CASE_SEEKER_ID = 1;

const record = (jobUrl: string) => ({ jobUrl, seekerId: EDGE_CASE_SEEKER_ID });

/** In the order the checks run (docs/product.md, Demo pages), then the passing URLs. */
export const EDGE_CASES: readonly EdgeCase[] = [
  {
    name: 'Missing protocol',
    description: 'A URL without http:// or https:// is refused by the format check.',
    testRecord: record('careers.google.com/jobs/results/123456-software-engineer'),
    expectedResponse: DEMO_JOB_URL_MESSAGES.invalidFormat,
  },
  {
    name: 'Incomplete host',
    description: 'The host must contain a dot and be longer than 3 characters.',
    testRecord: record('https://abc/jobs/1'),
    expectedResponse: DEMO_JOB_URL_MESSAGES.malformed,
  },
  {
    name: 'Broken posting',
    description: 'A posting known to be removed cannot be requested.',
    testRecord: record('https://careers.google.com/jobs/results/000000-expired-posting'),
    expectedResponse: DEMO_JOB_URL_MESSAGES.broken,
  },
  {
    name: 'Unknown company',
    description: 'The company named by the URL is not one of the sample companies.',
    testRecord: record('https://jobs.unknownstartup.io/openings/42'),
    expectedResponse: DEMO_JOB_URL_MESSAGES.companyUnknown,
  },
  {
    name: 'Duplicate request',
    description: 'Alex already asked for a referral to this Meta posting (tracking parameters are ignored).',
    testRecord: record('https://www.metacareers.com/jobs/1234567890/?utm_source=newsletter'),
    expectedResponse: DEMO_JOB_URL_MESSAGES.duplicate,
  },
  {
    name: 'Current employee',
    description: 'Alex works at Walmart, so Walmart postings go through internal mobility.',
    testRecord: record('https://careers.walmart.com/us/jobs/WD123456-software-engineer'),
    expectedResponse: DEMO_JOB_URL_MESSAGES.employee('Walmart'),
  },
  {
    name: 'Referrers at capacity',
    description: 'Every referrer at Amazon (company 203) holds the most open referrals allowed.',
    testRecord: record('https://www.amazon.jobs/en/jobs/2345678/software-development-engineer'),
    expectedResponse: DEMO_JOB_URL_MESSAGES.capacity('Amazon'),
  },
  {
    name: 'Valid posting',
    description: 'A specific Google posting passes every check.',
    testRecord: record('https://careers.google.com/jobs/results/123456-software-engineer'),
    expectedResponse: DEMO_JOB_URL_MESSAGES.valid('Google'),
  },
  {
    name: "Company's former name",
    description: "Facebook URLs are recognised as Meta, the social-media company's current name.",
    testRecord: record('https://www.facebook.com/careers/jobs/987654'),
    expectedResponse: DEMO_JOB_URL_MESSAGES.valid('Meta'),
  },
];
