import type { BlogPost } from '@shared/blog';

/** The posts whose title, description or category contains the query, ignoring case; all for a blank one. */
export function filterPosts<T extends Pick<BlogPost, 'title' | 'description' | 'category'>>(
  posts: readonly T[],
  query: string,
): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...posts];
  return posts.filter((post) =>
    [post.title, post.description, post.category].some((field) => field.toLocaleLowerCase().includes(needle)),
  );
}
