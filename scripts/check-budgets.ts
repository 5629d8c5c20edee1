// `npm run check:budgets` (CI runs it after the build): the JavaScript each first screen loads, gzipped, from
// the build's manifest. A route loads the entry with its static imports, then its own lazy screen modules
// with theirs. Over a budget: a line naming the route and the size, and exit code 1.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** What a new visitor's first screen loads: the lazy modules (manifest keys) rendered on arrival. */
export const BUDGETS = [
  { route: '/', budgetKiB: 110, modules: [] },
  {
    route: '/dashboard',
    budgetKiB: 180,
    // The signed-in screens with the header, bell and menu. The company question never opens on the first
    // dashboard visit of a session, so its code is not loaded then.
    modules: ['app/signed-in-screens.tsx'],
  },
];

/**
 * The manifest key of a source module (`features/x/page.tsx`). A module that is only ever imported through
 * a helper function is keyed by its chunk (`_page-HASH.js`): found then by its chunk name.
 */
function keyOf(manifest, module) {
  if (manifest[module]) return module;
  const name = path.basename(module).replace(/\.[jt]sx?$/, '');
  return Object.keys(manifest).find(
    (key) => manifest[key].src === module || (manifest[key].isDynamicEntry && manifest[key].name === name),
  );
}

/** The chunk files a manifest entry loads before it runs: itself and its static imports, transitively. */
function closure(manifest, module, files = new Set()) {
  const key = keyOf(manifest, module);
  const entry = key && manifest[key];
  if (!entry)
    throw new Error(`The build manifest has no module ${module}: update BUDGETS in check-budgets.mjs.`);
  if (files.has(entry.file)) return files;
  files.add(entry.file);
  for (const imported of entry.imports ?? []) closure(manifest, imported, files);
  return files;
}

/** Gzipped kibibytes each route loads, given the build output folder (dist/web). */
export function measure(webRoot, budgets = BUDGETS) {
  const manifest = JSON.parse(fs.readFileSync(path.join(webRoot, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('The build manifest has no entry.');
  return budgets.map(({ route, budgetKiB, modules }) => {
    const files = closure(manifest, entryKey);
    for (const module of modules) closure(manifest, module, files);
    const bytes = [...files]
      .filter((file) => file.endsWith('.js'))
      .reduce(
        (sum, file) => sum + gzipSync(fs.readFileSync(path.join(webRoot, file)), { level: 9 }).length,
        0,
      );
    return { route, budgetKiB, kib: Math.round((bytes / 1024) * 10) / 10, files: files.size };
  });
}

export function check(webRoot, budgets = BUDGETS) {
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
