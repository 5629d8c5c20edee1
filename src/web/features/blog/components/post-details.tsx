import type { BlogPost } from '@shared/blog';
import { BLOG_IMAGE_SIZE, formatPostDate } from '@shared/blog-meta';
import { CalendarDays, Clock } from 'lucide-react';
import { cn } from '@/lib/utils';

export function CategoryBadge({ category, className }: { category: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex w-fit items-center rounded-full bg-primary/10 px-2.5 py-0.5 text-xs font-semibold text-primary-strong',
        className,
      )}
    >
      {category}
    </span>
  );
}

/** Publication date and read time, with the date machine-readable. */
export function PostDetails({ post, className }: { post: BlogPost; className?: string }) {
  return (
    <p className={cn('flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground', className)}>
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays aria-hidden="true" className="size-4" />
        <time dateTime={post.date}>{formatPostDate(post.date)}</time>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Clock aria-hidden="true" className="size-4" />
        {post.readTime}
      </span>
    </p>
  );
}

/** The post's picture at the size every post picture has, so the page keeps its place while it loads. */
export function PostImage({
  post,
  className,
  lazy = false,
}: {
  post: BlogPost;
  className: string;
  /** Below the fold (the list): loaded and decoded when the browser gets to it; otherwise fetched first. */
  lazy?: boolean;
}) {
  return (
    <img
      src={post.image}
      alt={post.imageAlt}
      width={BLOG_IMAGE_SIZE.width}
      height={BLOG_IMAGE_SIZE.height}
      loading={lazy ? 'lazy' : undefined}
      decoding={lazy ? 'async' : undefined}
      fetchPriority={lazy ? undefined : 'high'}
      className={className}
    />
  );
}
