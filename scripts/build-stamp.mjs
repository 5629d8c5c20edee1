// What `npm run build` records in dist/, and how a start decides whether dist/ can be served as it is.
import fs from 'node:fs';
import path from 'node:path';

/**
 * How the one accepted build is made. A dist/ stamped any other way (another mode, an older recipe) or not
 * stamped at all (built by hand, e.g. `vite build` under NODE_ENV=development) is rebuilt before serving.
 */
export const BUILD_RECIPE = { recipe: 1, mode: 'production', nodeEnv: 'production' };

const SOURCES = [
  'src',
  'public',
  'drizzle',
  'package-lock.json',
  'vite.config.ts',
  'scripts/vite-plugin-blog.ts',
  'tsconfig.server.json',
];
const OUTPUTS = ['dist/server/server/main.js', 'dist/web/index.html'];
const STAMP = 'dist/.build-stamp';

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function writeStamp(root, now = new Date()) {
  fs.writeFileSync(path.join(root, STAMP), JSON.stringify({ ...BUILD_RECIPE, builtAt: now.toISOString() }));
}

function readStamp(root) {
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(root, STAMP), 'utf8'));
    return stamp !== null && typeof stamp === 'object' ? stamp : undefined;
  } catch {
    return undefined;
  }
}

/** Why dist/ under root must be (re)built, as a sentence for the console; undefined when it is current. */
export function rebuildReason(root) {
  if (OUTPUTS.some((output) => !fs.existsSync(path.join(root, output)))) return 'Building the app…';
  const stamp = readStamp(root);
  if (!stamp) return 'The build in dist/ was not made by `npm run build`: rebuilding…';
  if (Object.entries(BUILD_RECIPE).some(([key, value]) => stamp[key] !== value)) {
    return `The build in dist/ was made another way (${stamp.mode ?? 'unknown'} mode): rebuilding for production…`;
  }
  const stampTime = fs.statSync(path.join(root, STAMP)).mtimeMs;
  if (SOURCES.some((source) => newestMtime(path.join(root, source)) > stampTime)) {
    return 'Sources changed: rebuilding…';
  }
  return undefined;
}
