// Builds the app when dist/ is missing or older than any of its sources.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = path.join(root, 'dist/server/server/main.js');
const stamp = path.join(root, 'dist/.build-stamp');
const sources = ['src', 'public', 'drizzle', 'package-lock.json', 'vite.config.ts', 'tsconfig.server.json'];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function ensureBuild() {
  const built =
    fs.existsSync(stamp) &&
    fs.existsSync(serverEntry) &&
    fs.existsSync(path.join(root, 'dist/web/index.html'));
  const stale = !built || sources.some((s) => newestMtime(path.join(root, s)) > fs.statSync(stamp).mtimeMs);
  if (!stale) return;
  console.log(built ? 'Sources changed: rebuilding…' : 'Building the app…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
  fs.writeFileSync(stamp, new Date().toISOString());
}
