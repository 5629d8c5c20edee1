import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, ORIGIN, createTestApp, testDatabases, type TestApp } from '../../testing/test-app.js';

const JSON_TYPE = { 'content-type': 'application/json' };

describe.each(testDatabases)('sign out everywhere (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  async function signedIn(email: string): Promise<Browser> {
    const browser = new Browser(t.app);
    await browser.signIn(email, 'Everywhere Person');
    return browser;
  }
  const isSignedIn = async (browser: Browser) =>
    (await browser.request({ method: 'GET', url: '/auth/status' })).json<{ isAuthenticated: boolean }>()
      .isAuthenticated;

  it("ends every session of the user, in every browser, and no one else's", async () => {
    const laptop = await signedIn('everywhere@example.com');
    const phone = await signedIn('everywhere@example.com');
    const someoneElse = await signedIn('someone-else@example.com');
    expect([await isSignedIn(laptop), await isSignedIn(phone), await isSignedIn(someoneElse)]).toEqual([
      true,
      true,
      true,
    ]);

    const res = await laptop.request({
      method: 'POST',
      url: '/auth/logout-all',
      headers: { ...ORIGIN, ...JSON_TYPE },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(laptop.cookies.has('sid')).toBe(false);

    expect(await isSignedIn(laptop)).toBe(false);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(someoneElse)).toBe(true);
  });

  it('answers 401 when nobody is signed in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/logout-all',
      headers: { ...ORIGIN, ...JSON_TYPE },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });

  it('has the same guards as /auth/logout: our origin, JSON only', async () => {
    const browser = await signedIn('guarded@example.com');
    const foreign = await browser.request({
      method: 'POST',
      url: '/auth/logout-all',
      headers: { origin: 'https://evil.example', ...JSON_TYPE },
    });
    expect(foreign.statusCode).toBe(403);
    const form = await browser.request({
      method: 'POST',
      url: '/auth/logout-all',
      headers: { ...ORIGIN, 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(form.statusCode).toBe(415);
    expect(await isSignedIn(browser)).toBe(true);
  });
});
