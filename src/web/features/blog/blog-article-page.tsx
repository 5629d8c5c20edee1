import { ArrowLeft, UserRound } from 'lucide-react';
import { Suspense, use, useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/paths';
import { ArticleCta } from './components/article-cta';
import { BlogLayout } from './components/blog-layout';
import { CategoryBadge, PostDetails, PostImage } from './components/post-details';
import { findPost, loadArticleBody } from './posts';

function ArticleBody({ slug }: { slug: string }) {
  const html = use(loadArticleBody(slug));
  // Our own Markdown, compiled at build time with raw HTML dropped: trusted markup.
  return (
    <div
      className="prose prose-slate sm:prose-lg mt-10 max-w-none prose-headings:tracking-tight prose-a:text-primary prose-blockquote:font-normal prose-blockquote:text-muted-foreground"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** /blog/{slug}: one built-in article; an unknown slug goes back to /blog without a word. */
export function BlogArticlePage() {
  const { slug = '' } = useParams();
  const post = findPost(slug);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [slug]);
  usePageMeta(
    post && { title: post.title, description: post.description, type: 'article', image: post.ogImage },
  );
  if (!post) return <Navigate to={paths.blog} replace />;
  return (
    <BlogLayout>
      <article className="mx-auto max-w-3xl px-4 pt-10 pb-16 sm:px-6 sm:pt-14 lg:px-8">
        <Link
          to={paths.blog}
          className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to blog
        </Link>
        <header className="mt-8 space-y-4">
          <CategoryBadge category={post.category} />
          <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl lg:text-5xl">
            {post.title}
          </h1>
          <p className="text-lg text-pretty text-muted-foreground">{post.description}</p>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-y py-4">
            <p className="inline-flex items-center gap-2 text-sm font-medium">
              <span className="flex size-8 items-center justify-center rounded-full bg-primary/10 text-primary">
                <UserRound aria-hidden="true" className="size-4" />
              </span>
              <span>
                <span className="sr-only">By </span>
                {post.author}
              </span>
            </p>
            <PostDetails post={post} />
          </div>
        </header>
        <PostImage post={post} className="mt-8 aspect-[1200/630] h-auto w-full rounded-2xl border bg-muted" />
        <Suspense
          fallback={
            <p role="status" className="mt-10 text-muted-foreground">
              Loading article...
            </p>
          }
        >
          <ArticleBody slug={post.slug} />
        </Suspense>
      </article>
      <ArticleCta />
    </BlogLayout>
  );
}
