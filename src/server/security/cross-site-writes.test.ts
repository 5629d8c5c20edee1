import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, dbDigest } from '../testing/db-digest.js';
import {
  createTestApp,
  PUBLIC_URL,
  testDatabases,
  type SignedIn,
  type TestApp,
} from '../testing/test-app.js';

/**
 * Cookies ride along on cross-site requests, so every write the app has must be refused when it does not
 * come from our own pages, whatever the route, the body type or the way the foreign origin is dressed up,
 * and the refusal must leave the database as it was.
 */

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Origins that are not ours, however close they look to `http://localhost:3999`. */
const FOREIGN_ORIGINS = [
  'https://evil.example',
  'http://localhost:3999.evil.example',
  'http://localhost:39990',
  'http://localhost:399',
  'http://localhost:3999@evil.example',
  'http://evil.example@localhost:3999',
  'http://localhost:3999/.evil.example',
  'http://localhost:3999/',
  'https://localhost:3999',
  'http://localhost',
  'http://127.0.0.1:3999',
  'http://LOCALHOST:3999',
  'HTTP://localhost:3999',
  'http://localhost:3999 ',
  ' http://localhost:3999',
  'http://localhost:3999, https://evil.example',
  'http://sub.localhost:3999',
  'null',
  '',
  'localhost:3999',
];

interface Attempt {
  label: string;
  headers: Record<string, string>;
  payload?: string;
}

const JSON_BODY = { 'content-type': 'application/json' };

function attempts(originOptional: boolean): Attempt[] {
  const list: Attempt[] = FOREIGN_ORIGINS.map((origin) => ({
    label: `Origin: ${JSON.stringify(origin)}`,
    headers: { ...JSON_BODY, origin },
    payload: '{}',
  }));
  list.push(
    {
      label: 'a foreign Referer without Origin',
      headers: { ...JSON_BODY, referer: 'https://evil.example/page' },
      payload: '{}',
    },
    {
      label: 'Origin null with our Referer',
      headers: { ...JSON_BODY, origin: 'null', referer: `${PUBLIC_URL}/dashboard` },
      payload: '{}',
    },
    {
      label: 'Sec-Fetch-Site: cross-site with our Origin',
      headers: { ...JSON_BODY, origin: PUBLIC_URL, 'sec-fetch-site': 'cross-site' },
      payload: '{}',
    },
    {
      label: 'Sec-Fetch-Site: same-site with our Origin',
      headers: { ...JSON_BODY, origin: PUBLIC_URL, 'sec-fetch-site': 'same-site' },
      payload: '{}',
    },
    {
      label: 'a text/plain body from a foreign form',
      headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
      payload: '{"jobUrl":"https://example.com"}',
    },
    {
      label: 'a urlencoded body from a foreign form',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: 'a=1',
    },
    {
      label: 'a multipart body from a foreign form',
      headers: { 'content-type': 'multipart/form-data; boundary=x', origin: 'https://evil.example' },
      payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
    },
  );
  // Our server-side relying party and mail clients' one-click unsubscribe send no Origin at all; every
  // other write needs one.
  if (!originOptional) {
    list.push({ label: 'no Origin and no Referer', headers: JSON_BODY, payload: '{}' });
  }
  return list;
}

/** A concrete URL for a route: every parameter gets a value that would exist in a small database. */
function concreteUrl(url: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => (/token/i.test(name) ? 'some-token' : '1'));
}

describe.each(testDatabases)('cross-site writes are refused on every route (%s)', (kind) => {
  let t: TestApp;
  let user: SignedIn;
  const routes: { method: string; url: string; originOptional: boolean }[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, {
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) {
          if (!WRITES.has(method)) continue;
          routes.push({
            method,
            url: route.url,
            originOptional: Boolean(route.config?.originOptional),
          });
        }
      },
    });
    user = await t.signIn('Cross Site Target');
    // Something of the user's own that a forged write could change.
    expect(
      (await user.post('/api/user/skills', { skill: 'TypeScript' })).statusCode,
      'the setup can write with our Origin',
    ).toBeLessThan(300);
  });
  afterAll(() => t.close());

  it('learns the write routes from the app', () => {
    expect(routes.length).toBeGreaterThan(15);
    expect(routes).toContainEqual({ method: 'DELETE', url: '/api/user/skills/:id', originOptional: false });
  });

  it('refuses every forged write with 403 and a sentence, and nothing changes', async () => {
    const before = await dbDigest(t.database.db);
    const accepted: string[] = [];
    for (const route of routes) {
      for (const attempt of attempts(route.originOptional)) {
        const res = await user.browser.request({
          method: route.method as 'POST',
          url: concreteUrl(route.url),
          headers: attempt.headers,
          ...(attempt.payload === undefined ? {} : { payload: attempt.payload }),
        });
        if (res.statusCode !== 403) {
          accepted.push(`${route.method} ${route.url} with ${attempt.label}: ${res.statusCode}`);
        } else {
          expect(res.json().error).toBe('Cross-origin requests are not allowed.');
        }
      }
    }
    expect(accepted).toEqual([]);
    expect(changedTables(before, await dbDigest(t.database.db))).toEqual([]);
  });

  it('still accepts our own Origin, and a same-origin Referer when a browser sends no Origin', async () => {
    const own = await user.post('/api/user/skills', { skill: 'Rust' });
    expect(own.statusCode).toBeLessThan(300);
    const byReferer = await user.browser.request({
      method: 'POST',
      url: '/api/user/skills',
      headers: { ...JSON_BODY, referer: `${PUBLIC_URL}/profile/edit` },
      payload: JSON.stringify({ skill: 'Go' }),
    });
    expect(byReferer.statusCode).toBeLessThan(300);
  });
});
