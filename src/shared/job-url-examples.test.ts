import { describe, expect, it } from 'vitest';
import { isCareerPage, isNonJobPage, registrableLabel, usableName } from './job-url-hosts.js';
import { compactName, displayName, exactMatch, partialMatch } from './job-url-names.js';

// Fixed examples of the job-URL helpers, one per rule, beside the end-to-end cases in job-url.test.ts:
// mutation testing showed these edges changing without any test noticing (docs/quality.md).

describe('registrableLabel', () => {
  it('skips a country code under a generic second level, and only then', () => {
    expect(registrableLabel('jobs.example.co.uk')).toBe('example');
    expect(registrableLabel('www.notion.so')).toBe('notion');
    expect(registrableLabel('co.uk')).toBe('co');
    expect(registrableLabel('careers.acme.io')).toBe('acme');
    expect(registrableLabel('careers.acme.com')).toBe('acme');
    expect(registrableLabel('shop.acme.de')).toBe('acme');
  });
});

describe('isCareerPage', () => {
  it('reads careers and jobs hosts, .jobs hosts and career path segments', () => {
    expect(isCareerPage('career.acme.com', [])).toBe(true);
    expect(isCareerPage('careers.acme.com', [])).toBe(true);
    expect(isCareerPage('job.acme.com', [])).toBe(true);
    expect(isCareerPage('jobs.acme.com', [])).toBe(true);
    expect(isCareerPage('mycareers.acme.com', [])).toBe(false);
    expect(isCareerPage('acme.jobs', [])).toBe(true);
    expect(isCareerPage('acme.com', ['Career'])).toBe(true);
    expect(isCareerPage('acme.com', ['jobs-search'])).toBe(true);
    expect(isCareerPage('acme.com', ['job'])).toBe(true);
    expect(isCareerPage('acme.com', ['jobsearch'])).toBe(false);
    expect(isCareerPage('acme.com', ['about', 'mycareers'])).toBe(false);
  });
});

describe('isNonJobPage', () => {
  it('reads the section after a locale, and the subdomain', () => {
    expect(isNonJobPage('acme.com', ['en-us', 'about'])).toBe(true);
    expect(isNonJobPage('blog.acme.com', ['post'])).toBe(true);
    expect(isNonJobPage('acme.com', ['about', 'careers'])).toBe(false);
    expect(isNonJobPage('acme.com', ['team'])).toBe(false);
  });
});

describe('usableName', () => {
  it('strips careers affixes and keeps a name', () => {
    expect(usableName('uscareers-acme')).toBe('acme');
    expect(usableName('career-acme')).toBe('acme');
    expect(usableName('acme-careers')).toBe('acme');
    expect(usableName('acme-career')).toBe('acme');
    expect(usableName('AT&T')).toBe('AT&T');
    expect(usableName('x'.repeat(60))).toBe('x'.repeat(60));
  });

  it('refuses what no employer is called', () => {
    expect(usableName(undefined)).toBeUndefined();
    expect(usableName('a')).toBeUndefined();
    expect(usableName('x'.repeat(61))).toBeUndefined();
    expect(usableName('jobs')).toBeUndefined();
    expect(usableName('12345')).toBeUndefined();
    expect(usableName('-acme')).toBeUndefined();
    expect(usableName('acme!')).toBeUndefined();
    expect(usableName('en-US')).toBeUndefined();
    expect(usableName('de_DE')).toBeUndefined();
    expect(usableName('wd5')).toBeUndefined();
    expect(usableName('wd12')).toBeUndefined();
    expect(usableName('0f3a9c2b7d4e1f60')).toBeUndefined();
  });

  it('keeps names that only look like those', () => {
    expect(usableName('en-USA')).toBe('en-USA');
    expect(usableName('wd5x')).toBe('wd5x');
    expect(usableName('0f3a9c2b7d4e1f6')).toBe('0f3a9c2b7d4e1f6');
    expect(usableName('acme-0f3a9c2b7d4e1f60')).toBe('acme-0f3a9c2b7d4e1f60');
  });
});

describe('company names from URLs', () => {
  it('compacts a name to its letters and digits', () => {
    expect(compactName('Bank of-America, N.A.')).toBe('bankofamericana');
  });

  it('writes a slug as a name, keeping capitals and small inner words', () => {
    expect(displayName('bank-of-america')).toBe('Bank of America');
    expect(displayName('of--the_acme')).toBe('Of the Acme');
    expect(displayName('JPMorgan-chase')).toBe('JPMorgan Chase');
  });

  const companies = [
    { id: 1, name: 'Google' },
    { id: 7, name: 'Acme Robotics' },
    { id: 3, name: 'Acme Robotics International' },
    { id: 9, name: 'Box' },
  ];

  it('matches a name exactly, never an empty one', () => {
    expect(exactMatch('google', companies)?.id).toBe(1);
    expect(exactMatch('--', [{ id: 5, name: '' }])).toBeUndefined();
  });

  it('matches a part, the closest in length first, then the lowest id', () => {
    expect(partialMatch('acmerobotic', 'careers.acmerobotic.com', companies)?.id).toBe(7);
    expect(
      partialMatch('robotics', 'careers.acmerobotic.com', [...companies, { id: 2, name: 'Xrobotics' }])?.id,
    ).toBe(2);
    expect(
      partialMatch('robotics', 'careers.acmerobotic.com', [
        { id: 8, name: 'ARobotics' },
        { id: 4, name: 'BRobotics' },
      ])?.id,
    ).toBe(4);
    expect(partialMatch('acmerobotic', 'short.com', companies)).toBeUndefined();
  });
});
