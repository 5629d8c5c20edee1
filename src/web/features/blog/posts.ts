import type { BlogPost } from '@shared/blog';

// Built into the client (docs/product.md, Data): the Markdown in ./content is compiled by the build
// (scripts/vite-plugin-blog.ts). `?meta` imports only the frontmatter; bodies are separate chunks. The build
// has checked each article's metadata against BlogPostSchema (a bad field fails it), so the pages trust it
// and load no schema library.
const metadata = import.meta.glob<BlogPost>('./content/*.md', {
  query: '?meta',
  import: 'default',
  eager: true,
});
const bodies = import.meta.glob<string>('./content/*.md', { import: 'default' });

/** Every built-in article, newest first. */
export const blogPosts: readonly BlogPost[] = Object.values(metadata).sort(
  (a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug),
);

export function findPost(slug: string): BlogPost | undefined {
  return blogPosts.find((post) => post.slug === slug);
}

type TrackedPromise<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

const loaded = new Map<string, TrackedPromise<string>>();

/**
 * The article's body as HTML, loaded once; the same promise every time, as React's `use` needs. A settled
 * promise carries its result the way React reads it, so an article read before shows without a flash.
 */
export function loadArticleBody(slug: string): Promise<string> {
  let body = loaded.get(slug);
  if (!body) {
    const load = bodies[`./content/${slug}.md`];
    const promise: TrackedPromise<string> = load ? load() : Promise.reject(new Error(`No article ${slug}`));
    promise.then(
      (value) => {
        Object.assign(promise, { status: 'fulfilled', value });
      },
      (reason: unknown) => {
        Object.assign(promise, { status: 'rejected', reason });
      },
    );
    loaded.set(slug, promise);
    body = promise;
  }
  return body;
}
