import type { BlogPost } from '@shared/blog';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/paths';
import { CategoryBadge, PostDetails, PostImage } from './post-details';

/**
 * One article in the list; the whole card is the title's link (one link per card for screen readers).
 * The first card's image is on screen when the page opens (it is what Lighthouse times as the largest
 * paint), so it loads at once; the others wait until the reader scrolls near them.
 */
export function PostCard({ post, first = false }: { post: BlogPost; first?: boolean }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border bg-card shadow-xs transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-lg">
      <PostImage
        post={post}
        lazy={!first}
        className="aspect-[1200/630] h-auto w-full border-b bg-muted object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-6">
        <CategoryBadge category={post.category} />
        <h2 className="text-xl font-bold tracking-tight text-balance">
          <Link
            to={paths.blogPost(post.slug)}
            className="after:absolute after:inset-0 focus-visible:outline-none group-hover:text-primary"
          >
            {post.title}
          </Link>
        </h2>
        <p className="flex-1 leading-relaxed text-muted-foreground">{post.description}</p>
        <PostDetails post={post} />
        <span
          aria-hidden="true"
          className="inline-flex items-center gap-1 text-sm font-semibold text-primary"
        >
          Read article
          <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
        </span>
      </div>
    </article>
  );
}
