import { describe, expect, it } from 'vitest';
import { opensAsVisitor } from './visitor-companies-route';

const firstLoad = { prepaintedAtBoot: true, locationKey: 'default', signedInThisTab: false };

describe('opensAsVisitor', () => {
  it("opens a signed-out visitor's first load on the visitor's screen", () => {
    expect(opensAsVisitor(firstLoad)).toBe(true);
  });

  it('leaves the session check to a document the server did not paint (a session cookie, even a stale one)', () => {
    expect(opensAsVisitor({ ...firstLoad, prepaintedAtBoot: false })).toBe(false);
  });

  it('leaves it to any later navigation to /companies', () => {
    expect(opensAsVisitor({ ...firstLoad, locationKey: 'k3x9q2ab' })).toBe(false);
  });

  it('leaves it to a tab that has signed in since (Back to the first entry)', () => {
    expect(opensAsVisitor({ ...firstLoad, signedInThisTab: true })).toBe(false);
  });
});
