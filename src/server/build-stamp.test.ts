import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_RECIPE, rebuildReason, writeStamp } from '../../scripts/build-stamp.mjs';

/** A project folder with sources and a complete dist/, its files dated `at`. */
function project(at: Date): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'referbridge-build-'));
  for (const file of ['src/main.ts', 'dist/server/server/main.js', 'dist/web/index.html']) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), '');
    fs.utimesSync(path.join(root, file), at, at);
    fs.utimesSync(path.dirname(path.join(root, file)), at, at);
  }
  fs.utimesSync(path.join(root, 'src'), at, at);
  return root;
}

const past = new Date(Date.now() - 60_000);

describe('rebuildReason: when `npm start` rebuilds', () => {
  it('serves a production build made by npm run build, newer than its sources', () => {
    const root = project(past);
    writeStamp(root);
    expect(rebuildReason(root)).toBeUndefined();
  });

  it('builds when dist/ is missing or incomplete', () => {
    const root = project(past);
    writeStamp(root);
    fs.rmSync(path.join(root, 'dist/web/index.html'));
    expect(rebuildReason(root)).toBe('Building the app…');
  });

  it('rebuilds a dist/ without a stamp (made by hand, in whatever mode)', () => {
    const root = project(past);
    expect(rebuildReason(root)).toMatch(/not made by `npm run build`/);
    // The stamp of the old scripts was a bare date.
    fs.writeFileSync(path.join(root, 'dist/.build-stamp'), new Date().toISOString());
    expect(rebuildReason(root)).toMatch(/rebuilding/);
  });

  it('rebuilds a dist/ built in another mode, however new', () => {
    const root = project(past);
    fs.writeFileSync(
      path.join(root, 'dist/.build-stamp'),
      JSON.stringify({ ...BUILD_RECIPE, mode: 'development', nodeEnv: 'development' }),
    );
    expect(rebuildReason(root)).toMatch(/development mode.*production/);
  });

  it('rebuilds when a source changed after the build', () => {
    const root = project(past);
    writeStamp(root);
    fs.utimesSync(path.join(root, 'dist/.build-stamp'), past, past);
    fs.writeFileSync(path.join(root, 'src/main.ts'), 'changed');
    expect(rebuildReason(root)).toBe('Sources changed: rebuilding…');
  });

  it('always builds for production, whatever NODE_ENV the shell has', () => {
    expect(BUILD_RECIPE).toEqual({ recipe: 1, mode: 'production', nodeEnv: 'production' });
    const buildScript = fs.readFileSync(path.join(import.meta.dirname, '../../scripts/build.mjs'), 'utf8');
    expect(buildScript).toContain('NODE_ENV: BUILD_RECIPE.nodeEnv');
  });
});
