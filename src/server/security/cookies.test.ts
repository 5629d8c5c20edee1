import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createTestApp, type TestApp } from '../testing/test-app.js';

/**
 * Every cookie the sign-in sets, with its flags: never readable by script, never sent on a cross-site
 * sub-request, and over https never sent in clear text (with the __Host- prefix, which a subdomain
 * cannot overwrite).
 */

/** The Set-Cookie lines of a whole sign-in, by cookie name. */
async function signInCookies(t: TestApp): Promise<Map<string, string>> {
  const lines = new Map<string, string>();
  const browser = new Browser(t.app, t.config.publicUrl);
  const request = browser.request.bind(browser);
  browser.request = async (options) => {
    const res = await request(options);
    for (const line of [res.headers['set-cookie'] ?? []].flat()) {
      // The line that sets each cookie, not the one that later clears it.
      const [name, value] = line.slice(0, line.indexOf(';')).split('=');
      if (value && !lines.has(name!)) lines.set(name!, line);
    }
    return res;
  };
  await browser.signIn(`cookies-${Date.now()}@example.com`, 'Cookie Person');
  return lines;
}

const flags = (line: string) =>
  line
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase().split('=')[0]);

describe.each<{ label: string; env: Record<string, string>; secure: boolean; sid: string }>([
  { label: 'http://localhost', env: {}, secure: false, sid: 'sid' },
  {
    label: 'an https PUBLIC_URL',
    env: { PUBLIC_URL: 'https://referbridge.example' },
    secure: true,
    sid: '__Host-sid',
  },
])('cookie flags over $label', ({ env, secure, sid }) => {
  let t: TestApp;
  let cookies: Map<string, string>;
  beforeAll(async () => {
    t = await createTestApp('pglite', {}, env);
    cookies = await signInCookies(t);
  });
  afterAll(() => t.close());

  it(`sets the session as ${sid}: HttpOnly, SameSite=Lax, Path=/, ${secure ? 'Secure' : 'not Secure on http'}`, () => {
    const line = cookies.get(sid);
    expect(line, [...cookies.keys()].join(', ')).toBeDefined();
    const set = flags(line!);
    expect(set).toContain('httponly');
    expect(line).toMatch(/;\s*SameSite=Lax/i);
    expect(line).toMatch(/;\s*Path=\/(;|$)/);
    expect(line).not.toMatch(/;\s*Domain=/i);
    expect(set.includes('secure')).toBe(secure);
  });

  it('marks every other cookie of the sign-in HttpOnly, SameSite and Secure alike', () => {
    expect(cookies.size).toBeGreaterThan(1);
    for (const [name, line] of cookies) {
      const set = flags(line);
      expect(set, name).toContain('httponly');
      expect(set, name).toContain('samesite');
      expect(set.includes('secure'), name).toBe(secure);
    }
  });
});
