import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthStatusSchema } from '../../shared/auth.js';
import { heldAnnouncements } from '../testing/held-announcements.js';
import { Browser, createTestApp, testDatabases, type TestApp } from '../testing/test-app.js';

/**
 * Session fixation: whatever session id a browser carries before it signs in (one an attacker planted,
 * someone else's live session, or the sign-in's own state cookie) is never the one that becomes
 * authenticated. Signing in issues a new id, and the old one answers 401 from then on.
 */

/** A read that needs a session: 200 with one, 401 without. */
const PROTECTED = '/api/notifications/unread-count';

describe.each(testDatabases)('session rotation at sign-in (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const email = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;

  /** A request carrying only this session id, as an attacker holding it would send it. */
  const withSid = (sid: string, url = PROTECTED) => t.app.inject({ method: 'GET', url, cookies: { sid } });

  async function statusOf(sid: string) {
    return AuthStatusSchema.parse((await withSid(sid, '/auth/status')).json());
  }

  /** Every cookie value the browser holds just before it signs in, watched through the whole flow. */
  async function signInWatchingCookies(browser: Browser, address: string) {
    const seen = new Set<string>();
    const request = browser.request.bind(browser);
    browser.request = async (options) => {
      for (const value of browser.cookies.values()) seen.add(value);
      const res = await request(options);
      return res;
    };
    await browser.signIn(address, 'Rotated');
    browser.request = request;
    return seen;
  }

  it('never authenticates a session id planted before sign-in', async () => {
    const planted = randomBytes(32).toString('base64url');
    const browser = new Browser(t.app);
    browser.cookies.set('sid', planted);
    expect((await withSid(planted)).statusCode).toBe(401);

    await browser.signIn(email('planted'), 'Planted');
    const issued = browser.cookies.get('sid')!;
    expect(issued).toBeDefined();
    expect(issued).not.toBe(planted);
    expect((await withSid(issued)).statusCode).toBe(200);

    const refused = await withSid(planted);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'Please sign in to continue.' });
    expect(await statusOf(planted)).toMatchObject({ isAuthenticated: false, user: null });
  });

  it("ends another user's live session held by the browser, and never hands it the new identity", async () => {
    // Login fixation the other way round: the attacker leaves their own signed-in cookie in a shared browser.
    const attacker = new Browser(t.app);
    await attacker.signIn(email('attacker'), 'Attacker');
    const attackerSid = attacker.cookies.get('sid')!;
    expect((await statusOf(attackerSid)).user?.fullName).toBe('Attacker');

    const victim = new Browser(t.app);
    victim.cookies.set('sid', attackerSid);
    const victimEmail = email('victim');
    await victim.signIn(victimEmail, 'Victim');
    // At once: on this instance the old session is over when the sign-in answers, not only once the
    // database's announcement of its end comes back (on PostgreSQL, over a connection of its own).
    expect(await statusOf(attackerSid)).toMatchObject({ isAuthenticated: false, user: null });
    const victimSid = victim.cookies.get('sid')!;
    expect(victimSid).not.toBe(attackerSid);
    expect((await statusOf(victimSid)).user).toMatchObject({ email: victimEmail, fullName: 'Victim' });

    // The attacker's copy neither became the victim nor stays signed in anywhere.
    expect((await withSid(attackerSid)).statusCode).toBe(401);
    expect(await statusOf(attackerSid)).toMatchObject({ isAuthenticated: false, user: null });
  });

  it('ends the previous session on this instance before the database announces it', async () => {
    // What this instance keeps of the signed-in user is dropped by its own sign-in, not by the announcement
    // of the session's end (on PostgreSQL a late one let /auth/status answer the ended session: seen in CI).
    const announcements = heldAnnouncements();
    const late = await createTestApp(kind, { wrapListen: announcements.wrap });
    try {
      const attacker = new Browser(late.app);
      await attacker.signIn(email('attacker'), 'Attacker');
      const attackerSid = attacker.cookies.get('sid')!;
      const status = async (sid: string) =>
        AuthStatusSchema.parse(
          (await late.app.inject({ method: 'GET', url: '/auth/status', cookies: { sid } })).json(),
        );
      expect((await status(attackerSid)).user?.fullName).toBe('Attacker');

      announcements.hold();
      const victim = new Browser(late.app);
      victim.cookies.set('sid', attackerSid);
      await victim.signIn(email('victim'), 'Victim');
      expect(await status(attackerSid)).toMatchObject({ isAuthenticated: false, user: null });
      expect((await status(victim.cookies.get('sid')!)).user?.fullName).toBe('Victim');
      announcements.release();
    } finally {
      await late.close();
    }
  });

  it('issues a new id when the same user signs in again, and the previous one answers 401', async () => {
    const browser = new Browser(t.app);
    const address = email('again');
    await browser.signIn(address, 'Again');
    const first = browser.cookies.get('sid')!;
    await browser.signIn(address, 'Again');
    const second = browser.cookies.get('sid')!;
    expect(second).not.toBe(first);
    expect((await withSid(second)).statusCode).toBe(200);
    expect((await withSid(first)).statusCode).toBe(401);
  });

  it('never turns a cookie of the sign-in itself (its state, the provider’s) into the session id', async () => {
    const browser = new Browser(t.app);
    const seen = await signInWatchingCookies(browser, email('state-cookie'));
    expect(seen.size).toBeGreaterThan(0);
    const issued = browser.cookies.get('sid')!;
    expect(seen.has(issued)).toBe(false);
    for (const value of seen) {
      if (value === issued) continue;
      expect((await withSid(value)).statusCode, value.slice(0, 20)).toBe(401);
    }
  });

  it('keeps a session that was never presented to the sign-in (another browser of the same user) alive', async () => {
    // Rotation ends the session the signing-in browser held, not every session of the user.
    const address = email('two-browsers');
    const laptop = new Browser(t.app);
    await laptop.signIn(address, 'Two Browsers');
    const phone = new Browser(t.app);
    await phone.signIn(address, 'Two Browsers');
    expect((await withSid(laptop.cookies.get('sid')!)).statusCode).toBe(200);
    expect((await withSid(phone.cookies.get('sid')!)).statusCode).toBe(200);
  });
});
