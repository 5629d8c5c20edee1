/**
 * Where a process's time went, from the CPU profile `node --cpu-prof` wrote (the crowd bench's BENCH_PROFILE):
 * self time summed by where the code lives (a package, a file of ours, Node itself, the collector, idle) and by
 * function, largest first.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface Share {
  label: string;
  ms: number;
  share: number;
}

/** Where a frame's code lives: `pg`, `fastify`, `src/server/features/…`, `node:internal`, `(garbage collector)`. */
function placeOf(url: string, functionName: string, root: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  if (url.startsWith('node:')) return 'node:internal';
  const file = url.replace(/^file:\/\//, '');
  const ours = path.relative(root, file).replace(/^dist\/server\//, 'src/');
  return ours.startsWith('..') ? file : ours.replace(/\.js$/, '.ts');
}

/** Self time by place and by function, each as a share of the samples that were not idle. */
export function summarizeProfile(
  file: string,
  root: string,
  top = 12,
): { places: Share[]; functions: Share[] } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const places = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    if (frame.functionName === '(idle)') return;
    busy += ms;
    const place = placeOf(frame.url, frame.functionName, root);
    places.set(place, (places.get(place) ?? 0) + ms);
    const name = `${frame.functionName || '(anonymous)'} ${place}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
  });
  const ranked = (totals: Map<string, number>) =>
    [...totals]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([label, ms]) => ({ label, ms, share: ms / busy }));
  return { places: ranked(places), functions: ranked(functions) };
}
