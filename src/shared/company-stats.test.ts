import { describe, expect, it } from 'vitest';
import type { CompanyStats } from './companies.js';
import { companyStatsSentence, formatResponseTime } from './company-stats.js';

const stats = (overrides: Partial<CompanyStats> = {}): CompanyStats => ({
  referrers: 4,
  verifiedReferrers: 2,
  responseRate: 0.8,
  medianResponseHours: 40,
  ...overrides,
});

describe('formatResponseTime', () => {
  it('speaks in hours below two days, rounding up', () => {
    expect(formatResponseTime(0)).toBe('within 1 hour');
    expect(formatResponseTime(0.4)).toBe('within 1 hour');
    expect(formatResponseTime(1)).toBe('within 1 hour');
    expect(formatResponseTime(5.2)).toBe('within 6 hours');
    expect(formatResponseTime(47.9)).toBe('within 48 hours');
  });

  it('speaks in days from 48 hours on, rounding up', () => {
    expect(formatResponseTime(48)).toBe('within 2 days');
    expect(formatResponseTime(49)).toBe('within 3 days');
    expect(formatResponseTime(120)).toBe('within 5 days');
  });
});

describe('companyStatsSentence', () => {
  it('gives the rate in ten and the usual time', () => {
    expect(companyStatsSentence('Stripe', stats({ medianResponseHours: 40 }))).toBe(
      'Referrers at Stripe answer 8 in 10 requests, usually within 40 hours',
    );
    expect(companyStatsSentence('Stripe', stats({ responseRate: 0.76, medianResponseHours: 44.5 }))).toBe(
      'Referrers at Stripe answer 8 in 10 requests, usually within 45 hours',
    );
    expect(companyStatsSentence('Stripe', stats({ responseRate: 1, medianResponseHours: 30 * 24 }))).toBe(
      'Referrers at Stripe answer 10 in 10 requests, usually within 30 days',
    );
  });

  it('leaves the time out when too few answered, and never says 0 in 10', () => {
    expect(companyStatsSentence('Acme', stats({ responseRate: 0, medianResponseHours: null }))).toBe(
      'Referrers at Acme answer fewer than 1 in 10 requests',
    );
  });

  it('counts referrers when there is too little data, and says nothing without referrers', () => {
    const none = { responseRate: null, medianResponseHours: null };
    expect(companyStatsSentence('Stripe', stats({ ...none, referrers: 3 }))).toBe('3 referrers at Stripe');
    expect(companyStatsSentence('Stripe', stats({ ...none, referrers: 1 }))).toBe('1 referrer at Stripe');
    expect(companyStatsSentence('Stripe', stats({ ...none, referrers: 0 }))).toBeNull();
  });
});
