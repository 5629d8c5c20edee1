import { PRODUCT_NAME } from '../../../shared/brand.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface PageOptions {
  action?: string;
  email?: string;
  name?: string;
  error?: string;
  title?: string;
}

/** The development provider's only screen: a plain form, no script, clearly not a real sign-in. */
export function renderDevLoginPage(options: PageOptions): string {
  const title = options.title ?? 'Development sign-in';
  const form = options.action
    ? `<form method="post" action="${escapeHtml(options.action)}">
      <label>Email<input name="email" type="email" required autocomplete="email" value="${escapeHtml(options.email ?? '')}" autofocus></label>
      <label>Full name<input name="name" type="text" required maxlength="100" autocomplete="name" value="${escapeHtml(options.name ?? '')}"></label>
      <button type="submit">Continue</button>
    </form>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · ${PRODUCT_NAME}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f1f5f9;margin:0;display:grid;place-items:center;min-height:100vh;color:#0f172a}
main{background:#fff;border-radius:12px;box-shadow:0 10px 30px rgba(15,23,42,.12);padding:32px;width:min(360px,90vw)}
h1{font-size:20px;margin:0 0 4px}p{color:#475569;font-size:14px;margin:0 0 20px}
.note{background:#fef3c7;color:#92400e;border-radius:8px;padding:8px 12px;font-size:13px}
.error{background:#fee2e2;color:#991b1b;border-radius:8px;padding:8px 12px;font-size:13px}
label{display:block;font-size:14px;font-weight:600;margin-bottom:14px}
input{display:block;width:100%;box-sizing:border-box;margin-top:6px;padding:10px;border:1px solid #cbd5e1;border-radius:8px;font-size:15px}
button{width:100%;padding:11px;border:0;border-radius:8px;background:#2563eb;color:#fff;font-size:15px;font-weight:600;cursor:pointer}
</style></head>
<body><main>
<h1>${escapeHtml(title)}</h1>
<p class="note">This is the ${PRODUCT_NAME} development sign-in, not Google. Any email signs you in as that person.</p>
${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
${form}
</main></body></html>`;
}
