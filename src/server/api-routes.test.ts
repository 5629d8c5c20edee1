import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTE_SCHEMAS, type ApiRouteSchemas } from '../shared/api-route-schemas.js';
import { API_ROUTES, apiPath, type ApiRouteName } from '../shared/api-routes.js';
import { notify } from './features/notifications/service.js';
import { ask, companyWithReferrers } from './testing/handoff-fixtures.js';
import { signInReferrer } from './testing/referral-fixtures.js';
import { education, experience, pdfBytes, uploadResume } from './testing/profile-fixtures.js';
import { createTestApp, ORIGIN, testDatabases, type SignedIn, type TestApp } from './testing/test-app.js';

/**
 * src/shared/api-routes.ts is the web's map of the server, and its test fakes answer from it. Here the real
 * server checks that map: every route in it is registered, and the routes called below answer the success
 * status it names, with a body that parses with the shared schema the fakes use.
 */

interface Step {
  name: ApiRouteName;
  call: (me: SignedIn) => Promise<LightMyRequestResponse>;
}

/** An admin (ROUTES_ADMIN, on the app's ADMIN_EMAILS), for the admin routes stepped here. */
const ROUTES_ADMIN = 'routes-admin@example.com';
let admin: SignedIn;
/** A willing referrer (from beforeAll), for the routes that are theirs alone. */
let referrer: SignedIn;
/** A willing referrer at Routeopenings, whose Greenhouse board says so, for the openings. */
let opener: SignedIn;

/** Ids made by earlier steps, for the steps that act on them. */
const made = {
  experience: 0,
  education: 0,
  skill: 0,
  resume: 0,
  notification: 0,
  referrer: 0,
  request: 0,
  opening: 0,
};
const idOf = (res: LightMyRequestResponse) => (res.json() as { id: number }).id;

/** In order: each item is made, read, changed, then deleted; the account goes last. */
const STEPS: Step[] = [
  { name: 'authStatus', call: (me) => me.get(apiPath('authStatus')) },
  {
    name: 'recordActivity',
    call: (me) => me.post(apiPath('recordActivity'), { category: 'profile', action: 'x' }),
  },
  { name: 'myExperiences', call: (me) => me.get(apiPath('myExperiences')) },
  { name: 'addExperience', call: (me) => me.post(apiPath('addExperience'), experience) },
  {
    name: 'changeExperience',
    call: (me) =>
      me.put(apiPath('changeExperience', { id: made.experience }), { ...experience, jobTitle: 'Lead' }),
  },
  { name: 'deleteExperience', call: (me) => me.del(apiPath('deleteExperience', { id: made.experience })) },
  { name: 'myEducation', call: (me) => me.get(apiPath('myEducation')) },
  { name: 'addEducation', call: (me) => me.post(apiPath('addEducation'), education) },
  {
    name: 'changeEducation',
    call: (me) => me.put(apiPath('changeEducation', { id: made.education }), { ...education, degree: 'MSc' }),
  },
  { name: 'deleteEducation', call: (me) => me.del(apiPath('deleteEducation', { id: made.education })) },
  { name: 'mySkills', call: (me) => me.get(apiPath('mySkills')) },
  { name: 'addSkill', call: (me) => me.post(apiPath('addSkill'), { skill: 'TypeScript' }) },
  { name: 'deleteSkill', call: (me) => me.del(apiPath('deleteSkill', { id: made.skill })) },
  { name: 'uploadResume', call: (me) => uploadResume(me, pdfBytes()) },
  { name: 'myActiveResume', call: (me) => me.get(apiPath('myActiveResume')) },
  { name: 'userActiveResume', call: (me) => me.get(apiPath('userActiveResume', { id: me.user.id })) },
  { name: 'resumeFile', call: (me) => me.get(apiPath('resumeFile', { id: made.resume })) },
  { name: 'mySettings', call: (me) => me.get(apiPath('mySettings')) },
  { name: 'changeSettings', call: (me) => me.put(apiPath('changeSettings'), { emailNotifications: false }) },
  {
    name: 'confirmNotificationEmail',
    call: async (me) => {
      const to = `routes-personal-${me.user.id}@gmail.com`;
      expect((await me.put(apiPath('changeSettings'), { notificationEmail: to })).statusCode).toBe(200);
      const [mail] = (await me.get(`/dev-mail/messages?to=${encodeURIComponent(to)}`)).json<
        { subject: string }[]
      >();
      const code = /\d{6}/.exec(mail!.subject)![0];
      return me.post(apiPath('confirmNotificationEmail'), { code });
    },
  },
  { name: 'exportAccount', call: (me) => me.get(apiPath('exportAccount')) },
  { name: 'user', call: (me) => me.get(apiPath('user', { id: me.user.id })) },
  { name: 'userExperiences', call: (me) => me.get(apiPath('userExperiences', { id: me.user.id })) },
  { name: 'userEducation', call: (me) => me.get(apiPath('userEducation', { id: me.user.id })) },
  { name: 'userSkills', call: (me) => me.get(apiPath('userSkills', { id: me.user.id })) },
  {
    name: 'profileStatus',
    call: (me) => me.put(apiPath('profileStatus', { id: me.user.id }), { isCompleted: false }),
  },
  {
    name: 'currentCompany',
    call: (me) => me.put(apiPath('currentCompany', { id: me.user.id }), { companyName: 'Google' }),
  },
  { name: 'companies', call: (me) => me.get(`${apiPath('companies')}?search=Goo`) },
  { name: 'companyDirectory', call: (me) => me.get(`${apiPath('companyDirectory')}?q=goo&limit=5`) },
  {
    name: 'detectCompany',
    call: (me) =>
      me.get(`${apiPath('detectCompany')}?url=${encodeURIComponent('https://careers.google.com/jobs/1')}`),
  },
  {
    // No host is allowed in tests, so the guard refuses it: still a 200, saying unknown.
    name: 'jobPreview',
    call: (me) =>
      me.get(
        `${apiPath('jobPreview')}?url=${encodeURIComponent('https://boards.greenhouse.io/acme/jobs/1')}`,
      ),
  },
  { name: 'referralRequests', call: (me) => me.get(apiPath('referralRequests')) },
  { name: 'verification', call: (me) => me.get(apiPath('verification')) },
  { name: 'referrerBonuses', call: (me) => me.get(apiPath('referrerBonuses')) },
  { name: 'notifications', call: (me) => me.get(apiPath('notifications')) },
  { name: 'recentNotifications', call: (me) => me.get(apiPath('recentNotifications')) },
  { name: 'unreadCount', call: (me) => me.get(apiPath('unreadCount')) },
  {
    name: 'markNotificationRead',
    call: (me) => me.put(apiPath('markNotificationRead', { id: made.notification })),
  },
  { name: 'markAllNotificationsRead', call: (me) => me.put(apiPath('markAllNotificationsRead')) },
  {
    name: 'deleteNotification',
    call: (me) => me.del(apiPath('deleteNotification', { id: made.notification })),
  },
  // The referrer who holds the request made in beforeAll: the two share it, so they may block each other.
  { name: 'blockUser', call: (me) => me.post(apiPath('blockUser', { id: made.referrer })) },
  { name: 'unblockUser', call: (me) => me.del(apiPath('unblockUser', { id: made.referrer })) },
  // Google (company 1) is listed: watching it twice is one watch, and undoing it leaves none.
  { name: 'watchCompany', call: (me) => me.post(apiPath('watchCompany', { id: 1 })) },
  { name: 'myWatches', call: (me) => me.get(apiPath('myWatches')) },
  { name: 'unwatchCompany', call: (me) => me.del(apiPath('unwatchCompany', { id: 1 })) },
  { name: 'myInvite', call: () => referrer.get(apiPath('myInvite')) },
  // A willing referrer at Routeopenings posts there (the Greenhouse board names the company: nothing is read).
  {
    name: 'postOpening',
    call: () =>
      opener.post(apiPath('postOpening'), {
        jobUrl: 'https://boards.greenhouse.io/routeopenings/jobs/1',
        title: 'Engineer',
        location: 'Remote',
      }),
  },
  { name: 'openings', call: (me) => me.get(`${apiPath('openings')}?q=engineer&limit=5`) },
  { name: 'deleteOpening', call: () => opener.del(apiPath('deleteOpening', { id: made.opening })) },
  { name: 'verifyUser', call: () => admin.post(apiPath('verifyUser', { id: made.referrer })) },
  { name: 'unverifyUser', call: () => admin.del(apiPath('unverifyUser', { id: made.referrer })) },
  { name: 'adminUser', call: () => admin.get(apiPath('adminUser', { id: made.referrer })) },
  { name: 'adminRequest', call: () => admin.get(apiPath('adminRequest', { id: made.request })) },
];

/** Steps that end the session or the account, each with a session of its own. */
const LAST_STEPS: Step[] = [
  { name: 'signOut', call: (me) => me.post(apiPath('signOut')) },
  { name: 'signOutEverywhere', call: (me) => me.post(apiPath('signOutEverywhere')) },
  {
    name: 'deleteAccount',
    // SignedIn.del sends no body; this DELETE carries the typed confirmation.
    call: (me) =>
      me.browser.request({
        method: 'DELETE',
        url: apiPath('deleteAccount'),
        headers: { ...ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify({ confirmEmail: me.user.email }),
      }),
  },
];

/** What each step leaves for the next: the ids of what it made. */
function remember(name: ApiRouteName, res: LightMyRequestResponse) {
  if (name === 'addExperience') made.experience = idOf(res);
  if (name === 'addEducation') made.education = idOf(res);
  if (name === 'addSkill') made.skill = idOf(res);
  if (name === 'uploadResume') made.resume = idOf(res);
  if (name === 'postOpening') made.opening = idOf(res);
}

/** Where the answer differs from the table: its status, or its body against the shared schema. */
function mismatch(name: ApiRouteName, res: LightMyRequestResponse): string | undefined {
  const route = API_ROUTES[name];
  if (res.statusCode !== route.status) {
    return `${name} (${route.method} ${route.path}) answered ${res.statusCode}, the table says ${route.status}: ${res.body.slice(0, 200)}`;
  }
  const { response }: ApiRouteSchemas = API_ROUTE_SCHEMAS[name];
  if (response === null && res.body !== '')
    return `${name} should answer an empty body: ${res.body.slice(0, 200)}`;
  if (response) {
    const parsed = response.safeParse(res.json());
    if (!parsed.success)
      return `${name}'s body does not parse with its shared schema: ${parsed.error.message}`;
  }
  return undefined;
}

describe.each(testDatabases)('the web’s route table against the server (%s)', (kind) => {
  const registered = new Set<string>();
  let t: TestApp;
  let me: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      {
        onRoute: (route: RouteOptions) => {
          for (const method of [route.method].flat()) registered.add(`${method} ${route.url}`);
        },
      },
      { ADMIN_EMAILS: ROUTES_ADMIN },
    );
    me = await t.signIn('Route Table');
    admin = await t.signIn('Route Admin', ROUTES_ADMIN);
    const note = await notify(t.database.db, {
      userId: me.user.id,
      title: 'Hi',
      message: 'Hello',
      type: 'test',
    });
    made.notification = note.id;
    const { company, referrers } = await companyWithReferrers(t, 'Rita Routes');
    made.request = await ask(me, company);
    made.referrer = referrers[0]!.user.id;
    referrer = referrers[0]!;
    opener = await signInReferrer(t, 'Opal Opener', 'Routeopenings');
  });
  afterAll(() => t.close());

  it('names only routes the server registers', () => {
    const missing = Object.values(API_ROUTES)
      .map((route) => `${route.method} ${route.path}`)
      .filter((route) => !registered.has(route));
    expect(missing, 'routes in src/shared/api-routes.ts that the server does not have').toEqual([]);
  });

  it('checks every DELETE route and the resume file here', () => {
    const stepped = new Set([...STEPS, ...LAST_STEPS].map((step) => step.name));
    const mustStep = (Object.keys(API_ROUTES) as ApiRouteName[]).filter(
      (name) => API_ROUTES[name].method === 'DELETE' || name === 'resumeFile',
    );
    expect(mustStep.filter((name) => !stepped.has(name))).toEqual([]);
  });

  it('answers each route with the status the table names and a body its shared schema parses', async () => {
    const problems: string[] = [];
    for (const step of STEPS) {
      const res = await step.call(me);
      remember(step.name, res);
      const problem = mismatch(step.name, res);
      if (problem) problems.push(problem);
    }
    for (const step of LAST_STEPS) {
      const problem = mismatch(step.name, await step.call(await t.signIn(`Last ${step.name}`)));
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
  });

  it('serves the resume file as a PDF', async () => {
    const res = await me.get(apiPath('resumeFile', { id: made.resume }));
    expect(res.statusCode).toBe(API_ROUTES.resumeFile.status);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
