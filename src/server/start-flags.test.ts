import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, serverArgs, serverEntry, serverNodeFlags } from '../../scripts/ensure-build.mjs';

describe("the server's Node flags", () => {
  it('are the ones `npm start` runs with, so the bench measures what production runs', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(manifest.scripts.start).toBe(['node', ...serverNodeFlags, 'scripts/start.mjs'].join(' '));
    expect(serverArgs).toEqual([...serverNodeFlags, serverEntry]);
  });

  it('are flags this Node accepts, and they give the heap more room', () => {
    const available = (flags: readonly string[]) => {
      const probe = spawnSync(
        process.execPath,
        [...flags, '-p', "require('node:v8').getHeapStatistics().total_available_size"],
        { encoding: 'utf8' },
      );
      expect(probe.stderr).toBe('');
      expect(probe.status).toBe(0);
      return Number(probe.stdout);
    };
    // A young generation allowed to grow past V8's 16 MiB half-spaces leaves more of the heap available.
    expect(available(serverNodeFlags)).toBeGreaterThan(available([]));
  });
});
