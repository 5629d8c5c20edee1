import { describe, expect, it } from 'vitest';
import { afterSignInPath } from './use-google-sign-in';

const next = (value: string) => `?next=${encodeURIComponent(value)}`;

describe('afterSignInPath', () => {
  it('returns to a page of this app named by ?next=, with its query, and to the dashboard otherwise', () => {
    expect(afterSignInPath(next('/refer'))).toBe('/refer');
    expect(afterSignInPath(next('/request-referral?companyId=7'))).toBe('/request-referral?companyId=7');
    expect(afterSignInPath('')).toBe('/dashboard');
    expect(afterSignInPath('?next=')).toBe('/dashboard');
  });

  it('never leaves the app, whatever ?next= says (no open redirect)', () => {
    for (const hostile of [
      '//evil.example',
      '//evil.example/dashboard',
      'https://evil.example',
      'http:evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' /evil',
      'javascript:alert(1)',
      'data:text/html,hi',
      'evil.example',
      '/signin',
      '/signup?next=/refer',
    ]) {
      expect(afterSignInPath(next(hostile)), JSON.stringify(hostile)).toBe('/dashboard');
    }
  });
});
