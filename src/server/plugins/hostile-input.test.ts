import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthStatusSchema } from '../../shared/auth.js';
import { Browser, ORIGIN, createTestApp, testDatabases, type TestApp } from '../testing/test-app.js';

/**
 * Every documented route, every method, with hostile path segments, query strings, bodies and cookies:
 * the answer is a 2xx/3xx or a 4xx with a sentence, never a 500.
 */
const SEGMENTS = [
  '%00',
  '%F0%9F%92%A9',
  '%ED%A0%80',
  '-1',
  '1e309',
  '9'.repeat(30),
  '..%2F..',
  "'%20or%201=1--",
];
const QUERIES = [
  '?limit=%00',
  '?limit=-1&before=1e309',
  '?before=%ED%A0%80',
  '?url=%00',
  '?url=javascript:alert(1)',
  '?url=http://%00',
  `?url=${'a'.repeat(5000)}`,
  '?q=%F0',
  '?limit[]=1&limit[]=2',
  '?__proto__[x]=1',
];
const BODIES = [
  '{',
  '[]',
  'null',
  '"\\u0000"',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  `{"a":"${'x'.repeat(200_000)}"}`,
  '{"companyName":"\\u0000","title":"\\ud800","name":"\\udfff","isCompleted":"yes"}',
  '{"companyName":123,"title":[],"name":{},"startDate":"2020-13-45","endDate":"-271821-04-20"}',
  '{"startDate":"+275760-09-13T00:00:00.001Z","category":"navigation","action":"x","details":[]}',
];

describe.each(testDatabases)('hostile input at every route (%s)', (kind) => {
  let t: TestApp;
  let browser: Browser;
  let routes: [string, string][];
  beforeAll(async () => {
    t = await createTestApp(kind);
    browser = new Browser(t.app);
    await browser.signIn('hostile@example.com', 'Hostile');
    AuthStatusSchema.parse((await browser.request({ method: 'GET', url: '/auth/status' })).json());
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    routes = Object.entries(spec.paths)
      // The notification stream never ends by design, so inject would wait forever; its own tests
      // (features/notifications/stream.test.ts) cover visitors and bad sessions over real HTTP.
      .filter(([route]) => route !== '/api/notifications/stream')
      .flatMap(([route, methods]) =>
        Object.keys(methods).map((method): [string, string] => [method.toUpperCase(), route]),
      );
  });
  afterAll(async () => {
    await t.close();
  });

  function expectNo500(what: string, res: { statusCode: number; body: string }) {
    expect(res.statusCode, `${what} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
    if (res.statusCode >= 400)
      expect(JSON.parse(res.body), what).toEqual(expect.objectContaining({ error: expect.any(String) }));
  }

  it('finds the routes to probe', () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it('answers hostile path segments and query strings', async () => {
    for (const [method, route] of routes) {
      if (method === 'POST' && route === '/auth/logout') continue;
      if (method === 'POST' && route === '/auth/logout-all') continue;
      for (const segment of SEGMENTS) {
        const url = route.replace(/\{[^}]+\}/g, segment);
        for (const query of route.includes('{') ? [''] : QUERIES) {
          const res = await browser.request({
            method: method as 'GET',
            url: url + query,
            headers: { ...ORIGIN, 'content-type': 'application/json' },
            payload: method === 'GET' || method === 'DELETE' ? undefined : '{}',
          });
          expectNo500(`${method} ${url}${query}`, res);
        }
        if (!route.includes('{')) break;
      }
    }
  });

  it('answers hostile JSON bodies', async () => {
    for (const [method, route] of routes) {
      if (method === 'GET' || method === 'DELETE') continue;
      if (route === '/auth/logout' || route === '/auth/logout-all') continue;
      const url = route.replace(/\{[^}]+\}/g, '1');
      for (const payload of BODIES) {
        const res = await browser.request({
          method: method as 'POST',
          url,
          headers: { ...ORIGIN, 'content-type': 'application/json' },
          payload,
        });
        expectNo500(`${method} ${url} ${payload.slice(0, 80)}`, res);
      }
    }
  });

  it('answers hostile cookies and headers', async () => {
    for (const cookie of ['sid=%00', `sid=${'x'.repeat(8000)}`, 'sid=%ED%A0%80', 'sid', '=;;=']) {
      const res = await t.app.inject({ method: 'GET', url: '/auth/status', headers: { cookie } });
      expectNo500(`cookie ${cookie.slice(0, 20)}`, res);
    }
    for (const headers of [
      { 'content-type': 'application/json; charset=utf-16' },
      { 'content-type': 'application/json', 'content-length': '5' },
      { 'content-type': 'multipart/form-data; boundary=' },
      { 'content-type': 'application/x-www-form-urlencoded' },
    ]) {
      const res = await browser.request({
        method: 'POST',
        url: '/api/user/experiences',
        headers: { ...ORIGIN, ...headers },
        payload: '{"title":"x"}',
      });
      expectNo500(`headers ${JSON.stringify(headers)}`, res);
    }
  });
});
