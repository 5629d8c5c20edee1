import { z } from 'zod';

// The zod-free part, which the blog's pages import without loading zod.
export * from './blog-meta.js';

/** An article's frontmatter, checked when the Markdown is compiled (a bad field fails the build). */
export const BlogFrontmatterSchema = z.object({
  /** Stable number of the post (the id of docs/product.md, Data); never reused. */
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

/** The blog post of docs/product.md, Data (imageUrl is `image`), plus what the build measures. */
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
