/**
 * Every API route the web calls: method, path pattern (as the server registers it) and the status it answers
 * on success. The web builds its URLs from here and its test fakes answer only these routes, so neither can
 * drift from the server; src/server/api-routes.test.ts fails when a route here is not registered, or answers
 * another status. No zod here: the landing page imports this, and zod stays out of its bundle. The body
 * schemas sit beside it in api-route-schemas.ts, for the fakes and tests.
 */

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRoute {
  method: ApiMethod;
  /** `/api/users/:id`: each `:name` segment is a parameter. */
  path: string;
  /** What the server answers on success. */
  status: number;
}

export const API_ROUTES = {
  // Sign-in (docs/product.md, The API); /auth/google is opened in the popup, not fetched.
  authStatus: { method: 'GET', path: '/auth/status', status: 200 },
  signIn: { method: 'GET', path: '/auth/google', status: 302 },
  signOut: { method: 'POST', path: '/auth/logout', status: 200 },
  signOutEverywhere: { method: 'POST', path: '/auth/logout-all', status: 200 },
  recordActivity: { method: 'POST', path: '/api/activity', status: 204 },

  // The signed-in user's own profile.
  myExperiences: { method: 'GET', path: '/api/user/experiences', status: 200 },
  addExperience: { method: 'POST', path: '/api/user/experiences', status: 201 },
  changeExperience: { method: 'PUT', path: '/api/user/experiences/:id', status: 200 },
  deleteExperience: { method: 'DELETE', path: '/api/user/experiences/:id', status: 200 },
  myEducation: { method: 'GET', path: '/api/user/education', status: 200 },
  addEducation: { method: 'POST', path: '/api/user/education', status: 201 },
  changeEducation: { method: 'PUT', path: '/api/user/education/:id', status: 200 },
  deleteEducation: { method: 'DELETE', path: '/api/user/education/:id', status: 200 },
  mySkills: { method: 'GET', path: '/api/user/skills', status: 200 },
  addSkill: { method: 'POST', path: '/api/user/skills', status: 201 },
  deleteSkill: { method: 'DELETE', path: '/api/user/skills/:id', status: 200 },
  myActiveResume: { method: 'GET', path: '/api/user/resume/active', status: 200 },
  uploadResume: { method: 'POST', path: '/api/user/resume', status: 201 },
  mySettings: { method: 'GET', path: '/api/user/settings', status: 200 },
  changeSettings: { method: 'PUT', path: '/api/user/settings', status: 200 },
  // Issue 50 item 4: the code mailed to a personal address, which then gets all the user's mail.
  confirmNotificationEmail: {
    method: 'POST',
    path: '/api/user/settings/notification-email/confirm',
    status: 200,
  },
  exportAccount: { method: 'GET', path: '/api/user/export', status: 200 },
  deleteAccount: { method: 'DELETE', path: '/api/user', status: 204 },

  // Profiles by user id (the user, or the referrer who holds their request).
  user: { method: 'GET', path: '/api/users/:id', status: 200 },
  userExperiences: { method: 'GET', path: '/api/users/:id/experiences', status: 200 },
  userEducation: { method: 'GET', path: '/api/users/:id/education', status: 200 },
  userSkills: { method: 'GET', path: '/api/users/:id/skills', status: 200 },
  userActiveResume: { method: 'GET', path: '/api/users/:id/resume/active', status: 200 },
  resumeFile: { method: 'GET', path: '/api/resumes/:id/file', status: 200 },
  // A referral packet's signed résumé link: opens with no session, for whoever the referrer pastes it to.
  resumeLink: { method: 'GET', path: '/api/resume-links/:token', status: 200 },
  profileStatus: { method: 'PUT', path: '/api/users/:id/profile-status', status: 200 },
  currentCompany: { method: 'PUT', path: '/api/users/:id/current-company', status: 200 },
  notWorking: { method: 'PUT', path: '/api/users/:id/not-working', status: 200 },
  willingness: { method: 'PUT', path: '/api/users/:id/willingness-to-give-referrals', status: 200 },

  // Referrals, companies and referrer verification.
  referralRequests: { method: 'GET', path: '/api/referral-requests', status: 200 },
  createReferralRequest: { method: 'POST', path: '/api/referral-requests', status: 201 },
  referralStatus: { method: 'PUT', path: '/api/referrals/:referralId/status', status: 200 },
  referralRelationship: { method: 'PUT', path: '/api/referrals/:referralId/relationship', status: 200 },
  referralMessages: { method: 'GET', path: '/api/referrals/:referralId/messages', status: 200 },
  sendReferralMessage: { method: 'POST', path: '/api/referrals/:referralId/messages', status: 201 },
  withdrawReferralRequest: { method: 'POST', path: '/api/referral-requests/:id/withdraw', status: 200 },
  resubmitReferralRequest: { method: 'POST', path: '/api/referral-requests/:id/resubmit', status: 200 },
  undoDecline: { method: 'POST', path: '/api/referrals/:referralId/undo', status: 200 },
  referralPacket: { method: 'GET', path: '/api/referrals/:referralId/packet', status: 200 },
  confirmReferral: { method: 'POST', path: '/api/referrals/:referralId/confirmation', status: 200 },
  companies: { method: 'GET', path: '/api/companies', status: 200 },
  companyDirectory: { method: 'GET', path: '/api/companies/directory', status: 200 },
  wantedCompanies: { method: 'GET', path: '/api/companies/wanted', status: 200 },
  detectCompany: { method: 'GET', path: '/api/companies/detect', status: 200 },
  companyStats: { method: 'GET', path: '/api/companies/:id/stats', status: 200 },
  jobPreview: { method: 'GET', path: '/api/jobs/preview', status: 200 },
  verification: { method: 'GET', path: '/api/referrer/verification', status: 200 },
  sendVerificationCode: { method: 'POST', path: '/api/referrer/verification', status: 200 },
  confirmVerificationCode: { method: 'POST', path: '/api/referrer/verification/confirm', status: 200 },
  referrerRecord: { method: 'GET', path: '/api/referrer/record', status: 200 },
  // Issue 50 item 5: the referrer's own bonus tracker.
  referrerBonuses: { method: 'GET', path: '/api/referrer/bonuses', status: 200 },
  recordBonus: { method: 'PUT', path: '/api/referrals/:referralId/bonus', status: 200 },

  // Notifications.
  notifications: { method: 'GET', path: '/api/notifications', status: 200 },
  recentNotifications: { method: 'GET', path: '/api/notifications/recent', status: 200 },
  unreadCount: { method: 'GET', path: '/api/notifications/unread-count', status: 200 },
  notificationStream: { method: 'GET', path: '/api/notifications/stream', status: 200 },
  markAllNotificationsRead: { method: 'PUT', path: '/api/notifications/read-all', status: 200 },
  markNotificationRead: { method: 'PUT', path: '/api/notifications/:id/read', status: 200 },
  deleteNotification: { method: 'DELETE', path: '/api/notifications/:id', status: 204 },

  // Admin (issue 25).
  adminAudit: { method: 'GET', path: '/api/admin/audit', status: 200 },
  adminReports: { method: 'GET', path: '/api/admin/reports', status: 200 },
  adminQueueCounts: { method: 'GET', path: '/api/admin/queue-counts', status: 200 },
  adminDemand: { method: 'GET', path: '/api/admin/demand', status: 200 },
  resolveReport: { method: 'POST', path: '/api/admin/reports/:id/resolve', status: 200 },
  adminUsers: { method: 'GET', path: '/api/admin/users', status: 200 },
  suspendUser: { method: 'POST', path: '/api/admin/users/:id/suspend', status: 200 },
  unsuspendUser: { method: 'POST', path: '/api/admin/users/:id/unsuspend', status: 200 },
  verifyUser: { method: 'POST', path: '/api/admin/users/:id/verify', status: 200 },
  unverifyUser: { method: 'DELETE', path: '/api/admin/users/:id/verify', status: 200 },
  adminUser: { method: 'GET', path: '/api/admin/users/:id', status: 200 },
  adminRequest: { method: 'GET', path: '/api/admin/requests/:id', status: 200 },
  adminCompanies: { method: 'GET', path: '/api/admin/companies', status: 200 },
  setCompanyEmailDomains: { method: 'PUT', path: '/api/admin/companies/:id', status: 200 },
  mergeCompany: { method: 'POST', path: '/api/admin/companies/:id/merge', status: 200 },
  adminHeldRequests: { method: 'GET', path: '/api/admin/requests', status: 200 },
  releaseHeldRequest: { method: 'POST', path: '/api/admin/requests/:id/release', status: 200 },
  rejectHeldRequest: { method: 'POST', path: '/api/admin/requests/:id/reject', status: 200 },
  adminHeldMessages: { method: 'GET', path: '/api/admin/messages', status: 200 },
  releaseHeldMessage: { method: 'POST', path: '/api/admin/messages/:id/release', status: 200 },
  rejectHeldMessage: { method: 'POST', path: '/api/admin/messages/:id/reject', status: 200 },
  fileReport: { method: 'POST', path: '/api/reports', status: 201 },
  blockUser: { method: 'POST', path: '/api/users/:id/block', status: 200 },
  unblockUser: { method: 'DELETE', path: '/api/users/:id/block', status: 200 },
  myBlocks: { method: 'GET', path: '/api/user/blocks', status: 200 },

  // Watching a company where nobody can take a request now (issue 49 item 1).
  watchCompany: { method: 'POST', path: '/api/companies/:id/watch', status: 200 },
  unwatchCompany: { method: 'DELETE', path: '/api/companies/:id/watch', status: 200 },
  myWatches: { method: 'GET', path: '/api/user/watches', status: 200 },

  // A willing referrer's invitation link for colleagues (issue 49 item 3).
  myInvite: { method: 'GET', path: '/api/referrer/invite', status: 200 },

  // Openings a referrer posts at their own company (issue 49 item 2); `?mine=true` lists one's own.
  openings: { method: 'GET', path: '/api/openings', status: 200 },
  postOpening: { method: 'POST', path: '/api/openings', status: 201 },
  deleteOpening: { method: 'DELETE', path: '/api/openings/:id', status: 200 },
} as const satisfies Record<string, ApiRoute>;

export type ApiRouteName = keyof typeof API_ROUTES;

/** The parameter names in a path pattern: '/api/users/:id/skills' gives 'id'. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type ApiRouteParams<N extends ApiRouteName> = Record<
  ParamNames<(typeof API_ROUTES)[N]['path']>,
  string | number
>;

/** A route's URL with its parameters filled in: `apiPath('user', { id: 3 })` is '/api/users/3'. */
export function apiPath<N extends ApiRouteName>(
  name: N,
  ...[params]: ParamNames<(typeof API_ROUTES)[N]['path']> extends never ? [] : [ApiRouteParams<N>]
): string {
  const values: Record<string, string | number> = params ?? {};
  return API_ROUTES[name].path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`apiPath('${name}') needs a value for :${key}.`);
    return encodeURIComponent(String(value));
  });
}
