import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSettingsSchema, todayIn } from '../../../shared/settings.js';
import { users } from '../../db/schema.js';
import {
  ORIGIN,
  PUBLIC_URL,
  createTestApp,
  testDatabases,
  type SignedIn,
  type TestApp,
} from '../../testing/test-app.js';
import { notificationTime } from '../../../shared/notifications.js';
import { mailNotifications, mailTime } from './notification-mail.js';
import { createUnsubscribeToken } from './unsubscribe-token.js';

/** Issue 50 item 4's settings as they start: the employer shown, no personal address. */
const EMPLOYER_DEFAULTS = {
  showCurrentEmployer: true,
  notificationEmail: null,
  notificationEmailPending: null,
};
/** A user who never set a monthly cap or a pause (issue 25 item 9), nor anything of issue 50 item 4. */
const NO_LIMITS = { monthlyReferralCap: null, referralsPausedUntil: null, ...EMPLOYER_DEFAULTS };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const ONE_CLICK = 'List-Unsubscribe=One-Click';

describe.each(testDatabases)('mail settings and unsubscribe (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const settings = async (who: SignedIn) => {
    const res = await who.get('/api/user/settings');
    expect(res.statusCode, res.body).toBe(200);
    return UserSettingsSchema.parse(res.json());
  };
  /** The token from the user's welcome mail's List-Unsubscribe header, as a mail client reads it. */
  const tokenFromMail = async (who: SignedIn) => {
    const res = await t.app.inject({ url: `/dev-mail/messages?to=${encodeURIComponent(who.user.email)}` });
    const [mail] = res.json<{ text: string }[]>();
    const url = /http\S+\/mail\/unsubscribe\?token=(\S+)/.exec(mail!.text);
    return decodeURIComponent(url![1]!);
  };
  const oneClick = (token: string, headers: Record<string, string> = {}, payload = ONE_CLICK) =>
    t.app.inject({
      method: 'POST',
      url: `/mail/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { ...FORM, ...headers },
      payload,
    });

  it('reads and changes email notifications (on by default)', async () => {
    const who = await t.signIn();
    expect(await settings(who)).toEqual({ emailNotifications: true, timeZone: null, ...NO_LIMITS });
    const off = await who.put('/api/user/settings', { emailNotifications: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ emailNotifications: false, timeZone: null, ...NO_LIMITS });
    expect(await settings(who)).toEqual({ emailNotifications: false, timeZone: null, ...NO_LIMITS });
    expect((await who.put('/api/user/settings', { emailNotifications: true })).json()).toEqual({
      emailNotifications: true,
      timeZone: null,
      ...NO_LIMITS,
    });
    expect(off.headers['cache-control']).toBe('no-store');
  });

  it('answers visitors with 401 and bad bodies with 400', async () => {
    expect((await t.app.inject({ url: '/api/user/settings' })).statusCode).toBe(401);
    const visitorPut = await t.app.inject({
      method: 'PUT',
      url: '/api/user/settings',
      headers: { ...ORIGIN, 'content-type': 'application/json' },
      payload: '{"emailNotifications":"nope"}',
    });
    expect(visitorPut.statusCode).toBe(401);
    const who = await t.signIn();
    for (const body of [
      {},
      { emailNotifications: 'false' },
      { emailNotifications: false, extra: 1 },
      [],
      { timeZone: 'Mars/Olympus' },
      { timeZone: 'Europe/Berlin\r\nX: y' },
      { timeZone: 7 },
    ]) {
      const res = await who.put('/api/user/settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
    expect(await settings(who)).toEqual({ emailNotifications: true, timeZone: null, ...NO_LIMITS });
  });

  it('takes a monthly cap and a pause, and takes its own GET answer back unchanged', async () => {
    const who = await t.signIn();
    const saved = await who.put('/api/user/settings', {
      monthlyReferralCap: 5,
      referralsPausedUntil: '2031-03-01',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = {
      emailNotifications: true,
      timeZone: null,
      monthlyReferralCap: 5,
      referralsPausedUntil: '2031-03-01',
      ...EMPLOYER_DEFAULTS,
    };
    expect(saved.json()).toEqual(answer);
    // The round trip: GET's answer goes back as it is, and nothing changes.
    const got = await who.get('/api/user/settings');
    expect(Object.keys(got.json()).sort()).toEqual(Object.keys(answer).sort());
    const back = await who.put('/api/user/settings', got.json());
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toEqual(answer);
    expect(await settings(who)).toEqual(answer);
    // With a time zone too, and nulls clearing the cap and the pause.
    await who.put('/api/user/settings', { timeZone: 'Europe/Berlin' });
    const zoned = (await who.get('/api/user/settings')).json();
    expect((await who.put('/api/user/settings', zoned)).json()).toEqual({
      ...answer,
      timeZone: 'Europe/Berlin',
    });
    const cleared = await who.put('/api/user/settings', {
      monthlyReferralCap: null,
      referralsPausedUntil: null,
    });
    expect(cleared.json()).toEqual({ emailNotifications: true, timeZone: 'Europe/Berlin', ...NO_LIMITS });
    // Leaving a field out keeps it: only the cap changes here.
    await who.put('/api/user/settings', { referralsPausedUntil: '2031-04-01' });
    expect((await who.put('/api/user/settings', { monthlyReferralCap: 100 })).json()).toMatchObject({
      monthlyReferralCap: 100,
      referralsPausedUntil: '2031-04-01',
    });
  });

  it('refuses a cap outside 1–100, a fraction and a date that is not one, with a sentence', async () => {
    const who = await t.signIn();
    await who.put('/api/user/settings', { monthlyReferralCap: 7 });
    for (const body of [
      { monthlyReferralCap: 0 },
      { monthlyReferralCap: 101 },
      { monthlyReferralCap: 1.5 },
      { monthlyReferralCap: -3 },
      { monthlyReferralCap: '5' },
      { referralsPausedUntil: '2031-02-30' },
      { referralsPausedUntil: '31/01/2031' },
      { referralsPausedUntil: '2031-1-5' },
      { referralsPausedUntil: '2031-01-05T00:00:00Z' },
      { referralsPausedUntil: 20310105 },
      { referralsPausedUntil: '' },
    ]) {
      const res = await who.put('/api/user/settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error, JSON.stringify(body)).toMatch(/^[A-Z].*\.$/);
    }
    const capBody = { monthlyReferralCap: 101 };
    expect((await who.put('/api/user/settings', capBody)).json().error).toBe(
      'The monthly cap must be a whole number from 1 to 100; leave it empty for no cap.',
    );
    expect((await who.put('/api/user/settings', { referralsPausedUntil: '2031-02-30' })).json().error).toBe(
      'The pause must end on a date written as YYYY-MM-DD; leave it empty for no pause.',
    );
    expect(await settings(who)).toMatchObject({ monthlyReferralCap: 7, referralsPausedUntil: null });
  });

  it('refuses a pause that would end on a day gone by, in the zone it is read in (issue 46 item 9)', async () => {
    const who = await t.signIn();
    await who.put('/api/user/settings', { timeZone: 'Europe/Berlin', referralsPausedUntil: '2099-01-01' });
    const today = todayIn('Europe/Berlin');
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    for (const past of ['2020-01-01', yesterday]) {
      const res = await who.put('/api/user/settings', { referralsPausedUntil: past });
      expect(res.statusCode, past).toBe(400);
      expect(res.json().error).toBe(
        `The pause must end today or later (today is ${today} in your time zone); leave it empty for no pause.`,
      );
    }
    // Refused, nothing changed; today and later are fine.
    expect(await settings(who)).toMatchObject({ referralsPausedUntil: '2099-01-01' });
    expect((await who.put('/api/user/settings', { referralsPausedUntil: today })).statusCode).toBe(200);
    // A zone sent along is the one the date is read in.
    const tokyoToday = todayIn('Asia/Tokyo');
    const res = await who.put('/api/user/settings', {
      timeZone: 'Asia/Tokyo',
      referralsPausedUntil: '2020-01-01',
    });
    expect(res.json().error).toContain(`today is ${tokyoToday}`);
  });

  it("keeps the browser's time zone apart from the mail setting, and writes mail times in it with the offset", async () => {
    const who = await t.signIn();
    const saved = await who.put('/api/user/settings', { timeZone: 'asia/tokyo' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ emailNotifications: true, timeZone: 'Asia/Tokyo', ...NO_LIMITS });
    expect((await who.put('/api/user/settings', { emailNotifications: false })).json()).toEqual({
      emailNotifications: false,
      timeZone: 'Asia/Tokyo',
      ...NO_LIMITS,
    });
    await who.put('/api/user/settings', { emailNotifications: true });

    const deadline = new Date('2026-11-26T12:26:00Z');
    const notice = {
      title: 'Reminder',
      message: `Answer by ${notificationTime(deadline)}.`,
      type: 'referral_reminder',
      link: null,
    };
    await t.database.db.transaction((tx) =>
      mailNotifications({ publicUrl: PUBLIC_URL, secret: t.config.sessionSecret })(tx, {
        userId: who.user.id,
        notification: notice,
      }),
    );
    const inbox = await t.app.inject({ url: `/dev-mail/messages?to=${encodeURIComponent(who.user.email)}` });
    const [mail] = inbox.json<{ text: string; html: string }[]>();
    expect(mail!.text).toContain('Answer by Nov 26, 2026, 9:26 PM GMT+9.');
    expect(mail!.html).toContain('Answer by Nov 26, 2026, 9:26 PM GMT+9.');
  });

  it('writes mail times in UTC, saying so, when the zone is not known', () => {
    expect(mailTime(new Date('2026-11-26T12:26:00Z'), null)).toBe('Nov 26, 2026, 12:26 PM UTC');
    expect(mailTime(new Date('2026-07-01T12:00:00Z'), 'Europe/Berlin')).toBe('Jul 1, 2026, 2:00 PM GMT+2');
    expect(mailTime(new Date('2026-07-01T12:00:00Z'), 'Not/AZone')).toBe('Jul 1, 2026, 12:00 PM UTC');
  });

  it('unsubscribes with the link from the mail: GET shows a button, its POST turns mail off', async () => {
    const who = await t.signIn();
    const token = await tokenFromMail(who);
    const page = await t.app.inject({ url: `/mail/unsubscribe?token=${encodeURIComponent(token)}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<form method="post"');
    expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
    // Following the link (as mail scanners do) changes nothing.
    expect(await settings(who)).toMatchObject({ emailNotifications: true });

    // The page's own button: same origin.
    const res = await oneClick(token, { origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('unsubscribed');
    expect(await settings(who)).toMatchObject({ emailNotifications: false });
  });

  it('takes the RFC 8058 one-click POST with no Origin', async () => {
    const who = await t.signIn();
    const res = await oneClick(await tokenFromMail(who));
    expect(res.statusCode, res.body).toBe(200);
    expect(await settings(who)).toMatchObject({ emailNotifications: false });
    // Again: still fine.
    expect((await oneClick(await tokenFromMail(who))).statusCode).toBe(200);
  });

  it('refuses forged tokens and other users’ ids (400), and deleted accounts (404), changing nothing', async () => {
    const victim = await t.signIn();
    const attacker = await t.signIn();
    const mine = await tokenFromMail(attacker);
    const signature = mine.split('.')[1]!;
    const forged = [
      `${victim.user.id}.${signature}`,
      createUnsubscribeToken('another-secret-that-is-long-enough!!', victim.user.id),
      `${victim.user.id}`,
      'garbage',
      `${victim.user.id}.${'A'.repeat(43)}`,
    ];
    for (const token of forged) {
      expect((await oneClick(token)).statusCode, token).toBe(400);
      const page = await t.app.inject({ url: `/mail/unsubscribe?token=${encodeURIComponent(token)}` });
      expect(page.statusCode, token).toBe(400);
      expect(page.body).toContain('not valid');
    }
    expect(await settings(victim)).toMatchObject({ emailNotifications: true });

    const ghost = createUnsubscribeToken(t.config.sessionSecret, 2_000_000_000);
    expect((await oneClick(ghost)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/mail/unsubscribe?token=${ghost}` })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/mail/unsubscribe', headers: FORM, payload: ONE_CLICK }))
        .statusCode,
    ).toBe(400);
  });

  it('keeps the Origin rule for a foreign origin, and needs the one-click body', async () => {
    const who = await t.signIn();
    const token = await tokenFromMail(who);
    expect((await oneClick(token, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await oneClick(token, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await oneClick(token, {}, 'List-Unsubscribe=Nope')).statusCode).toBe(400);
    expect((await oneClick(token, { 'content-type': 'text/plain' })).statusCode).toBe(415);
    expect(await settings(who)).toMatchObject({ emailNotifications: true });
  });

  it('takes form bodies and no-Origin writes on that route only', async () => {
    const who = await t.signIn();
    const noOrigin = await who.browser.request({
      method: 'PUT',
      url: '/api/user/settings',
      headers: { 'content-type': 'application/json' },
      payload: '{"emailNotifications":false}',
    });
    expect(noOrigin.statusCode).toBe(403);
    const form = await who.browser.request({
      method: 'PUT',
      url: '/api/user/settings',
      headers: { ...ORIGIN, ...FORM },
      payload: 'emailNotifications=false',
    });
    expect(form.statusCode).toBe(415);
    const otherForm = await who.browser.request({
      method: 'POST',
      url: '/auth/logout',
      headers: FORM,
      payload: ONE_CLICK,
    });
    expect(otherForm.statusCode).toBe(403);
    expect(await settings(who)).toMatchObject({ emailNotifications: true });
  });

  it('forgets the setting with the account', async () => {
    const who = await t.signIn();
    await who.put('/api/user/settings', { emailNotifications: false });
    const token = createUnsubscribeToken(t.config.sessionSecret, who.user.id);
    await t.database.db.delete(users).where(eq(users.id, who.user.id));
    expect((await oneClick(token)).statusCode).toBe(404);
  });
});
