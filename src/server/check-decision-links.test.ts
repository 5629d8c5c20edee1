import { describe, expect, it } from 'vitest';
import {
  brokenDecisionLinks,
  brokenDocCitations,
  checkRepository,
  outsideCitations,
  recordFormProblems,
} from '../../scripts/check-decision-links.mjs';
import { projectRoot } from './project-root.js';

/**
 * scripts/check-decision-links.mjs (part of `npm run lint`): decision records are cited by a path that exists
 * and have one form; no file cites a document outside the repository; citations of docs/product.md and
 * docs/architecture.md name a heading of theirs.
 */
describe('decision links', () => {
  // The examples are written with D and F so that this file, which lint checks too, cites nothing broken.
  const D = 'docs/' + 'decisions';
  const F = 'decisions';
  // Likewise the broken citations of the two documents, with P and A.
  const P = 'docs/' + 'product.md';
  const A = 'docs/' + 'architecture.md';
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

  it('refuses citations of the documents outside the repository, in prose, comments and test names', () => {
    const cited = (text: string) => outsideCitations('src/x.ts', text).map((p) => p.reference);
    expect(cited('// DESIGN.md "Matching": verified first.')).toEqual(['DESIGN.md']);
    expect(cited('See design.md.')).toEqual(['design.md']);
    expect(cited('// STYLE.md says so.')).toEqual(['STYLE.md']);
    expect(cited("it('shows the spec's messages', …)")).toEqual(["spec's"]);
    expect(cited('/** The status machine (spec section 4). */')).toEqual(['spec section']);
    expect(cited('// Not in the spec: what left the referrer.')).toEqual(['the spec']);
    expect(cited('/** Spec: requests exist but none is pending. */')).toEqual(['/** Spec']);
    expect(cited('the job URL cut to 40 characters (spec: the basic dashboard)')).toEqual(['(spec']);
    expect(cited("it('refuses bad input with the spec sentences')")).toEqual(['the spec']);
    expect(cited('go to "an analytics service (outside this specification)"')).toEqual([
      'this specification',
    ]);
    expect(cited('Every line here, one problem:\nthe spec says\nper the spec.')).toHaveLength(2);
  });

  it('leaves code that merely says spec alone, and lets the checker and this test name the documents', () => {
    const cited = (text: string) => outsideCitations('src/x.ts', text);
    expect(cited("const spec = (await app.inject({ url: '/api/docs/json' })).json();")).toEqual([]);
    expect(cited('expect(Object.keys(spec.paths)).toEqual([]); return spec;')).toEqual([]);
    expect(cited('transformSpecification: (spec: Spec, request) => {')).toEqual([]);
    expect(cited("import x from './foo.spec.ts'; // '@standard-schema/spec'")).toEqual([]);
    expect(cited('See docs/product.md, Statuses.')).toEqual([]);
    expect(outsideCitations('src/server/check-decision-links.test.ts', 'DESIGN.md')).toEqual([]);
    expect(outsideCitations('scripts/check-decision-links.mjs', 'the spec')).toEqual([]);
  });

  it('accepts a citation of docs/product.md or docs/architecture.md only by one of their headings', () => {
    const check = (text: string) => brokenDocCitations(projectRoot, text).map((p) => p.problem);
    expect(check('// docs/product.md, Statuses: pending to accepted or declined.')).toEqual([]);
    expect(check("(docs/product.md, A request's life)")).toEqual([]);
    expect(check('docs/architecture.md, How instances share state')).toEqual([]);
    expect(check(`the rules (${P}, Statutes)`)).toEqual(['names no heading of docs/product.md']);
    expect(check(`${A}, Layering`)).toEqual(['names no heading of docs/architecture.md']);
  });

  describe('the form of a record', () => {
    const index = [
      '| #   | date | decision | status |',
      '| --- | ---- | -------- | ------ |',
      '| [007](007-old.md) | 2026-11-23 | Old | superseded by [011](011-new.md) |',
      '| [011](011-new.md) | 2026-11-24 | New | accepted |',
    ].join('\n');
    const record = (...lines: string[]) => lines.join('\n');
    const good = record(
      '# 011: New',
      '',
      'Date: 2026-11-24',
      'Status: accepted; supersedes [007](007-old.md)',
      '',
      '## Context',
      '',
      'Why.',
      '',
      '## Decision',
      '',
      'What.',
      '',
      '### A detail',
      '',
      '## Consequences',
      '',
      'Then.',
    );
    const check = (file: string, text: string) =>
      recordFormProblems(`${D}/${file}`, text, index).map((p) => `${p.line}: ${p.problem}`);

    it('accepts a title, a Date and a Status line, the three sections in order, and a matching index row', () => {
      expect(check('011-new.md', good)).toEqual([]);
      const superseded = good
        .replace('# 011: New', '# 007: Old')
        .replace('2026-11-24', '2026-11-23')
        .replace(/Status: .*/, 'Status: superseded by [011](011-new.md)');
      expect(check('007-old.md', superseded)).toEqual([]);
      expect(check('README.md', 'anything')).toEqual([]);
    });

    it('refuses a record without its lines, with its sections as bold paragraphs or out of order', () => {
      expect(check('011-new.md', good.replace('Date: 2026-11-24\n', ''))).toEqual([
        "3: the line under the title is 'Date: YYYY-MM-DD'",
        "5: the line under the date is 'Status: accepted', 'Status: deprecated' or 'Status: superseded by [NNN](NNN-name.md)'",
      ]);
      expect(check('011-new.md', good.replace('Status: accepted', 'Status: accepted, mostly'))[0]).toMatch(
        /^4: the line under the date is 'Status: accepted'/,
      );
      expect(check('011-new.md', good.replace('## Context\n\n', '**Context.** '))).toEqual([
        "8: the sections are '## Context', '## Decision' and '## Consequences', in that order (more go under them as '###')",
      ]);
      expect(check('011-new.md', good.replace('### A detail', '## A detail'))[0]).toMatch(/in that order/);
      expect(check('011-new.md', good.replace('# 011: New', '# 011 New'))).toEqual([
        "1: the title is '# 011: …'",
      ]);
    });

    it("refuses a record whose date or status is not the index's, or that has no row there", () => {
      expect(check('011-new.md', good.replace('2026-11-24', '2026-11-25'))).toEqual([
        '3: the index says 2026-11-24',
      ]);
      expect(check('011-new.md', good.replace('Status: accepted', 'Status: deprecated'))).toEqual([
        "4: the index says 'accepted'",
      ]);
      expect(check('012-other.md', good.replace('# 011', '# 012'))).toEqual([
        '1: has no row in docs/decisions/README.md',
      ]);
    });
  });

  it('finds nothing broken in the repository', () => {
    expect(checkRepository(projectRoot)).toEqual([]);
  });
});
