/**
 * The element a public page's first paint from the server is written into, before the app's root: the
 * server writes it (server/plugins/page-head.ts) and the app takes it away (web/lib/prepaint.ts). See
 * docs/decisions/043-prepainted-companies-page.md. The stylesheet names it too (`#prepaint`).
 */
export const PREPAINT_ID = 'prepaint';
