import { PRODUCT_NAME } from '@shared/brand';
import { useEffect } from 'react';

export interface PageMeta {
  title: string;
  description: string;
  /** Open Graph type: 'article' for a blog article, 'website' for other pages. */
  type?: 'website' | 'article';
  /** A site path such as '/images/blog/x.png'; made absolute for og:image. */
  image?: string;
}

type MetaKey = readonly ['name' | 'property', string];

/**
 * The server writes a blog page's own tags into the HTML it serves (marked data-server-head, see
 * src/server/plugins/page-head.ts). Once the app runs, this hook owns the head: those tags go, and the
 * description gets its default back, so a page shown later does not inherit them.
 */
function dropServerHead(): void {
  for (const element of document.head.querySelectorAll('[data-server-head]')) {
    const fallback = element.getAttribute('data-default-content');
    if (fallback === null) {
      element.remove();
    } else {
      element.setAttribute('content', fallback);
      element.removeAttribute('data-server-head');
      element.removeAttribute('data-default-content');
    }
  }
}

/** Sets one <meta> in the head and returns how to put back what was there before. */
function setMeta([attribute, key]: MetaKey, content: string): () => void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  const previous = element?.getAttribute('content');
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.setAttribute('content', content);
  const own = element;
  return () => {
    if (previous === undefined || previous === null) own.remove();
    else own.setAttribute('content', previous);
  };
}

/**
 * The page's title, description and Open Graph tags while it is shown (the server writes the same ones
 * into the HTML it serves, for crawlers that do not run scripts). Leaving the page puts the old ones back.
 */
export function usePageMeta(meta: PageMeta | undefined): void {
  const { title, description, type = 'website', image } = meta ?? {};
  useEffect(() => {
    if (title === undefined || description === undefined) return;
    dropServerHead();
    const previousTitle = document.title;
    document.title = `${title} · ${PRODUCT_NAME}`;
    const restores = [
      setMeta(['name', 'description'], description),
      setMeta(['property', 'og:title'], title),
      setMeta(['property', 'og:description'], description),
      setMeta(['property', 'og:type'], type),
      setMeta(['property', 'og:site_name'], PRODUCT_NAME),
      ...(image ? [setMeta(['property', 'og:image'], new URL(image, window.location.origin).href)] : []),
    ];
    return () => {
      document.title = previousTitle;
      for (const restore of restores.reverse()) restore();
    };
  }, [title, description, type, image]);
}
