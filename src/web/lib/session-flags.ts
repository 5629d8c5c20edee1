/** Browser-session flags of spec section 4; sessionStorage, so they end with the tab. */
const LOGGED_IN = 'isLoggedIn';
const VISITED_DASHBOARD = 'hasVisitedDashboard';

export const sessionFlags = {
  isLoggedIn: () => sessionStorage.getItem(LOGGED_IN) === 'true',
  setLoggedIn: () => sessionStorage.setItem(LOGGED_IN, 'true'),
  clearLoggedIn: () => sessionStorage.removeItem(LOGGED_IN),
  hasVisitedDashboard: () => sessionStorage.getItem(VISITED_DASHBOARD) === 'true',
  setVisitedDashboard: () => sessionStorage.setItem(VISITED_DASHBOARD, 'true'),
  clearAll: () => {
    sessionStorage.removeItem(LOGGED_IN);
    sessionStorage.removeItem(VISITED_DASHBOARD);
  },
};
