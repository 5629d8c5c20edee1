import { AUTH_SUCCESS_MESSAGE } from '../../../shared/auth.js';
import { PRODUCT_NAME } from '../../../shared/brand.js';

/**
 * The page the sign-in popup ends on. On success it tells its opener, and only an opener on our own
 * origin (the target origin is ours), then closes; the opener reads the outcome from /auth/status.
 */
export function renderPopupDonePage(options: {
  ok: boolean;
  appOrigin: string;
  nonce: string;
  /** A refusal the user must read (a suspension): the window stays open with it and a close button. */
  refusal?: string;
  /** This sign-in created the account: the opener says 'Welcome', not 'Welcome back'. */
  newAccount?: boolean;
}): string {
  if (options.refusal) return renderRefusal(options.refusal, options.nonce);
  const message = options.ok
    ? 'You are signed in. This window will close.'
    : 'Sign-in failed. This window will close.';
  const notify = options.ok
    ? `if (window.opener) window.opener.postMessage({ type: ${JSON.stringify(AUTH_SUCCESS_MESSAGE)}${options.newAccount ? ', newAccount: true' : ''} }, ${JSON.stringify(options.appOrigin)});`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${PRODUCT_NAME}</title></head>
<body><p>${message}</p>
<script nonce="${options.nonce}">${notify} window.close();</script>
</body></html>`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function renderRefusal(sentence: string, nonce: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${PRODUCT_NAME}</title>
<style nonce="${nonce}">body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#111}
h1{font-size:1.25rem}
button{font:inherit;padding:.5rem 1rem;border-radius:.375rem;border:1px solid #999;background:#fff;cursor:pointer}</style></head>
<body><h1>Sign-in refused</h1><p role="alert">${escapeHtml(sentence)}</p>
<button type="button" id="close">Close this window</button>
<script nonce="${nonce}">document.getElementById('close').addEventListener('click', function () { window.close(); });</script>
</body></html>`;
}
