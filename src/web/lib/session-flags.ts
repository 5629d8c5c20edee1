/** Browser-session flags of docs/product.md, Flows and statuses; sessionStorage, so they end with the tab. */
const LOGGED_IN = 'isLoggedIn';
const VISITED_DASHBOARD = 'hasVisitedDashboard';
/**
 * Whether this browser was signed in when it last knew (localStorage, so every tab shares it): the public
 * pages ask the session and show the signed-in header only then, so a visitor's page never asks.
 */
const MAY_BE_SIGNED_IN = 'mayBeSignedIn';

export const sessionFlags = {
  isLoggedIn: () => sessionStorage.getItem(LOGGED_IN) === 'true',
  setLoggedIn: () => sessionStorage.setItem(LOGGED_IN, 'true'),
  clearLoggedIn: () => sessionStorage.removeItem(LOGGED_IN),
  hasVisitedDashboard: () => sessionStorage.getItem(VISITED_DASHBOARD) === 'true',
  setVisitedDashboard: () => sessionStorage.setItem(VISITED_DASHBOARD, 'true'),
  mayBeSignedIn: () => localStorage.getItem(MAY_BE_SIGNED_IN) === 'true',
  setMayBeSignedIn: () => localStorage.setItem(MAY_BE_SIGNED_IN, 'true'),
  clearMayBeSignedIn: () => localStorage.removeItem(MAY_BE_SIGNED_IN),
  clearAll: () => {
    sessionStorage.removeItem(LOGGED_IN);
    sessionStorage.removeItem(VISITED_DASHBOARD);
    localStorage.removeItem(MAY_BE_SIGNED_IN);
  },
};
