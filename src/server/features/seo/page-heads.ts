import { BLOG_LIST_META, type BlogPost } from '../../../shared/blog.js';
import { COMPANIES_PAGE_META } from '../../../shared/companies.js';
import type { PageHead } from '../../plugins/page-head.js';

/**
 * The head the server writes into index.html for the public pages that have their own (the blog's and the
 * company directory), so crawlers that run no script still read each page's title, description and Open
 * Graph tags. The client sets the same ones (usePageMeta). The blog's pages also name the lazy modules they
 * render on arrival, whose chunks the HTML then asks for beside the entry.
 */
export function publicPageHeads(posts: readonly BlogPost[], publicUrl: string) {
  const bySlug = new Map(posts.map((post) => [post.slug, post]));
  return (pathname: string): PageHead | undefined => {
    const url = `${publicUrl}${pathname}`;
    if (pathname === '/companies' || pathname === '/companies/') {
      return {
        ...COMPANIES_PAGE_META,
        type: 'website',
        url: `${publicUrl}/companies`,
        // No modules: its 29 chunks, asked for beside the entry, delayed the first paint on a slow phone
        // line (a lower Lighthouse mobile score, docs/performance.md, What the decisions measured). A visitor gets the page's top in the
        // HTML instead (docs/decisions/043-prepainted-companies-page.md).
        prepaint: 'prepaint/companies.html',
      };
    }
    if (pathname === '/blog' || pathname === '/blog/') {
      return {
        title: BLOG_LIST_META.title,
        description: BLOG_LIST_META.description,
        type: 'website',
        url,
        // The list is newest first, on the server as in the client: the first card's image is on screen.
        preloadImage: posts[0]?.image,
        modules: ['features/blog/blog-list-page.tsx'],
      };
    }
    const slug = /^\/blog\/([^/]+)\/?$/.exec(pathname)?.[1];
    const post = slug === undefined ? undefined : bySlug.get(slug);
    if (!post) return undefined;
    return {
      title: post.title,
      description: post.description,
      type: 'article',
      url: `${publicUrl}/blog/${post.slug}`,
      image: `${publicUrl}${post.ogImage}`,
      publishedTime: post.date,
      preloadImage: post.image,
      modules: ['features/blog/blog-article-page.tsx', `features/blog/content/${post.slug}.md`],
    };
  };
}
