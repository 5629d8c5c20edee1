// `npm run check:budgets` (CI runs it after the build): the JavaScript each first screen loads, gzipped, from
// the build's manifest. A route loads the entry with its static imports, then its own lazy screen modules
// with theirs. Over a budget: a line naming the route and the size, and exit code 1.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chunkClosure, entryKeyOf, manifestKeyOf, readWebManifest } from '../src/server/lib/web-manifest';

interface Budget {
  route: string;
  budgetKiB: number;
  /** The lazy modules (sources under src/web) the route renders on arrival. */
  modules: readonly string[];
}

/** What a new visitor's first screen loads: the lazy modules (manifest keys) rendered on arrival. */
export const BUDGETS: readonly Budget[] = [
  { route: '/', budgetKiB: 110, modules: [] },
  {
    route: '/dashboard',
    budgetKiB: 180,
    // The signed-in screens with the header, bell and menu. The company question never opens on the first
    // dashboard visit of a session, so its code is not loaded then.
    modules: ['app/signed-in-screens.tsx'],
  },
  // The list and its cards, with no schema library (the build checked every article): zod alone would add
  // 26 KiB (Lighthouse mobile on /blog: 93 with it, 97 without).
  { route: '/blog', budgetKiB: 115, modules: ['features/blog/blog-list-page.tsx'] },
  // A visitor's first load: its own screen, without the signed-in screens (docs/decisions/043-prepainted-companies-page.md).
  { route: '/companies', budgetKiB: 180, modules: ['app/visitor-companies-screen.tsx'] },
];

/** Gzipped kibibytes each route loads, given the build output folder (dist/web). */
export function measure(webRoot: string, budgets: readonly Budget[] = BUDGETS) {
  const manifest = readWebManifest(webRoot);
  if (!manifest) throw new Error(`${webRoot} has no build manifest: run npm run build first.`);
  const entryKey = entryKeyOf(manifest);
  return budgets.map(({ route, budgetKiB, modules }) => {
    const files = chunkClosure(manifest, entryKey);
    for (const module of modules) {
      if (manifestKeyOf(manifest, module) === undefined) {
        throw new Error(`The build manifest has no module ${module}: update BUDGETS in check-budgets.ts.`);
      }
      chunkClosure(manifest, module, files);
    }
    const bytes = [...files]
      .filter((file) => file.endsWith('.js'))
      .reduce(
        (sum, file) => sum + gzipSync(fs.readFileSync(path.join(webRoot, file)), { level: 9 }).length,
        0,
      );
    return { route, budgetKiB, kib: Math.round((bytes / 1024) * 10) / 10, files: files.size };
  });
}

export function check(webRoot: string, budgets: readonly Budget[] = BUDGETS) {
  const results = measure(webRoot, budgets);
  const over = results.filter((r) => r.kib > r.budgetKiB);
  for (const r of results) {
    const verdict = r.kib > r.budgetKiB ? 'OVER' : 'ok';
    console.log(
      `${verdict.padEnd(4)} ${r.route.padEnd(12)} ${r.kib} KiB of JavaScript (gzip), budget ${r.budgetKiB} KiB`,
    );
  }
  for (const r of over) {
    console.error(
      `Budget: ${r.route} loads ${r.kib} KiB of JavaScript (gzip), over its budget of ${r.budgetKiB} KiB.`,
    );
  }
  return over.length === 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  process.exitCode = check(path.join(root, 'dist/web')) ? 0 : 1;
}
