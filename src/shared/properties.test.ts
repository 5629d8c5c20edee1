import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPLOYERS, suggestEmployers } from './employers';
import { formatBadgeCount } from './notifications';
import { formatDescriptionBullets } from './profile-format';
import { profileCompletion } from './profile';

describe('properties of the shared rules', () => {
  it('completion is 25 points per finished part, whatever the counts', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.nat(20),
        fc.nat(20),
        fc.nat(20),
        (hasResume, experienceCount, educationCount, skillCount) => {
          const { percentage, parts } = profileCompletion({
            hasResume,
            experienceCount,
            educationCount,
            skillCount,
          });
          expect(percentage).toBe(25 * Object.values(parts).filter(Boolean).length);
          expect(parts.skills).toBe(skillCount >= 2);
          expect(percentage === 100).toBe(
            hasResume && experienceCount > 0 && educationCount > 0 && skillCount >= 2,
          );
        },
      ),
    );
  });

  // docs/product.md, Profile completion: four parts of 25 points (one experience, one education, two skills, a
  // resume). Written out by hand, so a broken rule fails on every run, not only when a random case hits it.
  it.each([
    [{ hasResume: false, experienceCount: 0, educationCount: 0, skillCount: 0 }, 0],
    [{ hasResume: true, experienceCount: 0, educationCount: 0, skillCount: 0 }, 25],
    [{ hasResume: false, experienceCount: 1, educationCount: 0, skillCount: 0 }, 25],
    [{ hasResume: false, experienceCount: 0, educationCount: 1, skillCount: 0 }, 25],
    [{ hasResume: false, experienceCount: 0, educationCount: 0, skillCount: 1 }, 0],
    [{ hasResume: false, experienceCount: 0, educationCount: 0, skillCount: 2 }, 25],
    [{ hasResume: false, experienceCount: 3, educationCount: 2, skillCount: 1 }, 50],
    [{ hasResume: true, experienceCount: 1, educationCount: 1, skillCount: 1 }, 75],
    [{ hasResume: true, experienceCount: 1, educationCount: 0, skillCount: 2 }, 75],
    [{ hasResume: true, experienceCount: 1, educationCount: 1, skillCount: 2 }, 100],
  ])('completion of %o is %i%%', (input, percentage) => {
    expect(profileCompletion(input).percentage).toBe(percentage);
  });

  it('the badge shows the count up to 99, then 99+, and nothing at 0', () => {
    fc.assert(
      fc.property(fc.nat(100_000), (n) => {
        const badge = formatBadgeCount(n);
        if (n === 0) expect(badge).toBe('');
        else if (n > 99) expect(badge).toBe('99+');
        else expect(badge).toBe(String(n));
      }),
    );
  });

  it('bullet formatting is stable: formatting twice changes nothing more', () => {
    const text = fc.stringMatching(/^[a-z *•\-\n]{0,40}$/);
    fc.assert(
      fc.property(text, (s) => {
        const once = formatDescriptionBullets(s);
        expect(formatDescriptionBullets(once)).toBe(once);
      }),
    );
  });

  it('suggestions are at most 10 employers whose names contain the query', () => {
    const query = fc.oneof(
      fc.constantFrom(...EMPLOYERS.slice(0, 50).map((e) => e.name.slice(0, 3))),
      fc.string({ maxLength: 5 }),
    );
    fc.assert(
      fc.property(query, (q) => {
        const suggestions = suggestEmployers(q);
        expect(suggestions.length).toBeLessThanOrEqual(10);
        for (const name of suggestions) expect(name.toLowerCase()).toContain(q.trim().toLowerCase());
      }),
    );
  });
});
