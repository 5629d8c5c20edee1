import { describe, expect, it } from 'vitest';
import { afterSignInPath } from './use-google-sign-in';

describe('afterSignInPath', () => {
  it('returns to a path of this app named by ?next=, and to the dashboard otherwise', () => {
    expect(afterSignInPath('?next=%2Frefer')).toBe('/refer');
    expect(afterSignInPath('')).toBe('/dashboard');
    for (const bad of [
      '//evil.example',
      'https://evil.example',
      '/\\evil',
      'javascript:alert(1)',
      '/refer?x=1',
      '',
    ]) {
      expect(afterSignInPath(`?next=${encodeURIComponent(bad)}`), bad).toBe('/dashboard');
    }
  });
});
