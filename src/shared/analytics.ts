import { z } from 'zod';

/**
 * What the server tells the web app about analytics (docs/decisions/014-analytics-adapter.md): a `<meta>` tag of this name in
 * the served index.html whose content is this object as JSON. No tag means analytics are off.
 */
export const ANALYTICS_META_NAME = 'referbridge-analytics';

export const AnalyticsConfigSchema = z.object({
  provider: z.literal('plausible'),
  /** The site's domain as registered in Plausible. */
  domain: z.string().min(1),
  /** The origin of Plausible's events API (https://plausible.io or a self-hosted instance). */
  apiHost: z.url({ protocol: /^https?$/ }),
});
export type AnalyticsConfig = z.infer<typeof AnalyticsConfigSchema>;

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#39;',
  '<': '&lt;',
  '>': '&gt;',
};

/** The tag the server puts into index.html's head. */
export function analyticsMetaTag(config: AnalyticsConfig): string {
  const content = JSON.stringify(config).replace(/[&"'<>]/g, (c) => HTML_ESCAPES[c] ?? c);
  return `<meta name="${ANALYTICS_META_NAME}" content="${content}" />`;
}
