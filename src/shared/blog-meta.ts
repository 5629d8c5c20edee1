/**
 * What the blog's pages need at run time, without zod: the list page and its cards load no schema library
 * (the build checked every article's frontmatter, scripts/vite-plugin-blog.ts). `blog.ts` re-exports it.
 */

/** Words a reader gets through per minute: the rate behind each article's stated read time. */
export const WORDS_PER_MINUTE = 200;

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
