import { describe, expect, it } from 'vitest';
import { analyticsMetaTag } from './analytics.js';
import { formatPostDate } from './blog.js';
import { fallbackCompanyName, normalizeCompanyName } from './companies.js';
import { firstNameOf } from './names.js';
import { isWebUrl } from './job-url-rules.js';
import { displayStatus } from './referral-status.js';

// Small shared rules that had no test in src/shared; found by mutation testing (docs/quality.md).

describe('firstNameOf', () => {
  it('takes the first word of the full name and capitalises it', () => {
    expect(firstNameOf('  ada   Lovelace ')).toBe('Ada');
    expect(firstNameOf('grace')).toBe('Grace');
  });

  it("says 'User' when there is no name", () => {
    expect(firstNameOf(null)).toBe('User');
    expect(firstNameOf(undefined)).toBe('User');
    expect(firstNameOf('   ')).toBe('User');
  });
});

describe('analyticsMetaTag', () => {
  it('escapes every character that could end the attribute or open a tag', () => {
    const tag = analyticsMetaTag({
      provider: 'plausible',
      domain: `a&b"c'd<e>f`,
      apiHost: 'https://plausible.io',
    });
    expect(tag).toBe(
      '<meta name="referbridge-analytics" content="{&quot;provider&quot;:&quot;plausible&quot;,' +
        '&quot;domain&quot;:&quot;a&amp;b\\&quot;c&#39;d&lt;e&gt;f&quot;,&quot;apiHost&quot;:&quot;https://plausible.io&quot;}" />',
    );
  });
});

describe('formatPostDate', () => {
  it('writes the day in words, the same in every time zone', () => {
    expect(formatPostDate('2025-03-22')).toBe('March 22, 2025');
    expect(formatPostDate('2024-01-01')).toBe('January 1, 2024');
  });
});

describe('company names', () => {
  it('names the fixed companies by id, and nothing else', () => {
    expect(fallbackCompanyName(1)).toBe('Google');
    expect(fallbackCompanyName(4)).toBe('Stripe');
    expect(fallbackCompanyName(999)).toBeUndefined();
    expect(fallbackCompanyName(null)).toBeUndefined();
  });

  it('makes one key of the spellings of one name', () => {
    expect(normalizeCompanyName('  Bank   of\tAmerica ')).toBe('bank of america');
  });
});

describe('isWebUrl', () => {
  it('accepts http and https addresses with a host', () => {
    expect(isWebUrl('https://jobs.example.com/1')).toBe(true);
    expect(isWebUrl('http://example.com')).toBe(true);
  });

  it('refuses other schemes, hostless URLs and text', () => {
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    expect(isWebUrl('ftp://example.com/job')).toBe(false);
    expect(isWebUrl('file:///etc/passwd')).toBe(false);
    expect(isWebUrl('not a url')).toBe(false);
  });
});

describe('displayStatus', () => {
  it("shows the referral's status once there is one, else the request's", () => {
    expect(displayStatus({ status: 'pending', referral: null })).toBe('pending');
    expect(
      displayStatus({
        status: 'pending',
        referral: { status: 'accepted' },
      }),
    ).toBe('accepted');
  });
});
