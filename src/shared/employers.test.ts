import { describe, expect, it } from 'vitest';
import { FIXED_COMPANIES, normalizeCompanyName } from './companies.js';
import { EMPLOYERS, suggestEmployers } from './employers.js';

describe('the built-in employer list', () => {
  it('holds several hundred employers, starting with the fixed-id companies in id order', () => {
    expect(EMPLOYERS.length).toBeGreaterThanOrEqual(300);
    expect(EMPLOYERS.slice(0, FIXED_COMPANIES.length)).toEqual(FIXED_COMPANIES);
    expect(EMPLOYERS.slice(0, 13).map((e) => e.name)).toEqual([
      'Google',
      'Microsoft',
      'Amazon',
      'Stripe',
      'Meta',
      'Apple',
      'Netflix',
      'Salesforce',
      'Adobe',
      'Uber',
      'Airbnb',
      'LinkedIn',
      'Spotify',
    ]);
  });

  it('has no two employers with the same normalised name or domain', () => {
    const names = EMPLOYERS.map((e) => normalizeCompanyName(e.name));
    expect(new Set(names).size).toBe(names.length);
    const domains = EMPLOYERS.map((e) => e.domain);
    expect(new Set(domains).size).toBe(domains.length);
  });

  it('gives every employer a trimmed name and a plain lower-case domain', () => {
    for (const { name, domain } of EMPLOYERS) {
      expect(name).toBe(name.trim());
      expect(name.length).toBeGreaterThan(0);
      expect(domain).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
    }
  });

  it('includes the big Indian IT employers', () => {
    const names = EMPLOYERS.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['Tata Consultancy Services', 'Infosys', 'Wipro']));
  });
});

describe('suggestEmployers', () => {
  it('matches a substring anywhere in the name, whatever the case', () => {
    expect(suggestEmployers('GOOG')).toEqual(['Google']);
    expect(suggestEmployers('consultancy')).toEqual(['Tata Consultancy Services']);
    expect(suggestEmployers('  infosys ')).toEqual(['Infosys']);
  });

  it('puts names starting with the query before names that only contain it', () => {
    const result = suggestEmployers('me');
    expect(result[0]!.toLowerCase().startsWith('me')).toBe(true);
    const firstInner = result.findIndex((n) => !n.toLowerCase().startsWith('me'));
    if (firstInner >= 0) {
      expect(result.slice(firstInner).every((n) => !n.toLowerCase().startsWith('me'))).toBe(true);
    }
  });

  it('returns at most 10 suggestions, or the given limit', () => {
    const many = EMPLOYERS.filter((e) => e.name.toLowerCase().includes('a')).length;
    expect(many).toBeGreaterThan(10);
    expect(suggestEmployers('a')).toHaveLength(10);
    expect(suggestEmployers('a', 3)).toHaveLength(3);
    expect(suggestEmployers('a', 0)).toEqual([]);
  });

  it('returns nothing for an empty or blank query, or one that matches no employer', () => {
    expect(suggestEmployers('')).toEqual([]);
    expect(suggestEmployers('   ')).toEqual([]);
    expect(suggestEmployers('zzzz-no-such-employer')).toEqual([]);
  });

  it('treats the query as plain text, not a pattern', () => {
    expect(suggestEmployers('.*')).toEqual([]);
    expect(suggestEmployers('&', 50)).toEqual(expect.arrayContaining(['AT&T', 'Johnson & Johnson']));
  });
});
