/**
 * Whether `/companies` may open straight on the visitor's screen, without the signed-in screens' module and
 * without asking `/auth/status` first (docs/decisions/043-prepainted-companies-page.md). Only when the person
 * is certainly signed out:
 * - the document came with the server's first paint, which the server writes only for a request carrying no
 *   session cookie (a stale cookie gets no first paint, and so the session check);
 * - the location is still the document's first one (react-router's key 'default'): a later navigation to
 *   /companies may come after a sign-in in this tab;
 * - this tab has not signed in since: Back to the first entry brings its key 'default' back if the page
 *   never mounted (the page's own search replaces the entry, with a new key, as it mounts), and the sign-in
 *   popup sets the tab's flag (sessionFlags) before it navigates away.
 * The caller decides once, as the page mounts: that replaced location must not swap the screen under the
 * visitor's typing.
 */
export function opensAsVisitor({
  prepaintedAtBoot,
  locationKey,
  signedInThisTab,
}: {
  prepaintedAtBoot: boolean;
  locationKey: string;
  signedInThisTab: boolean;
}): boolean {
  return prepaintedAtBoot && locationKey === 'default' && !signedInThisTab;
}
