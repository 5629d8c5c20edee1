import { z } from 'zod';

/** Words a reader gets through per minute: the rate behind each article's stated read time. */
export const WORDS_PER_MINUTE = 200;

/** An article's frontmatter, checked when the Markdown is compiled (a bad field fails the build). */
export const BlogFrontmatterSchema = z.object({
  /** Stable number of the post (spec section 3's id); never reused. */
  id: z.number().int().positive(),
  title: z.string().min(1),
  description: z.string().min(1),
  /** ISO day of publication, e.g. '2025-03-22'; shown as 'March 22, 2025'. */
  date: z.iso.date(),
  category: z.string().min(1),
  author: z.string().min(1),
  readTime: z.string().regex(/^\d+ min read$/, "must read like '12 min read'"),
  /** Path of the illustration under public/, e.g. '/images/blog/{slug}.svg'. */
  image: z.string().regex(/^\/images\/blog\/[\w-]+\.svg$/),
  imageAlt: z.string().min(1),
  /** A raster copy of the illustration for link previews (social sites do not show SVG). */
  ogImage: z.string().regex(/^\/images\/blog\/[\w-]+\.png$/),
});

/** Spec section 3's blog post (imageUrl is `image`), plus what the build measures. */
export const BlogPostSchema = BlogFrontmatterSchema.extend({
  /** The file's name without `.md`: the article's address is /blog/{slug}. */
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  wordCount: z.number().int().nonnegative(),
});

export type BlogFrontmatter = z.infer<typeof BlogFrontmatterSchema>;
export type BlogPost = z.infer<typeof BlogPostSchema>;

/** What the build writes beside index.html for the server: every post's metadata, newest first. */
export const BlogManifestSchema = z.array(BlogPostSchema);
export const BLOG_MANIFEST_FILE = 'blog-posts.json';

/** The illustrations' intrinsic size, given to every <img> so nothing shifts while they load. */
export const BLOG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The list page's own title and description: the client's document head and the server's agree. */
export const BLOG_LIST_META = {
  title: 'Blog',
  heading: 'The ReferBridge Blog',
  description:
    'Practical advice on networking, employee referrals and getting hired at the companies you admire.',
} as const;

/** 'March 22, 2025' from '2025-03-22', the same in every time zone. */
export function formatPostDate(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!)).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
