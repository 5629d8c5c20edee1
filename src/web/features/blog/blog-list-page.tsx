import { BLOG_LIST_META } from '@shared/blog-meta';
import { useSearchParams } from 'react-router';
import { usePageMeta } from '@/lib/page-meta';
import { BlogLayout } from './components/blog-layout';
import { PostCard } from './components/post-card';
import { blogPosts } from './posts';
import { filterPosts } from './utils/filter-posts';

/**
 * /blog: hero and the built-in articles. The filter has no search box (docs/product.md, Screens); a link such as
 * /blog?q=networking uses it.
 */
export function BlogListPage() {
  const [searchParams] = useSearchParams();
  const posts = filterPosts(blogPosts, searchParams.get('q') ?? '');
  usePageMeta({ title: BLOG_LIST_META.title, description: BLOG_LIST_META.description });
  return (
    <BlogLayout>
      <section aria-labelledby="blog-heading" className="relative isolate overflow-hidden border-b">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-linear-to-b from-primary/8 to-background"
        />
        <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6 sm:py-20 lg:px-8">
          <p className="text-sm font-semibold tracking-wider text-primary uppercase">Insights &amp; advice</p>
          <h1
            id="blog-heading"
            className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl"
          >
            {BLOG_LIST_META.heading}
          </h1>
          <p className="mt-5 text-lg text-pretty text-muted-foreground">{BLOG_LIST_META.description}</p>
        </div>
      </section>
      <section aria-label="Articles" className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        {posts.length === 0 ? (
          <p className="text-center text-muted-foreground">No articles match your search.</p>
        ) : (
          <ul className="grid gap-8 md:grid-cols-2">
            {posts.map((post, index) => (
              <li key={post.slug}>
                <PostCard post={post} first={index === 0} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </BlogLayout>
  );
}
