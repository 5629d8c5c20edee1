import { describe, expect, it } from 'vitest';
import { DEMO_REQUEST_TEXTS as T, validateDemoRequest } from './validate-demo-request';

const position = 'Software Engineer';

describe('validateDemoRequest', () => {
  it('needs a job URL, then a position', () => {
    expect(validateDemoRequest({ jobUrl: ' ', position: '' })).toEqual({
      ok: false,
      field: 'jobUrl',
      message: 'Please enter a job URL',
    });
    expect(validateDemoRequest({ jobUrl: 'https://careers.google.com/jobs/1', position: '  ' })).toEqual({
      ok: false,
      field: 'position',
      message: "Please enter the position you're applying for",
    });
  });

  it('checks the URL with the shared validator', () => {
    expect(validateDemoRequest({ jobUrl: 'javascript:alert(1)', position })).toMatchObject({
      field: 'jobUrl',
      message: 'Please enter a valid URL',
    });
  });

  it('says when no company can be read from the host', () => {
    expect(validateDemoRequest({ jobUrl: 'https://www.indeed.com/viewjob?jk=123', position })).toMatchObject({
      message: T.companyUndetected,
    });
  });

  it('says when the company read from the URL is not a demo company', () => {
    expect(validateDemoRequest({ jobUrl: 'https://careers.stripe.com/jobs/1', position })).toMatchObject({
      message: 'Company not found',
    });
  });

  it('matches long hosts by substring (fuzzy) but not short ones', () => {
    const companies = [{ id: 300, name: 'Walmart Global Tech', website: '', description: '' }];
    const referrers = [
      {
        userId: 9,
        companyId: 300,
        position: 'Engineer',
        department: 'Tech',
        isVerified: true,
        startDate: '2020-01-01',
        openReferrals: 0,
      },
    ];
    expect(
      validateDemoRequest({ jobUrl: 'https://careers.walmart.com/jobs/1', position }, companies, referrers),
    ).toMatchObject({ ok: true, company: { id: 300 } });
    expect(
      validateDemoRequest({ jobUrl: 'https://walmart.io/jobs/1', position }, companies, referrers),
    ).toMatchObject({ message: 'Company not found' });
  });

  it('needs a verified referrer at the company', () => {
    // Meta's only referrer is still pending verification.
    expect(validateDemoRequest({ jobUrl: 'https://www.metacareers.com/jobs/42/', position })).toMatchObject({
      message: 'No referrers found at Meta. Cannot process your request at this time.',
    });
  });

  it('accepts a posting at a company with a verified referrer', () => {
    expect(
      validateDemoRequest({ jobUrl: 'https://careers.microsoft.com/us/en/job/1/Engineer', position }),
    ).toMatchObject({ ok: true, company: { id: 202, name: 'Microsoft' } });
  });
});
