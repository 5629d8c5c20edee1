import { describe, expect, it } from 'vitest';
import { domainOf, isWithinDomain } from './email-domain';

describe('domainOf', () => {
  it('takes the part after the last @, trimmed, lower-case, without stray dots', () => {
    expect(domainOf(' Ann@Mail.Acme.COM. ')).toBe('mail.acme.com');
    expect(domainOf('"a@b"@acme.com')).toBe('acme.com');
    expect(domainOf('.acme.com')).toBe('acme.com');
    expect(domainOf('')).toBe('');
  });
});

describe('isWithinDomain', () => {
  it('holds for the domain and its subdomains, not for look-alikes or empty ones', () => {
    expect(isWithinDomain('acme.com', 'acme.com')).toBe(true);
    expect(isWithinDomain('mail.acme.com', 'acme.com')).toBe(true);
    expect(isWithinDomain('notacme.com', 'acme.com')).toBe(false);
    expect(isWithinDomain('acme.com.evil.io', 'acme.com')).toBe(false);
    expect(isWithinDomain('', '')).toBe(false);
    expect(isWithinDomain('acme.com', '')).toBe(false);
  });
});
