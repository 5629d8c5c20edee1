/**
 * A public page's first paint from the server: for a visitor's `/companies`, the server writes the top of
 * the page (the site's header, the page's title and sentence) into its HTML, in `<div id="prepaint">` before
 * `#root` (server/plugins/spa.ts; the markup is public/prepaint/). The stylesheet hides `#root` while it is
 * there, so the app renders behind it; the page it stands for takes it away as it mounts (a layout effect,
 * before the browser paints), and the same markup is then on screen from React. See
 * docs/decisions/043-prepainted-companies-page.md.
 */
import { PREPAINT_ID } from '@shared/prepaint';

/**
 * Whether this document arrived with the server's first paint, read once as the app's code starts (this
 * module is in the entry), before any page can take it away. The server writes one only for a request with
 * no session cookie, so a true here means the person was signed out when the page was asked for.
 */
export const prepaintedAtBoot =
  typeof document !== 'undefined' && document.getElementById(PREPAINT_ID) !== null;

/** Puts the app on screen in place of the server's first paint, if it is still there. */
export function revealApp(): void {
  document.getElementById(PREPAINT_ID)?.remove();
}

/**
 * The page a first paint stands for may never arrive (a chunk that fails to load, the API down): after this
 * long the app shows whatever it has.
 */
export const PREPAINT_LIMIT_MS = 10_000;
