import fs from 'node:fs';
import path from 'node:path';

/** One entry of the manifest Vite writes beside the web build (`build.manifest`), as far as we read it. */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

export type WebManifest = Record<string, ManifestChunk>;

/** The build's manifest (`dist/web/.vite/manifest.json`), or undefined when the web app is not built. */
export function readWebManifest(webRoot: string): WebManifest | undefined {
  const file = path.join(webRoot, '.vite/manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as WebManifest) : undefined;
}

/**
 * The manifest key of a source module (`features/x/page.tsx`, relative to src/web). A module that is only
 * ever imported through a helper function is keyed by its chunk (`_page-HASH.js`): found then by its name.
 */
export function manifestKeyOf(manifest: WebManifest, module: string): string | undefined {
  if (manifest[module]) return module;
  const name = path.posix.basename(module).replace(/\.[jt]sx?$/, '');
  return Object.keys(manifest).find(
    (key) => manifest[key]!.src === module || (manifest[key]!.isDynamicEntry && manifest[key]!.name === name),
  );
}

/** The key of the page's entry (index.html's script). */
export function entryKeyOf(manifest: WebManifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!key) throw new Error('The build manifest has no entry.');
  return key;
}

/** The chunk files a module loads before it runs: its own and its static imports', transitively. */
export function chunkClosure(manifest: WebManifest, module: string, files = new Set<string>()): Set<string> {
  const key = manifestKeyOf(manifest, module);
  const entry = key === undefined ? undefined : manifest[key];
  if (!entry) throw new Error(`The build manifest has no module ${module}.`);
  if (files.has(entry.file)) return files;
  files.add(entry.file);
  for (const imported of entry.imports ?? []) chunkClosure(manifest, imported, files);
  return files;
}

/**
 * The chunks a page's lazy modules load that the entry does not: the server names them in the page's HTML
 * (`<link rel="modulepreload">`), so the browser fetches them beside the entry instead of after it has run.
 * A module the build does not know is left out (a page whose code moved loads as before, only later).
 */
export function pageChunks(manifest: WebManifest, modules: readonly string[]): string[] {
  const loaded = chunkClosure(manifest, entryKeyOf(manifest));
  const files = new Set<string>();
  for (const module of modules) {
    if (manifestKeyOf(manifest, module) !== undefined) chunkClosure(manifest, module, files);
  }
  return [...files].filter((file) => !loaded.has(file) && file.endsWith('.js'));
}
