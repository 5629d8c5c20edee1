// `npm start`: build whatever is missing or stale, then run the server in this same process.
import { pathToFileURL } from 'node:url';
import { ensureBuild, root, serverEntry } from './ensure-build.mjs';

await ensureBuild();
process.chdir(root);
await import(pathToFileURL(serverEntry).href);
