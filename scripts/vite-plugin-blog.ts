// Compiles the blog's Markdown articles at build time (unified: remark → rehype → HTML string).
// `import.meta.glob('./content/*.md')` gives an article's body as HTML; the same file imported with
// `?meta` gives only its frontmatter, so the list page never downloads a body. The build also writes
// blog-posts.json beside index.html: the server's copy of the same metadata (robots, sitemap, meta tags).
import fs from 'node:fs';
import path from 'node:path';
import rehypeStringify from 'rehype-stringify';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { matter } from 'vfile-matter';
import type { Plugin } from 'vite';
import { BLOG_MANIFEST_FILE, BlogFrontmatterSchema, BlogPostSchema, type BlogPost } from '../src/shared/blog';

export const BLOG_CONTENT_DIR = path.resolve('src/web/features/blog/content');

const processor = unified()
  .use(remarkParse)
  .use(remarkFrontmatter, ['yaml'])
  .use(() => (_tree, file) => {
    matter(file);
  })
  .use(remarkGfm)
  // Raw HTML in the Markdown is dropped (no allowDangerousHtml): the body is rendered as trusted markup.
  .use(remarkRehype)
  .use(rehypeStringify);

function countWords(html: string): number {
  const text = html.replace(/<[^>]+>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ');
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** One article: its metadata (frontmatter checked by the shared schema) and its body as HTML. */
export async function compileArticle(file: string): Promise<{ post: BlogPost; html: string }> {
  const source = await fs.promises.readFile(file, 'utf8');
  const result = await processor.process(source);
  const frontmatter = BlogFrontmatterSchema.safeParse(result.data.matter);
  if (!frontmatter.success) {
    const issue = frontmatter.error.issues[0]!;
    throw new Error(`${path.relative(process.cwd(), file)}: ${issue.path.join('.')} ${issue.message}`);
  }
  const html = String(result);
  const post = BlogPostSchema.parse({
    ...frontmatter.data,
    slug: path.basename(file, '.md'),
    wordCount: countWords(html),
  });
  return { post, html };
}

/** Every article's metadata, newest first. */
export async function readBlogPosts(dir = BLOG_CONTENT_DIR): Promise<BlogPost[]> {
  const files = (await fs.promises.readdir(dir)).filter((name) => name.endsWith('.md')).sort();
  const posts = await Promise.all(
    files.map(async (name) => (await compileArticle(path.join(dir, name))).post),
  );
  const ids = new Set(posts.map((post) => post.id));
  if (ids.size !== posts.length) throw new Error(`${dir}: two articles share an id`);
  return posts.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

export function blogContent({ dir = BLOG_CONTENT_DIR } = {}): Plugin {
  let publicDir = '';
  return {
    name: 'referbridge-blog-content',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    async load(id) {
      const [file, query] = id.split('?');
      if (!file || !file.startsWith(dir + path.sep) || !file.endsWith('.md')) return null;
      this.addWatchFile(file);
      const { post, html } = await compileArticle(file);
      return `export default ${JSON.stringify(query === 'meta' ? post : html)};`;
    },
    async generateBundle() {
      const posts = await readBlogPosts(dir);
      for (const post of posts) {
        for (const image of [post.image, post.ogImage]) {
          if (publicDir && !fs.existsSync(path.join(publicDir, image))) {
            this.error(`${post.slug}: ${image} is not in ${publicDir}`);
          }
        }
      }
      this.emitFile({ type: 'asset', fileName: BLOG_MANIFEST_FILE, source: JSON.stringify(posts) });
    },
  };
}
