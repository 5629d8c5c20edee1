import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthStatusSchema } from '../../../shared/auth.js';
import { users } from '../../db/schema.js';
import {
  Browser,
  ORIGIN,
  createTestApp,
  testDatabases,
  type SignedIn,
  type TestApp,
} from '../../testing/test-app.js';
import { announcedTables, tablesRead } from '../../testing/kept-tables.js';
import { createSession, readSignedIn } from './sessions.js';

// A read takes the signed-in user from memory (docs/decisions/045-signed-in-user-in-memory.md): every way
// the user or their session can change must reach every instance's memory.
describe.each(testDatabases)('the signed-in user kept in memory (%s)', (kind) => {
  let t: TestApp;
  /** A second instance on the same database, as behind a load balancer. */
  let other: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    other = await createTestApp(kind, {}, {}, t);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const status = async (browser: Browser) =>
    AuthStatusSchema.parse((await browser.request({ method: 'GET', url: '/auth/status' })).json());
  const nameOn = async (browser: Browser) => (await status(browser)).user?.fullName ?? null;
  const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
  /** The same browser's cookie, presented to the other instance. */
  const onOther = (user: SignedIn) => {
    const browser = new Browser(other.app);
    browser.cookies.set('sid', user.browser.cookies.get('sid')!);
    return browser;
  };

  // Kept until a change of the user's is heard: a table its query reads whose changes go unannounced would
  // leave it stale.
  it('announces every change of each table the signed-in user is read from', async () => {
    const db = t.database.db;
    const read = await tablesRead(db, (logged) => readSignedIn(logged, 'no-such-token'));
    expect(read).toEqual(['sessions', 'users']);
    expect(await announcedTables(db)).toEqual(expect.arrayContaining(read));
  });

  it('answers a read from memory until a write of the user commits', async () => {
    // Made in the database, with no welcome: nothing of hers is on its way through the channel.
    const [alice] = await t.database.db
      .insert(users)
      .values({ username: 'alice-memo', email: 'alice-memo@example.com', fullName: 'Alice Memo' })
      .returning();
    // An instance built here, in the test: its routes get their hooks while the test runs (a mutation run
    // switches its mutant on per test, after the file's beforeAll).
    // Verify is off: this test makes a change the memo cannot hear, on purpose.
    const own = await createTestApp(kind, {}, { KEPT_ANSWERS_VERIFY: '0' }, t);
    const browser = new Browser(own.app);
    browser.cookies.set('sid', await createSession(t.database.db, alice!.id));
    expect(await nameOn(browser)).toBe('Alice Memo');
    // A change the app never hears of: the trigger that announces it is off.
    await exec(sql`alter table users disable trigger users_announce_changes`);
    try {
      await exec(sql`update users set full_name = 'Alice Unheard' where id = ${alice!.id}`);
      expect(await nameOn(browser)).toBe('Alice Memo');
      // Any write of hers drops what is kept of her once it has committed, even one that changed nothing
      // and announced nothing.
      const write = await browser.request({
        method: 'PUT',
        url: '/api/notifications/read-all',
        headers: ORIGIN,
      });
      expect(write.json()).toEqual({ updated: 0 });
      expect(await nameOn(browser)).toBe('Alice Unheard');
    } finally {
      await exec(sql`alter table users enable trigger users_announce_changes`);
      await own.close();
    }
  });

  it("hears on every instance a change of the user's row made on another", async () => {
    const bob = await t.signIn('Bob Memo');
    const bobOnOther = onOther(bob);
    expect([await nameOn(bob.browser), await nameOn(bobOnOther)]).toEqual(['Bob Memo', 'Bob Memo']);
    const res = await bobOnOther.request({
      method: 'PUT',
      url: `/api/users/${bob.user.id}/current-company`,
      headers: { ...ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ companyName: 'Memo Works' }),
    });
    expect(res.statusCode).toBe(200);
    await expect.poll(async () => (await status(bob.browser)).user?.currentCompanyName).toBe('Memo Works');
    // An operator's SQL is heard the same way.
    await exec(sql`update users set full_name = 'Bob Renamed' where id = ${bob.user.id}`);
    await expect.poll(() => nameOn(bob.browser)).toBe('Bob Renamed');
    await expect.poll(() => nameOn(bobOnOther)).toBe('Bob Renamed');
  });

  it('ends a session on every instance once it ends on one, or by SQL', async () => {
    const carol = await t.signIn('Carol Memo');
    const carolOnOther = onOther(carol);
    expect(await nameOn(carolOnOther)).toBe('Carol Memo');
    expect((await carol.post('/auth/logout')).statusCode).toBe(200);
    await expect.poll(async () => (await status(carolOnOther)).isAuthenticated).toBe(false);

    // Expired by hand, or deleted by hand: the next read of any instance refuses it.
    const dave = await t.signIn('Dave Memo');
    const daveOnOther = onOther(dave);
    expect([await nameOn(dave.browser), await nameOn(daveOnOther)]).toEqual(['Dave Memo', 'Dave Memo']);
    await exec(sql`update sessions set expires_at = now() where user_id = ${dave.user.id}`);
    await expect.poll(async () => (await status(dave.browser)).isAuthenticated).toBe(false);
    await expect.poll(async () => (await status(daveOnOther)).isAuthenticated).toBe(false);

    const erin = await t.signIn('Erin Memo');
    expect(await nameOn(erin.browser)).toBe('Erin Memo');
    await exec(sql`delete from sessions where user_id = ${erin.user.id}`);
    await expect.poll(async () => (await status(erin.browser)).isAuthenticated).toBe(false);
  });

  // Only PostgreSQL's listening connection can be killed from outside.
  if (kind === 'postgres')
    it('keeps nobody while its listening connection is lost', async () => {
      const gina = await t.signIn('Gina Memo');
      expect(await nameOn(gina.browser)).toBe('Gina Memo');
      const admin = new pg.Client({ connectionString: t.database.url });
      await admin.connect();
      try {
        const listeners = await admin.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`,
        );
        for (const { pid } of listeners.rows) await admin.query('select pg_terminate_backend($1)', [pid]);
        // A change nobody could hear: while the channel is deaf, and not announced either.
        await exec(sql`alter table users disable trigger users_announce_changes`);
        await exec(sql`update users set full_name = 'Gina Missed' where id = ${gina.user.id}`);
        await expect.poll(() => nameOn(gina.browser)).toBe('Gina Missed');
      } finally {
        await exec(sql`alter table users enable trigger users_announce_changes`);
        await admin.end();
      }
    });

  it("announces a user's and a session's changes on the channel, but not a read's touch", async () => {
    // The notifications feature's channel (features/notifications/events.ts), named by the triggers too.
    const frank = await t.signIn('Frank Memo');
    const heard: unknown[] = [];
    const listener = await t.database.listen('referbridge_notifications', {
      onMessage: (payload) => heard.push(JSON.parse(payload)),
    });
    try {
      const id = frank.user.id;
      // Silent: the touch of last_seen_at, and an update that changes nothing.
      await exec(sql`update sessions set last_seen_at = now() + interval '1 minute' where user_id = ${id}`);
      await exec(sql`update users set full_name = full_name where id = ${id}`);
      // Heard: a moved expiry, then a changed row.
      await exec(sql`update sessions set expires_at = expires_at - interval '1 day' where user_id = ${id}`);
      await exec(sql`update users set bio = 'heard' where id = ${id}`);
      await expect.poll(() => heard.length).toBe(2);
      expect(heard).toEqual([
        { userId: id, kind: 'signed-out' },
        { userId: id, kind: 'user-changed' },
      ]);
    } finally {
      await listener.close();
    }
  });
});
