import type { ActivityCategory } from '@shared/activity';
import { ANALYTICS_META_NAME, AnalyticsConfigSchema, type AnalyticsConfig } from '@shared/analytics';

/**
 * Page views and events for product analytics (docs/product.md, Data (the analytics vocabulary)). Off unless the
 * server configured it (docs/decisions/014-analytics-adapter.md); then sent to Plausible's events API, which sets no cookies.
 * Nothing personal leaves the browser: no user id, email or name, only the page path (ids in it masked),
 * the event's name and category, and yes/no properties.
 */
export interface Analytics {
  pageView(path: string): void;
  event(name: string, category: ActivityCategory, props?: Record<string, unknown>): void;
}

export type AnalyticsProps = Record<string, string | boolean>;

type Send = (url: string, init: RequestInit) => Promise<unknown>;

/** '/profile/view/42' → '/profile/view/:id': a path never names a person. Query and hash are dropped. */
export function maskPath(path: string): string {
  const pathname = path.split(/[?#]/)[0] || '/';
  return pathname.replace(/\/\d+(?=\/|$)/g, '/:id');
}

/** Only yes/no values are forwarded: ids, names and free text stay in the app. */
export function safeProps(props: Record<string, unknown> = {}): AnalyticsProps {
  const kept: AnalyticsProps = {};
  for (const [key, value] of Object.entries(props)) if (typeof value === 'boolean') kept[key] = value;
  return kept;
}

export const noAnalytics: Analytics = { pageView: () => {}, event: () => {} };

/** The Plausible adapter; `origin` is this app's origin, which Plausible needs for the page URL. */
export function createPlausibleAnalytics(
  config: AnalyticsConfig,
  { origin, send = (url, init) => fetch(url, init) }: { origin: string; send?: Send },
): Analytics {
  const post = (name: string, path: string, props?: AnalyticsProps) => {
    const body = { name, url: origin + maskPath(path), domain: config.domain, ...(props ? { props } : {}) };
    // text/plain, as Plausible's own script sends it: no CORS preflight. keepalive lets it outlive a navigation.
    send(`${config.apiHost}/api/event`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(body),
      credentials: 'omit',
      keepalive: true,
    }).catch(() => {});
  };
  return {
    pageView: (path) => post('pageview', path),
    event: (name, category, props) => post(name, window.location.pathname, { category, ...safeProps(props) }),
  };
}

/** The settings the server put into index.html, or null when analytics are off (or the tag is unreadable). */
export function readAnalyticsConfig(doc: Document = document): AnalyticsConfig | null {
  const content = doc.querySelector(`meta[name="${ANALYTICS_META_NAME}"]`)?.getAttribute('content');
  if (!content) return null;
  try {
    const parsed = AnalyticsConfigSchema.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

let current: { content: string | null; adapter: Analytics } | undefined;

function resolve(): Analytics {
  const content =
    document.querySelector(`meta[name="${ANALYTICS_META_NAME}"]`)?.getAttribute('content') ?? null;
  if (current?.content !== content) {
    const config = readAnalyticsConfig();
    current = {
      content,
      adapter: config ? createPlausibleAnalytics(config, { origin: window.location.origin }) : noAnalytics,
    };
  }
  return current.adapter;
}

/** The app's one analytics interface; it reads the server's settings when first used. */
export const analytics: Analytics = {
  pageView: (path) => resolve().pageView(path),
  event: (name, category, props) => resolve().event(name, category, props),
};
