import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CompanySummary } from './companies.js';
import { EMPLOYERS } from './employers.js';
import { CompanyDetectionSchema, detectCompany, isPartnerJobUrl } from './job-url.js';

const SEEDED: readonly CompanySummary[] = EMPLOYERS.map((e, i) => ({ id: i + 1, name: e.name }));

/**
 * A company's name as the database can hold one: every name arrives through the shared required-text
 * schema (trimmed, not empty), so a blank name is not a case detection has to survive.
 */
const companyName = fc
  .string({ maxLength: 30 })
  .map((name) => name.trim())
  .filter((name) => name !== '');

/** A company list: the seeded one, a random one, or nothing. */
const companyLists = fc.oneof(
  fc.constant(SEEDED),
  fc.constant([]),
  fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 10_000 }), name: companyName }), {
    selector: (c) => c.id,
    maxLength: 20,
  }),
);

/** URLs shaped like the ones detection has rules for, with random slugs, so the rules themselves get exercised. */
const slug = fc.stringMatching(/^[a-zA-Z0-9%._~-]{0,30}$/);
const boardUrls = fc
  .tuple(
    fc.constantFrom(
      'https://www.linkedin.com/jobs/view/',
      'https://www.glassdoor.com/job-listing/',
      'https://www.glassdoor.com/Job/',
      'https://jobs.lever.co/',
      'https://boards.greenhouse.io/',
      'https://boards.greenhouse.io/embed/job_app?for=',
      'https://nvidia.wd5.myworkdayjobs.com/',
      'https://careers.google.com/jobs/results/',
      'https://amazon.jobs/',
      'https://stripe.com/jobs/',
      'https://www.indeed.com/viewjob?jk=',
    ),
    slug,
    slug,
  )
  .map(([base, a, b]) => `${base}${a}-at-${b}-JV_KE0,${b.length}`);

const anyInput = fc.oneof(
  fc.string(),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  boardUrls,
);

function checkAnswer(url: string, companies: readonly CompanySummary[]) {
  const answer = CompanyDetectionSchema.strict().parse(detectCompany(url, companies));
  if (answer.companyId !== null) {
    expect(companies.some((c) => c.id === answer.companyId && c.name === answer.companyName)).toBe(true);
  }
  expect(answer.confidence === null).toBe(answer.companyName === null);
  // Without a company there is always a sentence saying why.
  if (answer.companyName === null) expect(answer.message).toEqual(expect.any(String));
  if (answer.companyName !== null) expect(answer.companyName.trim()).not.toBe('');
}

describe('properties of job URL detection', () => {
  it('answers a well-formed detection for any text and any list, and never throws', () => {
    fc.assert(fc.property(anyInput, companyLists, checkAnswer), { numRuns: 500 });
  });

  it('answers a well-formed detection for any web URL', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) =>
        checkAnswer(url, SEEDED),
      ),
      { numRuns: 300 },
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(anyInput, (url) => {
        expect(detectCompany(url, SEEDED)).toEqual(detectCompany(url, SEEDED));
      }),
    );
  });

  it('isPartnerJobUrl never throws, and a partner URL detects the partner', () => {
    fc.assert(
      fc.property(anyInput, (url) => {
        if (isPartnerJobUrl(url) && detectCompany(url, SEEDED).companyName !== null) {
          expect(detectCompany(url, SEEDED).companyId).toBe(4);
        }
      }),
    );
  });
});
