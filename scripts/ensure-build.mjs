// Builds the app when dist/ is missing, older than any of its sources, or was not built for production.
import path from 'node:path';
import { rebuildReason } from './build-stamp.mjs';
import { build, root } from './build.mjs';

export { root };
export const serverEntry = path.join(root, 'dist/server/server/main.js');

export async function ensureBuild() {
  const reason = rebuildReason(root);
  if (!reason) return;
  console.log(reason);
  await build();
}
