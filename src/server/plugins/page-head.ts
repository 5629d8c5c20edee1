import { PRODUCT_NAME } from '../../shared/brand.js';
import { PREPAINT_ID } from '../../shared/prepaint.js';

/** What a page says about itself in the HTML head (title, description, Open Graph). */
export interface PageHead {
  title: string;
  description: string;
  type: 'website' | 'article';
  /** The page's absolute address (og:url and the canonical link). */
  url: string;
  /** An absolute image address for link previews. */
  image?: string;
  /** ISO day an article was published. */
  publishedTime?: string;
  /**
   * The image the page shows first, at the top (a path on this site): preloaded from the HTML, so that it
   * does not wait for the script that renders it (it is the page's largest paint).
   */
  preloadImage?: string;
  /**
   * The lazy modules the page renders on arrival (sources under src/web, as the build's manifest names
   * them): their chunks are named in the HTML, so they load beside the entry rather than after it has run.
   */
  modules?: readonly string[];
  /**
   * The top of the page as the app renders it for a visitor (a file under the web root, from public/): the
   * server writes it before the app's root for requests that carry no session, so a phone paints the page's
   * title and sentence before any script has run (src/web/lib/prepaint.ts).
   */
  prepaint?: string;
}

/** The attribute on every tag written here (the client's page-meta.ts knows it by the same name). */
const SERVER_HEAD = 'data-server-head';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`);

/**
 * index.html with the page's title and description in place of the defaults, plus its Open Graph tags and
 * the chunks (`moduleFiles`, the built files of `head.modules`) to fetch beside the entry.
 */
export function renderPageHead(html: string, head: PageHead, moduleFiles: readonly string[] = []): string {
  // Marked so the client can take them out once it shows another page (src/web/lib/page-meta.ts).
  const meta = (attribute: 'name' | 'property', key: string, content: string, extra = '') =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" ${SERVER_HEAD}${extra} />`;
  const descriptionTag = /<meta\s+name="description"[^>]*>/;
  const defaultDescription = /content="([^"]*)"/.exec(descriptionTag.exec(html)?.[0] ?? '')?.[1];
  const description = meta(
    'name',
    'description',
    head.description,
    defaultDescription === undefined ? '' : ` data-default-content="${defaultDescription}"`,
  );
  const tags = [
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:type', head.type),
    meta('property', 'og:url', head.url),
    meta('property', 'og:site_name', PRODUCT_NAME),
    ...(head.image
      ? [meta('property', 'og:image', head.image), meta('name', 'twitter:card', 'summary_large_image')]
      : []),
    ...(head.publishedTime ? [meta('property', 'article:published_time', head.publishedTime)] : []),
    `<link rel="canonical" href="${escapeHtml(head.url)}" ${SERVER_HEAD} />`,
    ...(head.preloadImage
      ? [
          `<link rel="preload" as="image" href="${escapeHtml(head.preloadImage)}" fetchpriority="high" ${SERVER_HEAD} />`,
        ]
      : []),
    // Vite's own modulepreload links carry crossorigin; the browser reuses a preload only if they agree.
    ...moduleFiles.map(
      (file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" ${SERVER_HEAD} />`,
    ),
  ];
  const withTitle = html.replace(
    /<title>[^<]*<\/title>/,
    `<title>${escapeHtml(`${head.title} · ${PRODUCT_NAME}`)}</title>`,
  );
  const withDescription = descriptionTag.test(withTitle)
    ? withTitle.replace(descriptionTag, () => description)
    : withTitle.replace('</head>', () => `${description}\n</head>`);
  return withDescription.replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
}

/** index.html with `markup` painted before the app's root, which the app's stylesheet hides until it takes over. */
export function withPrepaint(html: string, markup: string): string {
  return html.replace('<div id="root">', () => `<div id="${PREPAINT_ID}">${markup}</div><div id="root">`);
}
