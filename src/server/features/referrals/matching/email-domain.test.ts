import { describe, expect, it } from 'vitest';
import { emailMatchesDomain } from './willingness.js';

// docs/product.md, Verification: a referrer counts as verified when the sign-in email is on the company's domain.
// Fixed examples beside the API tests in willingness.test.ts; mutation testing found these edges unguarded.

describe('emailMatchesDomain', () => {
  it('matches the domain itself and its subdomains, whatever the case and spaces', () => {
    expect(emailMatchesDomain('  Ada@Stripe.COM ', 'stripe.com')).toBe(true);
    expect(emailMatchesDomain('ada@eng.stripe.com', ' Stripe.com ')).toBe(true);
  });

  it('reads the domain after the last @, never the local part', () => {
    expect(emailMatchesDomain('stripe.com@evil.example', 'stripe.com')).toBe(false);
    expect(emailMatchesDomain('"a@b"@stripe.com', 'stripe.com')).toBe(true);
  });

  it('ignores dots around the company domain, however many', () => {
    expect(emailMatchesDomain('ada@stripe.com', '..stripe.com..')).toBe(true);
    expect(emailMatchesDomain('ada@stripe.com', '.stripe.com.')).toBe(true);
  });

  it('refuses look-alikes, a missing domain and an email without one', () => {
    expect(emailMatchesDomain('ada@notstripe.com', 'stripe.com')).toBe(false);
    expect(emailMatchesDomain('ada@stripe.com.evil.example', 'stripe.com')).toBe(false);
    expect(emailMatchesDomain('ada@stripe.com', null)).toBe(false);
    expect(emailMatchesDomain('ada@stripe.com', '')).toBe(false);
    expect(emailMatchesDomain('ada@stripe.com', '...')).toBe(false);
    expect(emailMatchesDomain('ada@', 'com')).toBe(false);
    expect(emailMatchesDomain('ada@.', '.')).toBe(false);
  });
});
