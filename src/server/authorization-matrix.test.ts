import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTORS,
  AUTHZ_ADMIN_EMAIL,
  buildAuthzWorld,
  sendAs,
  type Actor,
  type AuthzWorld,
  type Call,
} from './testing/authz-world.js';
import { changedTables, dbDigest } from './testing/db-digest.js';
import { createTestApp, testDatabases, type SignedIn } from './testing/test-app.js';

/**
 * Who may call what: one row per route the app registers, one expected status per actor. The app tells the
 * test its routes (AppDeps.onRoute), so a new route without a row fails here, as does a row for a route that
 * is gone. Every refusal (any 4xx) must leave every table exactly as it was.
 *
 * Rows run in table order and, within a row, the actors in ACTORS order with the owner last, so a row whose
 * owner call changes or deletes something comes after the rows that still need it.
 */

type Expected = Record<Actor, number>;

interface Row {
  /** `METHOD /path` exactly as registered. */
  route: string;
  /** The call as the actor makes it: a referral's routes name the referral the actor holds or held. */
  call: (w: AuthzWorld, actor: Actor) => Call;
  expect: Expected;
  /** Each actor calls with a session of its own made for this row (rows that end sessions or accounts). */
  freshSessions?: boolean;
}

/** Answers the same to everyone: public pages, the development tools, sign-in itself. */
const everyone = (status: number): Expected => ({
  visitor: status,
  owner: status,
  other: status,
  assigned: status,
  earlier: status,
  blocked: status,
  unassigned: status,
  admin: status,
  colleague: status,
});
/** Each signed-in user's own things (no one else's id is in the URL): only visitors are refused. */
const signedIn = (status: number): Expected => ({ ...everyone(status), visitor: 401 });
/** The owner's things by id: everyone else gets `denied` (404 never confirms that the id exists). */
const ownerOnly = (status: number, denied = 404): Expected => ({
  ...everyone(denied),
  visitor: 401,
  owner: status,
});
/** Issue 25: the admins alone; anyone else, a visitor too, gets the 404 of an unknown endpoint (issue 46). */
const adminOnly = (status: number): Expected => ({ ...everyone(404), admin: status });
/** The world's referrers, whoever's request they hold. */
const referrers = (status: number) => ({
  assigned: status,
  earlier: status,
  blocked: status,
  unassigned: status,
  colleague: status,
});
/**
 * docs/product.md, Roles: the user, and the referrer who holds their request now. The colleague at the
 * owner's current company gets 404 like everyone else (issue 50 item 4).
 */
const profileViewers = (status: number): Expected => ({ ...ownerOnly(status), assigned: status });

const ROUTE_ORDER_NOTE = 'reads first, then changes, then deletions, then what ends sessions';

const get = (url: string): Call => ({ method: 'GET', url });

const ROWS: Row[] = [
  // Public and development surfaces: the same answer whoever asks.
  { route: 'GET /healthz', call: () => get('/healthz'), expect: everyone(200) },
  { route: 'GET /readyz', call: () => get('/readyz'), expect: everyone(200) },
  { route: 'GET /robots.txt', call: () => get('/robots.txt'), expect: everyone(200) },
  { route: 'GET /sitemap.xml', call: () => get('/sitemap.xml'), expect: everyone(200) },
  { route: 'GET /api/docs', call: () => get('/api/docs'), expect: everyone(200) },
  { route: 'GET /api/docs/json', call: () => get('/api/docs/json'), expect: everyone(200) },
  { route: 'GET /api/docs/yaml', call: () => get('/api/docs/yaml'), expect: everyone(200) },
  {
    route: 'GET /api/docs/static/index.html',
    call: () => get('/api/docs/static/index.html'),
    expect: everyone(302),
  },
  {
    route: 'GET /api/docs/static/swagger-initializer.js',
    call: () => get('/api/docs/static/swagger-initializer.js'),
    expect: everyone(200),
  },
  {
    route: 'GET /api/docs/static/*',
    call: () => get('/api/docs/static/swagger-ui.css'),
    expect: everyone(200),
  },
  { route: 'GET /auth/status', call: () => get('/auth/status'), expect: everyone(200) },
  { route: 'GET /auth/google', call: () => get('/auth/google'), expect: everyone(302) },
  // Issue 49 item 3: an invitation page; an unknown code goes to the landing page, for everyone alike.
  { route: 'GET /join/:code', call: () => get('/join/no-such-code-0000'), expect: everyone(302) },
  // Without the pending sign-in cookie the callback fails politely: the popup page tells the opener.
  {
    route: 'GET /auth/google/callback',
    call: () => get('/auth/google/callback?code=x&state=y'),
    expect: everyone(200),
  },
  {
    route: 'GET /dev-idp/*',
    call: () => get('/dev-idp/.well-known/openid-configuration'),
    expect: everyone(200),
  },
  {
    route: 'POST /dev-idp/*',
    call: () => ({ method: 'POST', url: '/dev-idp/token', body: {} }),
    expect: everyone(400),
  },
  {
    route: 'PUT /dev-idp/*',
    call: () => ({ method: 'PUT', url: '/dev-idp/token', body: {} }),
    expect: everyone(404),
  },
  {
    route: 'PATCH /dev-idp/*',
    call: () => ({ method: 'PATCH', url: '/dev-idp/token', body: {} }),
    expect: everyone(404),
  },
  {
    route: 'DELETE /dev-idp/*',
    call: () => ({ method: 'DELETE', url: '/dev-idp/token' }),
    expect: everyone(404),
  },
  {
    route: 'OPTIONS /dev-idp/*',
    call: () => ({ method: 'OPTIONS', url: '/dev-idp/token' }),
    expect: everyone(404),
  },
  {
    route: 'TRACE /dev-idp/*',
    call: () => ({ method: 'TRACE', url: '/dev-idp/token' }),
    expect: everyone(404),
  },
  {
    route: 'QUERY /dev-idp/*',
    call: () => ({ method: 'QUERY', url: '/dev-idp/token' }),
    expect: everyone(400),
  },
  {
    route: 'GET /dev-idp/interaction/:uid',
    call: () => get('/dev-idp/interaction/nope'),
    expect: everyone(400),
  },
  {
    route: 'POST /dev-idp/interaction/:uid/login',
    call: () => ({ method: 'POST', url: '/dev-idp/interaction/nope/login', body: {} }),
    expect: everyone(400),
  },
  // The development outbox: every mail of this server, to anyone (it does not exist in production).
  { route: 'GET /dev-mail', call: () => get('/dev-mail'), expect: everyone(200) },
  {
    route: 'GET /dev-mail/messages',
    call: (w) => get(`/dev-mail/messages?to=${w.ownerEmail}`),
    expect: everyone(200),
  },
  {
    route: 'GET /dev-mail/messages/:id',
    call: (w) => get(`/dev-mail/messages/${w.ids.mailToOwner}`),
    expect: everyone(200),
  },
  // Unsubscribing needs the signed token from the mail, not a session: a wrong token is refused alike.
  {
    route: 'GET /mail/unsubscribe',
    call: () => get('/mail/unsubscribe?token=forged'),
    expect: everyone(400),
  },
  {
    route: 'POST /mail/unsubscribe',
    call: () => ({ method: 'POST', url: '/mail/unsubscribe?token=forged', body: {} }),
    expect: everyone(400),
  },

  // Everyone's own things.
  { route: 'GET /api/user/experiences', call: () => get('/api/user/experiences'), expect: signedIn(200) },
  { route: 'GET /api/user/education', call: () => get('/api/user/education'), expect: signedIn(200) },
  { route: 'GET /api/user/skills', call: () => get('/api/user/skills'), expect: signedIn(200) },
  { route: 'GET /api/user/resume/active', call: () => get('/api/user/resume/active'), expect: signedIn(200) },
  { route: 'GET /api/user/settings', call: () => get('/api/user/settings'), expect: signedIn(200) },
  { route: 'GET /api/user/export', call: () => get('/api/user/export'), expect: signedIn(200) },
  // Issue 46 item 9: whom I blocked, in Account settings.
  { route: 'GET /api/user/blocks', call: () => get('/api/user/blocks'), expect: signedIn(200) },
  // Issue 49 item 1: the companies I watch; only ever the asker's own.
  { route: 'GET /api/user/watches', call: () => get('/api/user/watches'), expect: signedIn(200) },
  // Issue 49 item 3: my invitation link, for a willing referrer only; anyone else signed in gets 403.
  {
    route: 'GET /api/referrer/invite',
    call: () => get('/api/referrer/invite'),
    expect: { ...signedIn(200), owner: 403, other: 403, admin: 403 },
  },
  // Issue 49 item 2: referrers' openings, for everyone signed in.
  { route: 'GET /api/openings', call: () => get('/api/openings'), expect: signedIn(200) },
  { route: 'GET /api/notifications', call: () => get('/api/notifications'), expect: signedIn(200) },
  {
    route: 'GET /api/notifications/recent',
    call: () => get('/api/notifications/recent'),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/notifications/unread-count',
    call: () => get('/api/notifications/unread-count'),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/notifications/stream',
    call: () => get('/api/notifications/stream'),
    expect: signedIn(200),
  },
  { route: 'GET /api/referral-requests', call: () => get('/api/referral-requests'), expect: signedIn(200) },
  {
    route: 'GET /api/referrer/verification',
    call: () => get('/api/referrer/verification'),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/admin/audit',
    call: () => get('/api/admin/audit'),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/referrer/bonuses',
    // Issue 50 item 5: only ever the asker's own bonuses; no id in the URL names anyone else's.
    call: () => get('/api/referrer/bonuses'),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/referrer/record',
    // Only ever the asker's own record: no id in the URL names anyone else's.
    call: () => get('/api/referrer/record'),
    expect: signedIn(200),
  },
  { route: 'GET /api/companies', call: () => get('/api/companies?search=Goo'), expect: signedIn(200) },
  {
    route: 'GET /api/companies/detect',
    call: () => get('/api/companies/detect?url=https%3A%2F%2Fcareers.google.com%2Fjobs%2F1'),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/jobs/preview',
    call: () => get('/api/jobs/preview?url=https%3A%2F%2Fboards.greenhouse.io%2Facme%2Fjobs%2F1'),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/companies/directory',
    // Counts only, never who the referrers are: the same public page for everyone, visitors too.
    call: () => get('/api/companies/directory?q=goo&limit=5'),
    expect: everyone(200),
  },
  {
    route: 'GET /api/companies/wanted',
    // Names only, of companies wanted by 3 or more: the same public answer for everyone, visitors too.
    call: () => get('/api/companies/wanted'),
    expect: everyone(200),
  },
  {
    route: 'GET /api/companies/:id/stats',
    call: (w) => get(`/api/companies/${w.ids.company}/stats`),
    expect: signedIn(200),
  },
  // Issue 49 item 1: each signed-in user watches a listed company for themself; no one else's watch is named.
  {
    route: 'POST /api/companies/:id/watch',
    call: (w) => ({ method: 'POST', url: `/api/companies/${w.ids.company}/watch` }),
    expect: signedIn(200),
  },
  {
    route: 'DELETE /api/companies/:id/watch',
    call: (w) => ({ method: 'DELETE', url: `/api/companies/${w.ids.company}/watch` }),
    expect: signedIn(200),
  },

  // Issue 49 item 2: a willing referrer posts at their own company only (this posting is elsewhere: 400);
  // anyone else signed in gets 403.
  {
    route: 'POST /api/openings',
    call: () => ({
      method: 'POST',
      url: '/api/openings',
      body: { jobUrl: 'https://boards.greenhouse.io/matrixelsewhere/jobs/1', title: 'Engineer' },
    }),
    expect: { ...everyone(400), visitor: 401, owner: 403, other: 403, admin: 403 },
  },

  // The owner's profile, seen by id.
  {
    route: 'GET /api/users/:id',
    call: (w) => get(`/api/users/${w.users.owner.user.id}`),
    expect: profileViewers(200),
  },
  {
    route: 'GET /api/users/:id/experiences',
    call: (w) => get(`/api/users/${w.users.owner.user.id}/experiences`),
    expect: profileViewers(200),
  },
  {
    route: 'GET /api/users/:id/education',
    call: (w) => get(`/api/users/${w.users.owner.user.id}/education`),
    expect: profileViewers(200),
  },
  {
    route: 'GET /api/users/:id/skills',
    call: (w) => get(`/api/users/${w.users.owner.user.id}/skills`),
    expect: profileViewers(200),
  },
  {
    route: 'GET /api/users/:id/resume/active',
    call: (w) => get(`/api/users/${w.users.owner.user.id}/resume/active`),
    expect: profileViewers(200),
  },
  {
    route: 'GET /api/resumes/:id/file',
    call: (w) => get(`/api/resumes/${w.ids.resume}/file`),
    expect: profileViewers(200),
  },
  {
    // The link is the credential, whoever holds it (requests/resume-link.test.ts opens real ones): a
    // forged one opens nothing for anyone, signed in or not.
    route: 'GET /api/resume-links/:token',
    call: (w) => get(`/api/resume-links/1.${w.ids.resume}.9999999999.${'A'.repeat(43)}`),
    expect: everyone(404),
  },

  // Writes to one's own things: each actor changes only its own.
  {
    route: 'POST /api/user/experiences',
    call: () => ({ method: 'POST', url: '/api/user/experiences', body: { ...MATRIX_EXPERIENCE } }),
    expect: signedIn(201),
  },
  {
    route: 'POST /api/user/education',
    call: () => ({ method: 'POST', url: '/api/user/education', body: { ...MATRIX_EDUCATION } }),
    expect: signedIn(201),
  },
  {
    route: 'POST /api/user/skills',
    call: () => ({ method: 'POST', url: '/api/user/skills', body: { skill: 'Row Reduction' } }),
    expect: signedIn(201),
  },
  {
    route: 'POST /api/user/resume',
    call: () => ({ method: 'POST', url: '/api/user/resume' }),
    // Without a file the upload is refused; who may upload at all is what this row checks.
    expect: signedIn(400),
  },
  {
    route: 'PUT /api/user/settings',
    call: () => ({ method: 'PUT', url: '/api/user/settings', body: { emailNotifications: true } }),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/activity',
    call: () => ({
      method: 'POST',
      url: '/api/activity',
      body: { category: 'navigation', action: 'matrix' },
    }),
    expect: signedIn(204),
  },
  {
    route: 'PUT /api/notifications/read-all',
    call: () => ({ method: 'PUT', url: '/api/notifications/read-all' }),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/referral-requests',
    call: () => ({ method: 'POST', url: '/api/referral-requests', body: MATRIX_REQUEST }),
    expect: signedIn(201),
  },
  {
    route: 'POST /api/referrer/verification',
    call: () => ({
      method: 'POST',
      url: '/api/referrer/verification',
      body: { workEmail: 'someone@example.com' },
    }),
    // Only referrers may verify (409 for the others); a referrer's address must be at the company's domain.
    expect: { ...signedIn(409), ...referrers(400) },
  },
  {
    route: 'POST /api/referrer/verification/confirm',
    call: () => ({ method: 'POST', url: '/api/referrer/verification/confirm', body: { code: '123456' } }),
    expect: { ...signedIn(409), ...referrers(400) },
  },
  {
    route: 'POST /api/user/settings/notification-email/confirm',
    // Issue 50 item 4: each confirms a code of their own; nobody in the world asked for one (400).
    call: () => ({
      method: 'POST',
      url: '/api/user/settings/notification-email/confirm',
      body: { code: '123456' },
    }),
    expect: signedIn(400),
  },

  // Changes to the owner's things by id.
  {
    route: 'PUT /api/user/experiences/:id',
    call: (w) => ({
      method: 'PUT',
      url: `/api/user/experiences/${w.ids.experience}`,
      body: MATRIX_EXPERIENCE,
    }),
    expect: ownerOnly(200),
  },
  {
    route: 'PUT /api/user/education/:id',
    call: (w) => ({ method: 'PUT', url: `/api/user/education/${w.ids.education}`, body: MATRIX_EDUCATION }),
    expect: ownerOnly(200),
  },
  {
    route: 'PUT /api/notifications/:id/read',
    call: (w) => ({ method: 'PUT', url: `/api/notifications/${w.ids.notification}/read` }),
    expect: ownerOnly(200),
  },
  {
    route: 'PUT /api/users/:id/profile-status',
    call: (w) => ({
      method: 'PUT',
      url: `/api/users/${w.users.owner.user.id}/profile-status`,
      body: { isCompleted: true },
    }),
    expect: ownerOnly(200, 403),
  },
  {
    route: 'PUT /api/users/:id/current-company',
    call: (w) => ({
      method: 'PUT',
      url: `/api/users/${w.users.owner.user.id}/current-company`,
      body: { companyName: 'Matrix Owner Corp' },
    }),
    expect: ownerOnly(200, 403),
  },
  {
    route: 'PUT /api/users/:id/not-working',
    call: (w) => ({
      method: 'PUT',
      url: `/api/users/${w.users.owner.user.id}/not-working`,
      body: { notWorking: false },
    }),
    expect: ownerOnly(200, 403),
  },
  {
    route: 'PUT /api/users/:id/willingness-to-give-referrals',
    call: (w) => ({
      method: 'PUT',
      url: `/api/users/${w.users.owner.user.id}/willingness-to-give-referrals`,
      body: { isWilling: false },
    }),
    expect: ownerOnly(200, 403),
  },
  {
    route: 'GET /api/referrals/:referralId/messages',
    call: (w, actor) => get(`/api/referrals/${w.referralOf(actor)}/messages`),
    // The seeker and the referrer holding it; those it passed on from (their own) and the rest get 404.
    expect: { ...ownerOnly(200), assigned: 200 },
  },
  {
    route: 'POST /api/referrals/:referralId/messages',
    call: (w, actor) => ({
      method: 'POST',
      url: `/api/referrals/${w.referralOf(actor)}/messages`,
      body: { body: 'Is the team still hiring?' },
    }),
    expect: { ...ownerOnly(201), assigned: 201 },
  },
  {
    route: 'POST /api/reports',
    call: (w) => ({
      method: 'POST',
      url: '/api/reports',
      body: {
        subjectUserId: w.users.assigned.user.id,
        requestId: w.ids.request,
        reason: 'spam',
        note: 'Matrix',
      },
    }),
    // Only someone who shares a request with the subject: the seeker here; the subject itself gets 400.
    expect: { ...ownerOnly(201), assigned: 400 },
  },
  {
    route: 'GET /api/admin/reports',
    call: () => get('/api/admin/reports'),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/admin/queue-counts',
    call: () => get('/api/admin/queue-counts'),
    expect: adminOnly(200),
  },
  // Issue 49 item 4: exact demand figures, admins alone.
  {
    route: 'GET /api/admin/demand',
    call: () => get('/api/admin/demand?format=csv'),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/admin/reports/:id/resolve',
    // The world files no report of its own: the row above filed report 1.
    call: () => ({ method: 'POST', url: '/api/admin/reports/1/resolve', body: { action: 'dismissed' } }),
    expect: adminOnly(200),
  },
  // Issue 25 item 6: what a payment offer held, reviewed by admins alone.
  {
    route: 'GET /api/admin/requests',
    call: () => get('/api/admin/requests?status=held'),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/admin/requests/:id/release',
    call: (w) => ({
      method: 'POST',
      url: `/api/admin/requests/${w.ids.heldRequests.release}/release`,
      body: {},
    }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/admin/requests/:id/reject',
    call: (w) => ({
      method: 'POST',
      url: `/api/admin/requests/${w.ids.heldRequests.reject}/reject`,
      body: { reason: 'Matrix' },
    }),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/admin/messages',
    call: () => get('/api/admin/messages?status=held'),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/admin/messages/:id/release',
    call: (w) => ({
      method: 'POST',
      url: `/api/admin/messages/${w.ids.heldMessages.release}/release`,
      body: {},
    }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/admin/messages/:id/reject',
    call: (w) => ({
      method: 'POST',
      url: `/api/admin/messages/${w.ids.heldMessages.reject}/reject`,
      body: { reason: 'Matrix' },
    }),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/admin/users',
    call: () => get('/api/admin/users?q=matrix'),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/admin/companies',
    call: () => get('/api/admin/companies?q=matrix'),
    expect: adminOnly(200),
  },
  // What a report links to (issue 46 item 9): one user's and one request's view, read-only.
  {
    route: 'GET /api/admin/users/:id',
    call: (w) => get(`/api/admin/users/${w.users.assigned.user.id}`),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/admin/requests/:id',
    call: (w) => get(`/api/admin/requests/${w.ids.request}`),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/admin/users/:id/verify',
    call: (w) => ({ method: 'POST', url: `/api/admin/users/${w.users.unassigned.user.id}/verify` }),
    expect: adminOnly(200),
  },
  {
    route: 'DELETE /api/admin/users/:id/verify',
    // The row above verified them by hand; the admin takes it back.
    call: (w) => ({ method: 'DELETE', url: `/api/admin/users/${w.users.unassigned.user.id}/verify` }),
    expect: adminOnly(200),
  },
  {
    route: 'PUT /api/admin/companies/:id',
    call: (w) => ({
      method: 'PUT',
      url: `/api/admin/companies/${w.ids.company}`,
      body: { emailDomains: ['matrix.test'] },
    }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/admin/companies/:id/merge',
    call: (w) => ({
      method: 'POST',
      url: `/api/admin/companies/${w.ids.duplicateCompany}/merge`,
      body: { intoId: w.ids.company },
    }),
    expect: adminOnly(200),
  },
  {
    route: 'PUT /api/referrals/:referralId/status',
    call: (w, actor) => ({
      method: 'PUT',
      url: `/api/referrals/${w.referralOf(actor)}/status`,
      body: { status: 'accepted' },
    }),
    // Only the referrer holding it now. Those it passed from get 404 on their own, the pending one the block
    // passed on included (issue 46); so do the seeker and the rest.
    expect: { ...ownerOnly(404), assigned: 200 },
  },
  {
    route: 'PUT /api/referrals/:referralId/relationship',
    call: (w, actor) => ({
      method: 'PUT',
      url: `/api/referrals/${w.referralOf(actor)}/relationship`,
      body: { relationship: 'worked_together' },
    }),
    // docs/decisions/082-already-applied-and-relationship.md: the referrer holding it, now accepted (the
    // row above); anyone else gets 404.
    expect: { ...ownerOnly(404), assigned: 200 },
  },
  {
    route: 'GET /api/referrals/:referralId/packet',
    call: (w, actor) => get(`/api/referrals/${w.referralOf(actor)}/packet`),
    // Only the referrer holding it: the seeker, those it passed on from (their own) and the rest get 404.
    expect: { ...ownerOnly(404), assigned: 200 },
  },
  {
    route: 'POST /api/referrals/:referralId/confirmation',
    call: (w, actor) => ({
      method: 'POST',
      url: `/api/referrals/${w.referralOf(actor)}/confirmation`,
      body: { received: true },
    }),
    // The seeker alone, and only once it was submitted: here it is not yet (409); anyone else gets 404.
    expect: ownerOnly(409),
  },
  {
    route: 'PUT /api/referrals/:referralId/bonus',
    call: (w, actor) => ({
      method: 'PUT',
      url: `/api/referrals/${w.referralOf(actor)}/bonus`,
      body: { hiredOn: '2026-01-05', payoutAfterDays: 90, status: 'waiting' },
    }),
    // Issue 50 item 5: the referrer holding it, once its outcome is successful: here it is accepted (409);
    // the seeker, those it passed from and the rest get 404.
    expect: { ...ownerOnly(404), assigned: 409 },
  },
  {
    route: 'POST /api/referrals/:referralId/undo',
    call: (w, actor) => ({ method: 'POST', url: `/api/referrals/${w.referralOf(actor)}/undo` }),
    // The holder's own pending referral has no decline to undo (409); a decline passed on is over for the
    // one who declined it, as for everyone else (404).
    expect: { ...ownerOnly(404), assigned: 409 },
  },
  {
    route: 'POST /api/referral-requests/:id/resubmit',
    call: (w) => ({ method: 'POST', url: `/api/referral-requests/${w.ids.request}/resubmit`, body: {} }),
    // docs/decisions/084-changes-requested.md: the seeker alone, only while changes are asked for; here it is
    // accepted (409). Anyone else gets 404.
    expect: ownerOnly(409),
  },
  {
    route: 'POST /api/referral-requests/:id/withdraw',
    call: (w) => ({ method: 'POST', url: `/api/referral-requests/${w.ids.request}/withdraw` }),
    // The seeker alone; after the status row it is accepted, which may still be withdrawn.
    expect: ownerOnly(200),
  },

  // Deletions of the owner's things.
  // Issue 49 item 2: an opening is removed by its referrer (the unassigned one's here); 404 to anyone else.
  {
    route: 'DELETE /api/openings/:id',
    call: (w) => ({ method: 'DELETE', url: `/api/openings/${w.ids.opening}` }),
    expect: { ...everyone(404), visitor: 401, unassigned: 200 },
  },
  {
    route: 'DELETE /api/user/experiences/:id',
    call: (w) => ({ method: 'DELETE', url: `/api/user/experiences/${w.ids.experience}` }),
    expect: ownerOnly(200),
  },
  {
    route: 'DELETE /api/user/education/:id',
    call: (w) => ({ method: 'DELETE', url: `/api/user/education/${w.ids.education}` }),
    expect: ownerOnly(200),
  },
  {
    route: 'DELETE /api/user/skills/:id',
    call: (w) => ({ method: 'DELETE', url: `/api/user/skills/${w.ids.skill}` }),
    expect: ownerOnly(200),
  },
  {
    route: 'DELETE /api/notifications/:id',
    call: (w) => ({ method: 'DELETE', url: `/api/notifications/${w.ids.notification}` }),
    expect: ownerOnly(204),
  },

  // Blocks pass the owner's open referral on, so they come after every row that needs it where it is.
  {
    route: 'POST /api/users/:id/block',
    call: (w) => ({ method: 'POST', url: `/api/users/${w.users.owner.user.id}/block` }),
    // Those who share a request with the owner (the referrers who held one, now or earlier: a block is
    // about a person, not a referral); the owner itself gets 400.
    expect: { ...everyone(404), visitor: 401, owner: 400, assigned: 200, earlier: 200, blocked: 200 },
  },
  {
    route: 'DELETE /api/users/:id/block',
    call: (w) => ({ method: 'DELETE', url: `/api/users/${w.users.owner.user.id}/block` }),
    expect: { ...everyone(404), visitor: 401, owner: 400, assigned: 200, earlier: 200, blocked: 200 },
  },

  // What ends sessions or the account, each with a session made for it.
  {
    route: 'POST /api/admin/users/:id/suspend',
    // The other user calls before the admin suspends them (ACTORS order), so they still get the 404.
    call: (w) => ({
      method: 'POST',
      url: `/api/admin/users/${w.users.other.user.id}/suspend`,
      body: { reason: 'Matrix' },
    }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/admin/users/:id/unsuspend',
    call: (w) => ({ method: 'POST', url: `/api/admin/users/${w.users.other.user.id}/unsuspend` }),
    // The suspension ended their session, and no new one can be made while it lasts: a visitor now, they
    // find no such endpoint either.
    expect: adminOnly(200),
  },
  {
    route: 'POST /auth/logout',
    call: () => ({ method: 'POST', url: '/auth/logout' }),
    expect: everyone(200),
    freshSessions: true,
  },
  {
    route: 'POST /auth/logout-all',
    call: () => ({ method: 'POST', url: '/auth/logout-all' }),
    expect: signedIn(200),
    freshSessions: true,
  },
  {
    route: 'DELETE /api/user',
    call: (w) => ({ method: 'DELETE', url: '/api/user', body: { confirmEmail: w.ownerEmail } }),
    // Anyone else typing the owner's address confirms nothing: it is not their own.
    expect: { ...signedIn(400), owner: 204 },
    freshSessions: true,
  },
];

const MATRIX_EXPERIENCE = {
  companyName: 'Matrix Labs',
  jobTitle: 'Analyst',
  startDate: '2019-01-01',
  endDate: '2020-01-01',
  currentlyWorking: false,
  description: '',
  order: 1,
};
const MATRIX_EDUCATION = {
  instituteName: 'Matrix College',
  degree: 'MSc',
  major: 'Mathematics',
  startDate: '2015-09-01',
  endDate: '2017-06-01',
  description: '',
  order: 1,
};
// A company with no referrers: the request waits, and no one's role in the world changes.
const MATRIX_REQUEST = {
  jobUrl: 'https://jobs.lever.co/matrix-nowhere/123',
  position: 'Engineer',
  message: '',
  resumeLink: null,
  companyId: null,
  detectedCompanyName: 'Matrix Nowhere Ltd',
};

const WHOLE_TABLE_MS = 180_000;
const HEAD_AND_IMPLICIT = new Set(['HEAD']);
const OWNER_LAST: Actor[] = [...ACTORS.filter((a) => a !== 'owner'), 'owner'];

describe.each(testDatabases)('authorisation matrix (%s)', (kind) => {
  const registered = new Set<string>();
  let w: AuthzWorld;

  beforeAll(async () => {
    const t = await createTestApp(
      kind,
      {
        onRoute: (route: RouteOptions) => {
          for (const method of [route.method].flat()) {
            if (!HEAD_AND_IMPLICIT.has(method)) registered.add(`${method} ${route.url}`);
          }
        },
      },
      { ADMIN_EMAILS: AUTHZ_ADMIN_EMAIL },
    );
    w = await buildAuthzWorld(t);
  });
  afterAll(() => w.t.close());

  it('has exactly one row for every route the app registers', () => {
    const rows = ROWS.map((row) => row.route);
    expect(
      rows.filter((route, i) => rows.indexOf(route) !== i),
      'rows listed twice',
    ).toEqual([]);
    expect(
      [...registered].filter((route) => !rows.includes(route)),
      'routes without a row',
    ).toEqual([]);
    expect(
      rows.filter((route) => !registered.has(route)),
      'rows of routes that are gone',
    ).toEqual([]);
  });

  it('leaves the owner out of every answer the colleague at their current company gets (before the table changes the world)', async () => {
    // Issue 50 item 4: every other route answers them 404 (the table); what they may read, their own lists
    // and the public pages, never names the owner. The development outbox (not in production) is left out.
    const leaks: string[] = [];
    const { fullName, email } = w.users.owner.user;
    for (const row of ROWS) {
      const call = row.call(w, 'colleague');
      if (call.method !== 'GET' || row.expect.colleague !== 200 || !call.url.startsWith('/api/')) continue;
      if (call.url === '/api/notifications/stream') continue;
      const res = await w.send('colleague', call);
      if (res.statusCode !== 200) continue;
      if (res.body.includes(fullName) || res.body.includes(email)) leaks.push(row.route);
    }
    expect(leaks).toEqual([]);
  });

  // Each walks the whole table (hundreds of requests): minutes, not seconds, on a busy 2-core machine.
  it(
    `answers each actor as the table says, and every refusal changes nothing (${ROUTE_ORDER_NOTE})`,
    async () => {
      const mismatches: string[] = [];
      for (const row of ROWS) {
        for (const actor of OWNER_LAST) {
          const call = row.call(w, actor);
          // A fresh session is made before the digest: signing in is not part of the call.
          const session =
            row.freshSessions && actor !== 'visitor' ? await freshSession(w.users[actor]) : undefined;
          const before = await dbDigest(w.t.database.db);
          const status = await statusOf(session ?? actor, call);
          const wanted = row.expect[actor];
          if (status !== wanted) mismatches.push(`${row.route}: ${actor} ${status}, expected ${wanted}`);
          if (status >= 400 && status < 500) {
            const changed = changedTables(before, await dbDigest(w.t.database.db));
            if (changed.length > 0)
              mismatches.push(`${row.route}: ${actor} (${status}) changed ${changed.join(', ')}`);
          }
        }
      }
      expect(mismatches).toEqual([]);
    },
    WHOLE_TABLE_MS,
  );

  it(
    'asks a visitor to sign in before it looks at the body: a wrong body still gets 401',
    async () => {
      const answers: string[] = [];
      for (const row of ROWS) {
        const call = row.call(w, 'visitor');
        if (row.expect.visitor !== 401 || call.method === 'GET') continue;
        const res = await w.send('visitor', { ...call, body: { notAField: ['x'] } });
        if (res.statusCode !== 401) answers.push(`${row.route}: ${res.statusCode} ${res.body}`);
      }
      expect(answers).toEqual([]);
    },
    WHOLE_TABLE_MS,
  );

  async function freshSession(who: SignedIn): Promise<SignedIn> {
    return w.t.signIn(who.user.fullName, who.user.email);
  }

  async function statusOf(who: Actor | SignedIn, call: Call): Promise<number> {
    const send = (payloadAsStream: boolean) =>
      typeof who === 'string' ? w.send(who, call, payloadAsStream) : sendAs(who, call, payloadAsStream);
    if (call.url === '/api/notifications/stream') {
      // The stream never ends by itself: read its status, then let go of it.
      const res = await send(true);
      res.stream().destroy();
      return res.statusCode;
    }
    return (await send(false)).statusCode;
  }
});
