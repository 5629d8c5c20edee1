import { PRODUCT_NAME } from '../../../shared/brand.js';
import { escapeHtml } from './html.js';

/** A plain server-rendered page (no script): the unsubscribe screens and the dev outbox. */
export function renderPage(title: string, body: string, options: { wide?: boolean } = {}): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${PRODUCT_NAME}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f1f5f9;margin:0;color:#0f172a}
main{background:#fff;border-radius:12px;box-shadow:0 10px 30px rgba(15,23,42,.12);padding:32px;margin:48px auto;width:min(${options.wide ? 900 : 420}px,90vw);box-sizing:border-box}
h1{font-size:20px;margin:0 0 12px}p{color:#475569;font-size:14px}
.note{background:#fef3c7;color:#92400e;border-radius:8px;padding:8px 12px;font-size:13px}
.error{background:#fee2e2;color:#991b1b;border-radius:8px;padding:8px 12px;font-size:13px}
button{padding:11px 16px;border:0;border-radius:8px;background:#2563eb;color:#fff;font-size:15px;font-weight:600;cursor:pointer}
table{border-collapse:collapse;width:100%;font-size:14px}td,th{text-align:left;padding:6px 8px;border-bottom:1px solid #e2e8f0}
pre{white-space:pre-wrap;background:#f8fafc;padding:12px;border-radius:8px;font-size:13px}a{color:#2563eb}
</style></head>
<body><main>
<h1>${escapeHtml(title)}</h1>
${body}
</main></body></html>`;
}
