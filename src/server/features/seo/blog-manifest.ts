import fs from 'node:fs';
import path from 'node:path';
import { BLOG_MANIFEST_FILE, BlogManifestSchema, type BlogPost } from '../../../shared/blog.js';

/**
 * The blog's metadata as the web build wrote it beside index.html (from the articles' frontmatter: one
 * source of truth). No build yet: no posts. A manifest that does not parse is a broken build: refuse to start.
 */
export function readBlogManifest(webRoot: string): BlogPost[] {
  const file = path.join(webRoot, BLOG_MANIFEST_FILE);
  if (!fs.existsSync(file)) return [];
  const parsed = BlogManifestSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not a blog manifest: ${parsed.error.message}`);
  return parsed.data;
}
