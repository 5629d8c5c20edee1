import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthStatusSchema } from '../../../shared/auth.js';
import { Browser, ORIGIN, createTestApp, testDatabases, type TestApp } from '../../testing/test-app.js';

describe.each(testDatabases)('sign-in over OpenID Connect (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  async function status(browser: Browser) {
    const res = await browser.request({ method: 'GET', url: '/auth/status' });
    expect(res.statusCode).toBe(200);
    return AuthStatusSchema.parse(res.json());
  }

  it('reports a visitor as not authenticated', async () => {
    expect(await status(new Browser(t.app))).toEqual({ isAuthenticated: false, user: null, isAdmin: false });
  });

  it('signs a new user in through the popup and tells the opener on our origin only', async () => {
    const browser = new Browser(t.app);
    const done = await browser.signIn('ada@example.com', 'ada lovelace');
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(
      `postMessage({ type: "AUTH_SUCCESS", newAccount: true }, "http://localhost:3999")`,
    );
    expect(done.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    const sid = done.cookies.find((c) => c.name === 'sid');
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const s = await status(browser);
    expect(s.isAuthenticated).toBe(true);
    expect(s.user).toMatchObject({
      email: 'ada@example.com',
      fullName: 'ada lovelace',
      role: 'job_seeker',
      profileCompleted: false,
      currentCompanyName: null,
      willingToGiveReferrals: false,
    });
  });

  it('says a new account is new, once, and a returning one is not (issue 46 item 9)', async () => {
    const browser = new Browser(t.app);
    await browser.signIn('nia@example.com', 'Nia New');
    const first = await status(browser);
    expect(first).toMatchObject({ isAuthenticated: true, isNewAccount: true });
    // Said once: a later read (another tab, a refetch) does not welcome them again.
    expect((await status(browser)).isNewAccount).toBeUndefined();

    const again = await browser.signIn('nia@example.com', 'Nia New');
    expect(again.body).toContain(`postMessage({ type: "AUTH_SUCCESS" }, "http://localhost:3999")`);
    expect((await status(browser)).isNewAccount).toBeUndefined();

    // A cookie the server did not sign says nothing.
    const forged = await t.app.inject({
      method: 'GET',
      url: '/auth/status',
      cookies: { sid: browser.cookies.get('sid')!, auth_new_account: '1' },
    });
    expect(forged.json()).not.toHaveProperty('isNewAccount');
  });

  it('finds the same user again by identity and rotates the session token', async () => {
    const browser = new Browser(t.app);
    await browser.signIn('grace@example.com', 'Grace Hopper');
    const first = await status(browser);
    const oldSid = browser.cookies.get('sid')!;

    await browser.signIn('grace@example.com', 'Grace Hopper');
    const second = await status(browser);
    expect(second.user!.id).toBe(first.user!.id);
    expect(browser.cookies.get('sid')).not.toBe(oldSid);

    const replay = await t.app.inject({ method: 'GET', url: '/auth/status', cookies: { sid: oldSid } });
    expect(replay.json()).toMatchObject({ isAuthenticated: false });
  });

  it('signs out, and the old cookie replayed afterwards is refused', async () => {
    const browser = new Browser(t.app);
    await browser.signIn('alan@example.com', 'Alan Turing');
    const sid = browser.cookies.get('sid')!;
    const out = await browser.request({
      method: 'POST',
      url: '/auth/logout',
      headers: { ...ORIGIN, 'content-type': 'application/json' },
    });
    expect(out.statusCode).toBe(200);
    expect(await status(browser)).toMatchObject({ isAuthenticated: false });

    const replay = await t.app.inject({ method: 'GET', url: '/auth/status', cookies: { sid } });
    expect(replay.json()).toMatchObject({ isAuthenticated: false, user: null });
    const replayWrite = await t.app.inject({
      method: 'PUT',
      url: '/api/users/1/profile-status',
      cookies: { sid },
      headers: ORIGIN,
      payload: { isCompleted: true },
    });
    expect(replayWrite.statusCode).toBe(401);
    expect(replayWrite.json()).toEqual({ error: 'Please sign in to continue.' });
  });

  it('makes no session when the callback carries a wrong state, and reports the error once', async () => {
    const browser = new Browser(t.app);
    const start = await browser.request({ method: 'GET', url: '/auth/google' });
    expect(start.statusCode).toBe(302);
    const authUrl = new URL(String(start.headers.location));
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('nonce')).toBeTruthy();

    const res = await browser.request({
      method: 'GET',
      url: '/auth/google/callback?code=forged&state=wrong',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('AUTH_SUCCESS');
    expect(browser.cookies.has('sid')).toBe(false);

    const s = await status(browser);
    expect(s.isAuthenticated).toBe(false);
    expect(s.error).toBe('Sign-in did not complete. Please try again.');
    expect((await status(browser)).error).toBeUndefined();
  });

  it('makes no session when the callback arrives without a flow started in this browser', async () => {
    const victim = new Browser(t.app);
    const attacker = new Browser(t.app);
    // The attacker starts a flow and completes the provider's form, then hands the callback URL to a victim.
    await attacker.request({ method: 'GET', url: '/auth/google' });
    const res = await victim.request({ method: 'GET', url: '/auth/google/callback?code=x&state=y' });
    expect(res.body).not.toContain('AUTH_SUCCESS');
    expect(victim.cookies.has('sid')).toBe(false);
  });

  it('refuses a logout from another origin', async () => {
    const browser = new Browser(t.app);
    await browser.signIn('eve@example.com', 'Eve');
    const res = await browser.request({
      method: 'POST',
      url: '/auth/logout',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Cross-origin requests are not allowed.' });
    expect(await status(browser)).toMatchObject({ isAuthenticated: true });
  });

  it('answers unknown API and auth paths with JSON 404', async () => {
    for (const url of ['/api/nope', '/auth/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toHaveProperty('error');
    }
  });
});
