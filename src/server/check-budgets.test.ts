import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { check, measure } from '../../scripts/check-budgets';

/**
 * scripts/check-budgets.ts (CI, after the build): a route loads the entry and its static imports, then its
 * lazy screens with theirs, each chunk counted once; past the budget it names the route and fails.
 */

/** A build folder with chunks of random (incompressible) bytes of the given sizes and this manifest. */
function build(chunks: Record<string, number>, manifest: Record<string, unknown>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'referbridge-budgets-'));
  fs.mkdirSync(path.join(root, 'assets'));
  fs.mkdirSync(path.join(root, '.vite'));
  for (const [file, bytes] of Object.entries(chunks)) {
    fs.writeFileSync(path.join(root, file), randomBytes(bytes));
  }
  fs.writeFileSync(path.join(root, '.vite/manifest.json'), JSON.stringify(manifest));
  return root;
}

const kib = (root: string, ...files: string[]) =>
  Math.round(
    (files.reduce((sum, f) => sum + gzipSync(fs.readFileSync(path.join(root, f)), { level: 9 }).length, 0) /
      1024) *
      10,
  ) / 10;

const manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], css: ['assets/index.css'] },
  '_react.js': { file: 'assets/react.js' },
  '_screens-abc.js': {
    file: 'assets/screens.js',
    name: 'screens',
    isDynamicEntry: true,
    imports: ['index.html', '_react.js', '_ui.js'],
  },
  '_ui.js': { file: 'assets/ui.js', imports: ['_react.js'] },
  'features/big.tsx': { file: 'assets/big.js', src: 'features/big.tsx', isDynamicEntry: true },
};
const chunks = {
  'assets/index.js': 20_000,
  'assets/react.js': 40_000,
  'assets/screens.js': 10_000,
  'assets/ui.js': 15_000,
  'assets/big.js': 200_000,
  'assets/index.css': 50_000,
};

afterEach(() => vi.restoreAllMocks());

describe('check-budgets', () => {
  it('counts the entry with its static imports, and a route adds its lazy modules, each chunk once', () => {
    const root = build(chunks, manifest);
    const [landing, dashboard] = measure(root, [
      { route: '/', budgetKiB: 100, modules: [] },
      { route: '/dashboard', budgetKiB: 100, modules: ['app/screens.tsx'] },
    ]);
    expect(landing).toMatchObject({ kib: kib(root, 'assets/index.js', 'assets/react.js'), files: 2 });
    // screens imports the entry and react again: they are not counted twice. CSS is not JavaScript.
    expect(dashboard).toMatchObject({
      kib: kib(root, 'assets/index.js', 'assets/react.js', 'assets/screens.js', 'assets/ui.js'),
      files: 4,
    });
    // A chunk nobody loads on arrival (features/big.tsx) costs the first screen nothing.
    expect(dashboard!.kib).toBeLessThan(100);
  });

  it('fails with a sentence naming the route and its size when a route is over budget', () => {
    const root = build(chunks, manifest);
    const errors: string[] = [];
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
    const ok = check(root, [
      { route: '/', budgetKiB: 100, modules: [] },
      { route: '/report', budgetKiB: 100, modules: ['features/big.tsx'] },
    ]);
    expect(ok).toBe(false);
    const size = kib(root, 'assets/index.js', 'assets/react.js', 'assets/big.js');
    expect(errors).toEqual([
      `Budget: /report loads ${size} KiB of JavaScript (gzip), over its budget of 100 KiB.`,
    ]);
  });

  it('refuses a budget naming a module the build does not have', () => {
    const root = build(chunks, manifest);
    expect(() => measure(root, [{ route: '/x', budgetKiB: 1, modules: ['features/gone.tsx'] }])).toThrow(
      'The build manifest has no module features/gone.tsx: update BUDGETS in check-budgets.ts.',
    );
  });
});
