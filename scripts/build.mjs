// `npm run build`: always the production bundle, whatever NODE_ENV the shell has, then the stamp that says so.
//
// The web (Vite) and the server (esbuild) build side by side. esbuild only strips the types, file by file,
// into the same layout `tsc -p tsconfig.server.json` would emit; type checking is lint's and CI's job
// (`npm run typecheck`), so a start does not wait for it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build as esbuild } from 'esbuild';
import { BUILD_RECIPE, writeStamp } from './build-stamp.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The server's sources: what tsconfig.server.json includes, less its tests and test helpers. */
function serverSources() {
  const isSource = (file) =>
    file.endsWith('.ts') &&
    !file.endsWith('.d.ts') &&
    !file.endsWith('.test.ts') &&
    !file.endsWith('.test-helpers.ts') &&
    !file.startsWith('server/testing/');
  return ['server', 'shared'].flatMap((folder) =>
    fs
      .readdirSync(path.join(root, 'src', folder), { recursive: true, encoding: 'utf8' })
      .map((file) => path.posix.join(folder, file.split(path.sep).join('/')))
      .filter(isSource)
      .map((file) => path.join(root, 'src', file)),
  );
}

export async function buildServer() {
  fs.rmSync(path.join(root, 'dist/server'), { recursive: true, force: true });
  await esbuild({
    entryPoints: serverSources(),
    outbase: path.join(root, 'src'),
    outdir: path.join(root, 'dist/server'),
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
}

function buildWeb(env) {
  // Vite takes NODE_ENV from the environment over --mode: NODE_ENV=development would bundle React's
  // development build (515 KB instead of 288 KB).
  return new Promise((resolve, reject) => {
    const vite = spawn('npx', ['vite', 'build', '--mode', BUILD_RECIPE.mode], {
      cwd: root,
      stdio: 'inherit',
      env,
    });
    vite.on('error', reject);
    vite.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`))));
  });
}

/** The embedded database a first start loads instead of creating and migrating one (db/starting-database.ts). */
async function buildStartingDatabase() {
  const { writeStartingDatabase } = await import(
    pathToFileURL(path.join(root, 'dist/server/server/db/starting-database.js')).href
  );
  await writeStartingDatabase();
}

export async function build() {
  const env = { ...process.env, NODE_ENV: BUILD_RECIPE.nodeEnv };
  await Promise.all([buildWeb(env), buildServer().then(buildStartingDatabase)]);
  writeStamp(root);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await build();
