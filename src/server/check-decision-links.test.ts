import { describe, expect, it } from 'vitest';
import { brokenDecisionLinks, checkRepository } from '../../scripts/check-decision-links.mjs';
import { projectRoot } from './lib/project-root.js';

/** scripts/check-decision-links.mjs (part of `npm run lint`): decision records are cited by a path that exists. */
describe('decision links', () => {
  // The examples are written with D and F so that this file, which lint checks too, cites nothing broken.
  const D = 'docs/' + 'decisions';
  const F = 'decisions';
  const check = (file: string, text: string) =>
    brokenDecisionLinks(projectRoot, file, text).map((p) => `${p.line}: ${p.reference}: ${p.problem}`);

  it('accepts records named by a path that exists, from the root or relative to the file', () => {
    expect(check('src/x.ts', `// See ${D}/009-data-dir-lock.md.`)).toEqual([]);
    expect(check('docs/performance.md', `After [decision 028](${F}/028-hot-read-path.md).`)).toEqual([]);
    expect(
      check(`${D}/029-pglite-named-statements.md`, 'After [decision 028](028-hot-read-path.md).'),
    ).toEqual([]);
    expect(
      check('src/server/features/referrals/README.md', `[flow](../../../../${D}/018-referral-handoffs.md)`),
    ).toEqual([]);
  });

  it('refuses a renumbered record and a citation by number alone', () => {
    expect(check('src/x.ts', `line one\n// See ${D}/008-data-dir-lock.md.`)).toEqual([
      `2: ${D}/008-data-dir-lock.md: no such decision record`,
    ]);
    expect(check('docs/performance.md', `[x](${F}/012-emergency-dashboard-route.md)`)).toEqual([
      `1: ${F}/012-emergency-dashboard-route.md: no such decision record`,
    ]);
    expect(check('src/x.ts', `// the workflow (${'decision'} 012)`)[0]).toMatch(/number alone/);
    expect(check('src/x.ts', `// stats (${D}/019).`)[0]).toMatch(/number alone/);
  });

  it('finds nothing broken in the repository', () => {
    expect(checkRepository(projectRoot)).toEqual([]);
  });
});
