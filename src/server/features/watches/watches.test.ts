import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExportSchema } from '../../../shared/account.js';
import { normalizeCompanyName } from '../../../shared/companies.js';
import {
  CompanyWatchListSchema,
  MAX_WATCHES,
  WATCH_LIMIT_MESSAGE,
  WatchStateSchema,
} from '../../../shared/watches.js';
import { companies, companyWatches, mailOutbox, notifications, userSettings } from '../../db/schema.js';
import { requestBody, setCompany, setWilling, signInReferrer } from '../../testing/referral-fixtures.js';
import { createTestApp, ORIGIN, testDatabases, type SignedIn, type TestApp } from '../../testing/test-app.js';

const BOSS = 'boss@watches.example';
const NOTICE = (company: string) => `A referrer at ${company} can take requests now.`;

/**
 * Issue 49 item 1 (docs/decisions/078-a-watch-tells-once.md): a signed-in user watches a listed company,
 * at most 50; when the company goes from nobody who can take a request to one, each watcher is told once,
 * in the app and by mail, and the watch ends. REFERRER_CAPACITY is 2 here, so a referrer is full at two.
 */
describe.each(testDatabases)('watching a company (%s)', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { referralSweep: false, livenessSweep: false },
      { ADMIN_EMAILS: BOSS, REFERRER_CAPACITY: '2' },
    );
    admin = await t.signIn('Boss Admin', BOSS);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A listed company nobody works at yet. */
  async function company(listed = true) {
    seq += 1;
    const name = `Watchco ${seq} ${kind}`;
    const [row] = await t.database.db
      .insert(companies)
      .values({ name, normalizedName: normalizeCompanyName(name), listed })
      .returning({ id: companies.id, name: companies.name });
    return row!;
  }
  const watch = (who: SignedIn, id: number) => who.post(`/api/companies/${id}/watch`);
  const unwatch = (who: SignedIn, id: number) => who.del(`/api/companies/${id}/watch`);
  const watchesOf = async (who: SignedIn) =>
    CompanyWatchListSchema.parse((await who.get('/api/user/watches')).json()).items;
  const noticesOf = (userId: number) =>
    t.database.db
      .select({
        title: notifications.title,
        message: notifications.message,
        type: notifications.type,
        link: notifications.link,
      })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'company_watch')));
  const watchMailOf = async (userId: number) =>
    (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId))).filter((m) =>
      m.text.includes('can take requests now'),
    );
  /** The notice a watcher gets, exactly. */
  const noticeAt = (c: { id: number; name: string }) => ({
    title: 'A referrer is available',
    message: NOTICE(c.name),
    type: 'company_watch',
    link: `/request-referral?companyId=${c.id}`,
  });
  async function watcher(c: { id: number }, name = 'Wanda Watcher') {
    const who = await t.signIn(name);
    expect((await watch(who, c.id)).statusCode).toBe(200);
    return who;
  }
  /** A user who works at the company and refers there, but is not willing yet. */
  async function colleague(c: { name: string }, name: string) {
    const who = await t.signIn(name);
    await setCompany(who, c.name);
    return who;
  }
  /** A request by a fresh seeker that goes to whoever can take it at the company. */
  async function requestAt(c: { id: number }, name = 'Sam Seeker') {
    const seeker = await t.signIn(name);
    const res = await seeker.post('/api/referral-requests', requestBody({ companyId: c.id }));
    expect(res.statusCode).toBe(201);
    return { seeker, request: res.json() as { id: number; referral: { id: number } | null } };
  }

  it('refuses visitors with 401, unknown and unlisted companies with 404, and a bad id with 400', async () => {
    const c = await company();
    const hidden = await company(false);
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: `/api/companies/${c.id}/watch`, headers: ORIGIN });
      expect(res.statusCode).toBe(401);
      expect(typeof res.json().error).toBe('string');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/user/watches' })).statusCode).toBe(401);

    const who = await t.signIn('Nora Nosy');
    for (const id of [hidden.id, 2_000_000_000]) {
      for (const res of [await watch(who, id), await unwatch(who, id)]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'There is no such company.' });
      }
    }
    const bad = await who.post('/api/companies/abc/watch');
    expect(bad.statusCode).toBe(400);
    expect(typeof bad.json().error).toBe('string');
    expect(await watchesOf(who)).toEqual([]);
  });

  it('watches once however often asked, lists the watch, and undoes it', async () => {
    const c = await company();
    const other = await company();
    const who = await t.signIn('Willa Watcher');
    for (let i = 0; i < 2; i++) {
      const res = await watch(who, c.id);
      expect(res.statusCode).toBe(200);
      expect(WatchStateSchema.parse(res.json())).toEqual({ companyId: c.id, watching: true });
    }
    expect((await watch(who, other.id)).statusCode).toBe(200);
    const listed = await watchesOf(who);
    expect(listed.map((w) => [w.companyId, w.companyName])).toEqual([
      [other.id, other.name],
      [c.id, c.name],
    ]);
    // Only their own: another user watches nothing.
    expect(await watchesOf(await t.signIn('Otto Other'))).toEqual([]);

    for (let i = 0; i < 2; i++) {
      const res = await unwatch(who, c.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ companyId: c.id, watching: false });
    }
    expect((await watchesOf(who)).map((w) => w.companyId)).toEqual([other.id]);
  });

  it('refuses a 51st watch with 409 and a sentence, changing nothing; a repeat of one of the 50 is fine', async () => {
    const who = await t.signIn('Max Many');
    const made = [];
    for (let i = 0; i < MAX_WATCHES + 1; i++) made.push(await company());
    for (const c of made.slice(0, MAX_WATCHES)) expect((await watch(who, c.id)).statusCode).toBe(200);
    const last = made[MAX_WATCHES]!;
    const refused = await watch(who, last.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: WATCH_LIMIT_MESSAGE });
    expect(WATCH_LIMIT_MESSAGE).toBe(
      'You are watching 50 companies already, the most at once. Stop watching one to watch another.',
    );
    expect(await watchesOf(who)).toHaveLength(MAX_WATCHES);
    expect((await watch(who, made[0]!.id)).statusCode).toBe(200);
    expect((await unwatch(who, made[0]!.id)).statusCode).toBe(200);
    expect((await watch(who, last.id)).statusCode).toBe(200);
    expect(await watchesOf(who)).toHaveLength(MAX_WATCHES);
  });

  it('two watches at once at 49 cannot both be the 50th', async () => {
    const who = await t.signIn('Rita Race');
    const made = [];
    for (let i = 0; i < MAX_WATCHES + 1; i++) made.push(await company());
    for (const c of made.slice(0, MAX_WATCHES - 1)) await watch(who, c.id);
    const answers = await Promise.all(made.slice(MAX_WATCHES - 1).map((c) => watch(who, c.id)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await watchesOf(who)).toHaveLength(MAX_WATCHES);
  });

  it('tells every watcher once, in the app and by mail, when a referrer there turns willing, and the watch ends', async () => {
    const c = await company();
    const wanda = await watcher(c, 'Wanda One');
    const walt = await watcher(c, 'Walt Two');
    const stranger = await watcher(await company(), 'Stan Elsewhere');
    const rita = await colleague(c, 'Rita Referrer');
    expect(await noticesOf(wanda.user.id)).toEqual([]);

    expect((await setWilling(rita, true)).statusCode).toBe(200);
    for (const who of [wanda, walt]) {
      expect(await noticesOf(who.user.id)).toEqual([noticeAt(c)]);
      const mail = await watchMailOf(who.user.id);
      expect(mail).toHaveLength(1);
      expect(mail[0]!.to).toBe(who.user.email);
      expect(mail[0]!.text).toContain(NOTICE(c.name));
      expect(await watchesOf(who)).toEqual([]);
    }
    expect(await noticesOf(stranger.user.id)).toEqual([]);
    expect(await watchesOf(stranger)).toHaveLength(1);

    // The watch has ended: a second referrer, or the first one again, tells nobody.
    await setWilling(rita, false);
    await setWilling(rita, true);
    await signInReferrer(t, 'Rex Second', c.name);
    expect(await noticesOf(wanda.user.id)).toHaveLength(1);
  });

  it('tells nobody when a referrer there could already take requests', async () => {
    const c = await company();
    await signInReferrer(t, 'Ada Already', c.name);
    const wanda = await watcher(c);
    await signInReferrer(t, 'Ben Second', c.name);
    expect(await noticesOf(wanda.user.id)).toEqual([]);
    expect(await watchesOf(wanda)).toHaveLength(1);
  });

  it('does not tell a watcher whose request there matching already serves, and ends their watch too', async () => {
    const c = await company();
    // Nobody there: the request waits, and its seeker watches as well.
    const { seeker } = await requestAt(c, 'Sally Waiting');
    expect((await watch(seeker, c.id)).statusCode).toBe(200);
    const wanda = await watcher(c);
    const rita = await colleague(c, 'Rita Arrives');
    await setWilling(rita, true);
    expect(await noticesOf(seeker.user.id)).toEqual([]);
    expect(await watchMailOf(seeker.user.id)).toEqual([]);
    expect(await watchesOf(seeker)).toEqual([]);
    expect(await noticesOf(wanda.user.id)).toEqual([noticeAt(c)]);
  });

  it('tells watchers when a full referrer gets room back, and not when one with room left gets more', async () => {
    const c = await company();
    const rita = await signInReferrer(t, 'Rita Full', c.name);
    const first = await requestAt(c, 'Sam First');
    await requestAt(c, 'Sue Second');
    const wanda = await watcher(c);
    // Full (two of two): the decline frees one, and Rita can take requests again.
    const referralId = first.request.referral!.id;
    const declined = await rita.put(`/api/referrals/${referralId}/status`, { status: 'declined' });
    expect(declined.statusCode).toBe(200);
    expect(await noticesOf(wanda.user.id)).toEqual([noticeAt(c)]);

    // One of two open now: a watcher made meanwhile (a stale page) is not told when the other ends, since
    // Rita could take requests all along.
    const late = await watcher(c, 'Larry Late');
    const held = (await rita.get('/api/referral-requests?role=referrer')).json() as {
      referral: { id: number; status: string; passedOnAt: string | null } | null;
    }[];
    const pending = held.map((r) => r.referral).find((r) => r?.status === 'pending');
    expect(pending?.status).toBe('pending');
    expect((await rita.put(`/api/referrals/${pending!.id}/status`, { status: 'accepted' })).statusCode).toBe(
      200,
    );
    expect((await rita.put(`/api/referrals/${pending!.id}/status`, { status: 'submitted' })).statusCode).toBe(
      200,
    );
    expect(await noticesOf(late.user.id)).toEqual([]);
    expect(await watchesOf(late)).toHaveLength(1);
  });

  it('tells watchers when a withdrawn request gives a full referrer room', async () => {
    const c = await company();
    await signInReferrer(t, 'Rita Twofold', c.name);
    const first = await requestAt(c, 'Walter Withdraws');
    await requestAt(c, 'Wes Stays');
    const wanda = await watcher(c);
    const res = await first.seeker.post(`/api/referral-requests/${first.request.id}/withdraw`);
    expect(res.statusCode).toBe(200);
    expect(await noticesOf(wanda.user.id)).toEqual([noticeAt(c)]);
  });

  it('tells watchers when the only referrer ends their pause or raises their cap', async () => {
    const paused = await company();
    const rita = await signInReferrer(t, 'Rita Paused', paused.name);
    const pausedUntil = '2099-01-01';
    expect((await rita.put('/api/user/settings', { referralsPausedUntil: pausedUntil })).statusCode).toBe(
      200,
    );
    const wanda = await watcher(paused);
    expect((await rita.put('/api/user/settings', { referralsPausedUntil: null })).statusCode).toBe(200);
    expect(await noticesOf(wanda.user.id)).toEqual([noticeAt(paused)]);

    const capped = await company();
    const cap = await signInReferrer(t, 'Carl Capped', capped.name);
    expect((await cap.put('/api/user/settings', { monthlyReferralCap: 1 })).statusCode).toBe(200);
    await requestAt(capped, 'Sid Takes The One');
    const walt = await watcher(capped, 'Walt Capped');
    // Another change of settings that leaves him at his cap tells nobody.
    expect((await cap.put('/api/user/settings', { timeZone: 'Europe/Paris' })).statusCode).toBe(200);
    expect(await noticesOf(walt.user.id)).toEqual([]);
    expect((await cap.put('/api/user/settings', { monthlyReferralCap: 5 })).statusCode).toBe(200);
    expect(await noticesOf(walt.user.id)).toEqual([noticeAt(capped)]);
    const [settings] = await t.database.db
      .select()
      .from(userSettings)
      .where(eq(userSettings.userId, cap.user.id));
    expect(settings?.monthlyReferralCap).toBe(5);
  });

  it('tells watchers when the only referrer there is unsuspended, or moves there from another company', async () => {
    const c = await company();
    const rita = await signInReferrer(t, 'Rita Suspended', c.name);
    expect(
      (await admin.post(`/api/admin/users/${rita.user.id}/suspend`, { reason: 'Checking' })).statusCode,
    ).toBe(200);
    const wanda = await watcher(c);
    expect((await admin.post(`/api/admin/users/${rita.user.id}/unsuspend`)).statusCode).toBe(200);
    expect(await noticesOf(wanda.user.id)).toEqual([noticeAt(c)]);

    const before = await company();
    const after = await company();
    const mover = await signInReferrer(t, 'Mo Mover', before.name);
    const walt = await watcher(after, 'Walt Waits');
    await setCompany(mover, after.name);
    expect(await noticesOf(walt.user.id)).toEqual([noticeAt(after)]);
  });

  it('tells each watcher once when two referrers there turn willing at the same moment', async () => {
    const c = await company();
    const wanda = await watcher(c);
    const [ann, bob] = [await colleague(c, 'Ann Same'), await colleague(c, 'Bob Same')];
    const answers = await Promise.all([setWilling(ann, true), setWilling(bob, true)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await noticesOf(wanda.user.id)).toHaveLength(1);
    expect(await watchMailOf(wanda.user.id)).toHaveLength(1);
  });

  it('moves watches with a company an admin merges into another, one watch per user', async () => {
    const [dup, kept] = [await company(), await company()];
    const both = await watcher(dup, 'Bo Both');
    expect((await watch(both, kept.id)).statusCode).toBe(200);
    const one = await watcher(dup, 'Oona One');
    const res = await admin.post(`/api/admin/companies/${dup.id}/merge`, { intoId: kept.id });
    expect(res.statusCode).toBe(200);
    expect((await watchesOf(both)).map((w) => w.companyId)).toEqual([kept.id]);
    expect((await watchesOf(one)).map((w) => w.companyId)).toEqual([kept.id]);
  });

  it('does not tell the referrer who arrived of themself; their watch ends with the others', async () => {
    const c = await company();
    const rita = await t.signIn('Rita Watching');
    expect((await watch(rita, c.id)).statusCode).toBe(200);
    const wanda = await watcher(c);
    await setCompany(rita, c.name);
    expect((await setWilling(rita, true)).statusCode).toBe(200);
    expect(await noticesOf(rita.user.id)).toEqual([]);
    expect(await watchesOf(rita)).toEqual([]);
    expect(await noticesOf(wanda.user.id)).toEqual([noticeAt(c)]);
  });

  it("exports the user's watches and deletes them with the account", async () => {
    const c = await company();
    const who = await watcher(c, 'Exa Export');
    const exported = AccountExportSchema.parse((await who.get('/api/user/export')).json());
    expect(exported.watches).toEqual([{ companyName: c.name, createdAt: expect.any(String) }]);
    const res = await who.browser.request({
      method: 'DELETE',
      url: '/api/user',
      headers: { ...ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ confirmEmail: who.user.email }),
    });
    expect(res.statusCode).toBe(204);
    const left = await t.database.db
      .select()
      .from(companyWatches)
      .where(eq(companyWatches.userId, who.user.id));
    expect(left).toEqual([]);
  });
});
