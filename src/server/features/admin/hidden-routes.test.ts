import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../../shared/api-routes.js';
import { ORIGIN, createTestApp, testDatabases, type SignedIn, type TestApp } from '../../testing/test-app.js';

const ADMIN = 'hidden-admin@example.com';
/** As long as '/api/admin', so an answer naming the path is as long as the admin path's. */
const UNKNOWN_PREFIX = '/api/zzzzz';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
/** Bodies of every kind a client may send: none, JSON good and bad, and what no route here parses. */
const BODIES: { name: string; headers: Record<string, string>; payload?: string | Buffer }[] = [
  { name: 'no body', headers: {} },
  { name: 'JSON', headers: { 'content-type': 'application/json' }, payload: '{"reason":"x","intoId":1}' },
  { name: 'bad JSON', headers: { 'content-type': 'application/json' }, payload: '{"reason":' },
  { name: 'empty JSON', headers: { 'content-type': 'application/json' }, payload: '' },
  { name: 'text', headers: { 'content-type': 'text/plain' }, payload: 'hello' },
  { name: 'form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=b' },
  {
    name: 'multipart',
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
  },
  { name: 'bytes', headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.from([0, 1]) },
  {
    name: 'gzip',
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    payload: '{}',
  },
];

/** Every admin route the app registers, with ids filled in, and paths under /api/admin that are none. */
const REGISTERED = Object.values(API_ROUTES)
  .map((route) => route.path)
  .filter((path) => path.startsWith('/api/admin'))
  .map((path) => path.replace(/:[A-Za-z]+/g, '1'));
const UNREGISTERED = [
  '/api/admin',
  '/api/admin/',
  '/api/admin/nope',
  '/api/admin/users/1/nope',
  '/api/admin/audit/x',
];

/**
 * Issue 46 item 3: /api/admin/… does not exist for anyone but an admin. A visitor and a signed-in user who is
 * not one get, for every method, body and path there, registered or not, exactly what an unknown /api path
 * answers: the same status, headers and body (its path aside); a same-origin request always the 404, before
 * its body is read.
 */
describe.each(testDatabases)('admin routes hidden from everyone else (%s)', (kind) => {
  let t: TestApp;
  let user: SignedIn;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { ADMIN_EMAILS: ADMIN });
    user = await t.signIn('Una User');
    admin = await t.signIn('Ada Admin', ADMIN);
  });
  afterAll(() => t.close());

  function send(who: SignedIn | undefined, options: InjectOptions): Promise<LightMyRequestResponse> {
    return who ? who.browser.request(options) : t.app.inject(options);
  }

  /** What a client can see of an answer, its path written as the admin path's. */
  function seen(res: LightMyRequestResponse) {
    const { date: _date, ...headers } = res.headers;
    return { status: res.statusCode, headers, body: res.body.replaceAll(UNKNOWN_PREFIX, '/api/admin') };
  }

  it('answers every method, body and origin there as an unknown path, and 404 to every same-origin request', async () => {
    const differences: string[] = [];
    for (const path of [...REGISTERED, ...UNREGISTERED]) {
      for (const method of METHODS) {
        for (const body of method === 'GET' || method === 'HEAD' ? BODIES.slice(0, 1) : BODIES) {
          for (const origin of [true, false]) {
            for (const [who, asker] of [
              ['visitor', undefined],
              ['user', user],
            ] as const) {
              const options = (url: string): InjectOptions => ({
                method,
                url,
                headers: { ...(origin ? ORIGIN : {}), ...body.headers },
                ...(body.payload === undefined ? {} : { payload: body.payload }),
              });
              const hidden = seen(await send(asker, options(path)));
              const unknown = seen(await send(asker, options(path.replace('/api/admin', UNKNOWN_PREFIX))));
              const what = `${who} ${method} ${path} ${body.name}${origin ? '' : ' cross-origin'}`;
              try {
                expect(hidden).toEqual(unknown);
              } catch {
                differences.push(
                  `${what}: ${hidden.status} ${hidden.body} ≠ ${unknown.status} ${unknown.body}`,
                );
              }
              const sameOrigin = origin && body.name !== 'gzip';
              if (sameOrigin && hidden.status !== 404) differences.push(`${what}: ${hidden.status}`);
            }
          }
        }
      }
    }
    expect(differences).toEqual([]);
  }, 300_000);

  it('lists the admin routes in the API docs to admins alone', async () => {
    for (const [who, asker] of [
      ['visitor', undefined],
      ['user', user],
      ['admin', admin],
    ] as const) {
      for (const url of ['/api/docs/json', '/api/docs/yaml']) {
        const res = await send(asker, { method: 'GET', url });
        expect(res.statusCode, `${who} ${url}`).toBe(200);
        expect(res.body.includes('/api/admin'), `${who} ${url}`).toBe(who === 'admin');
      }
      const spec = (await send(asker, { method: 'GET', url: '/api/docs/json' })).json() as {
        paths: Record<string, Record<string, { tags?: string[] }>>;
      };
      const tagged = Object.values(spec.paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags));
      expect(tagged.includes('admin'), who).toBe(who === 'admin');
      // Everything else is listed alike for all.
      expect(Object.keys(spec.paths)).toEqual(
        expect.arrayContaining(['/api/referral-requests', '/api/user']),
      );
    }
  });

  it('lets an admin through to the routes themselves', async () => {
    expect((await admin.get('/api/admin/audit')).statusCode).toBe(200);
    const text = await admin.browser.request({
      method: 'POST',
      url: `/api/admin/users/${user.user.id}/suspend`,
      headers: { ...ORIGIN, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect((await admin.get('/api/admin/nope')).statusCode).toBe(404);
  });
});
