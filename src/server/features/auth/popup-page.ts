import { AUTH_SUCCESS_MESSAGE } from '../../../shared/auth.js';
import { PRODUCT_NAME } from '../../../shared/brand.js';

/**
 * The page the sign-in popup ends on. On success it tells its opener, and only an opener on our own
 * origin (the target origin is ours), then closes; the opener reads the outcome from /auth/status.
 */
export function renderPopupDonePage(options: { ok: boolean; appOrigin: string; nonce: string }): string {
  const message = options.ok
    ? 'You are signed in. This window will close.'
    : 'Sign-in failed. This window will close.';
  const notify = options.ok
    ? `if (window.opener) window.opener.postMessage({ type: ${JSON.stringify(AUTH_SUCCESS_MESSAGE)} }, ${JSON.stringify(options.appOrigin)});`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${PRODUCT_NAME}</title></head>
<body><p>${message}</p>
<script nonce="${options.nonce}">${notify} window.close();</script>
</body></html>`;
}
