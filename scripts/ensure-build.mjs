// Builds the app when dist/ is missing, older than any of its sources, or was not built for production.
import path from 'node:path';
import { rebuildReason } from './build-stamp.mjs';
import { build, root } from './build.mjs';

export { root };
export const serverEntry = path.join(root, 'dist/server/server/main.js');
/**
 * The Node flags the server runs with in `npm start` (package.json says them again; a test holds the two
 * together). A young generation of 32 MiB a half-space, not 16: the lists' reads allocate fast, and
 * scavenges took a fifth of the referrer's list's CPU (docs/decisions/046-young-generation.md).
 */
export const serverNodeFlags = ['--max-semi-space-size=32'];
/** `node` arguments that run the built server as `npm start` does. */
export const serverArgs = [...serverNodeFlags, serverEntry];

export async function ensureBuild() {
  const reason = rebuildReason(root);
  if (!reason) return;
  console.log(reason);
  await build();
}
