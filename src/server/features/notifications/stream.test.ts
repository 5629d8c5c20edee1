import { sql } from 'drizzle-orm';
import pg from 'pg';
import { notifications } from '../../db/schema.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, type EventStream } from '../../testing/event-stream.js';
import { openLookout, type Lookout } from '../../testing/lookout.js';
import {
  Browser,
  ORIGIN,
  createTestApp,
  testDatabases,
  type SignedIn,
  type TestApp,
} from '../../testing/test-app.js';
import { notify } from './service.js';

const HEARTBEAT_MS = 300;

describe.each(testDatabases)('notification stream (%s)', (kind) => {
  let t: TestApp;
  let baseUrl: string;
  const open: EventStream[] = [];
  let lookout: Lookout;
  beforeAll(async () => {
    t = await createTestApp(kind, { streamHeartbeatMs: HEARTBEAT_MS });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    lookout = await openLookout(t, baseUrl);
    open.push(lookout.stream);
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    await t.close();
  });

  async function streamOf(who: SignedIn | Browser, url = baseUrl): Promise<EventStream> {
    const browser = who instanceof Browser ? who : who.browser;
    const stream = await openEventStream(url, browser.cookieHeader());
    open.push(stream);
    return stream;
  }
  /** A signed-in user's stream, past its first unread-count (the welcome makes it 1). */
  async function connected(who: SignedIn, count = 1): Promise<EventStream> {
    const stream = await streamOf(who);
    expect(await stream.next()).toEqual({ event: 'unread-count', data: { count } });
    return stream;
  }
  const note = (userId: number, title = 'Live') =>
    notify(t.database.db, { userId, title, message: 'm', type: 'test', link: '/my-referrals' });

  /** A new user, signed in, whose welcome every stream opened from now on has already missed. */
  const signIn = () => lookout.signIn();

  it('answers visitors with 401 JSON', async () => {
    const stream = await openEventStream(baseUrl, '');
    await stream.ended;
    expect(stream.status).toBe(401);
    expect(stream.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(stream.body)).toEqual({ error: 'Please sign in to continue.' });
  });

  it('opens uncompressed and uncached with the unread count, then keeps alive with heartbeats', async () => {
    const user = await signIn();
    const stream = await streamOf(user);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream');
    expect(stream.headers['cache-control']).toBe('no-store');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.headers['content-security-policy']).toMatch(/connect-src 'self'/);
    expect(await stream.next()).toEqual({ event: 'unread-count', data: { count: 1 } });
    await expect.poll(() => stream.comments.length, { timeout: 2000 }).toBeGreaterThan(0);
    expect(stream.comments[0]).toBe('heartbeat');
  });

  it("sends a new notification and the count within a second, and nothing of another user's", async () => {
    const user = await signIn();
    const other = await signIn();
    const mine = await connected(user);
    const theirs = await connected(other);

    const started = Date.now();
    const created = await note(user.user.id);
    expect(await mine.next()).toEqual({ event: 'notification', data: created });
    expect(await mine.next()).toEqual({ event: 'unread-count', data: { count: 2 } });
    expect(Date.now() - started).toBeLessThan(1000);
    // As the list shows it.
    expect((await user.get('/api/notifications')).json()[0]).toEqual(created);
    await theirs.quiet(300);
  });

  it('sends the count after mark read, mark all read and delete', async () => {
    const user = await signIn();
    const [welcome] = (await user.get('/api/notifications')).json<{ id: number }[]>();
    // Created while connected: a note made just before connecting may be announced just after, on
    // PostgreSQL, where NOTIFY arrives on its own connection.
    const stream = await connected(user);
    const second = await note(user.user.id);
    expect(await stream.next()).toEqual({ event: 'notification', data: second });
    expect(await stream.next()).toEqual({ event: 'unread-count', data: { count: 2 } });
    const third = await note(user.user.id);
    expect(await stream.next()).toEqual({ event: 'notification', data: third });
    expect(await stream.next()).toEqual({ event: 'unread-count', data: { count: 3 } });

    await user.put(`/api/notifications/${welcome!.id}/read`);
    expect(await stream.next()).toEqual({ event: 'unread-count', data: { count: 2 } });
    await user.put('/api/notifications/read-all');
    expect(await stream.next()).toEqual({ event: 'unread-count', data: { count: 0 } });
    await user.del(`/api/notifications/${second.id}`);
    expect(await stream.next()).toEqual({ event: 'unread-count', data: { count: 0 } });
    // Refused changes send nothing.
    expect((await user.del(`/api/notifications/${second.id}`)).statusCode).toBe(404);
    await stream.quiet(300);
  });

  it('sends nothing for a notification whose transaction rolled back', async () => {
    const user = await signIn();
    const stream = await connected(user);
    await expect(
      t.database.db.transaction(async (tx) => {
        await notify(tx, { userId: user.user.id, title: 'Never', message: 'm', type: 'test' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // A committed note after it: the stream announces notes in the order they commit, so everything up to
    // this one has been sent. The welcome, made at sign-in just before connecting, may be announced after the
    // connection on PostgreSQL (NOTIFY comes on its own connection); the rolled-back note never.
    const after = await note(user.user.id, 'After');
    const sent: string[] = [];
    for (;;) {
      const event = await stream.next();
      if (event.event !== 'notification') continue;
      const { id, title } = event.data as { id: number; title: string };
      sent.push(title);
      if (id === after.id) break;
    }
    expect(sent.filter((title) => title !== 'Welcome to ReferBridge!')).toEqual(['After']);
    expect(await stream.next()).toEqual({ event: 'unread-count', data: { count: 2 } });
    await stream.quiet(300);
    expect((await user.get('/api/notifications/unread-count')).json()).toEqual({ count: 2 });
  });

  it("ends the session's streams on sign-out, and every stream of the user on sign-out everywhere", async () => {
    const user = await signIn();
    const phone = new Browser(t.app);
    await phone.signIn(user.user.email, user.user.fullName);
    const laptopStream = await connected(user);
    const phoneStream = await streamOf(phone);
    await phoneStream.next();

    await phone.request({ method: 'POST', url: '/auth/logout', headers: ORIGIN });
    expect(await phoneStream.next()).toEqual({ event: 'signed-out', data: {} });
    await phoneStream.ended;
    await laptopStream.quiet(HEARTBEAT_MS * 2);
    expect(laptopStream.isEnded()).toBe(false);

    const again = await streamOf(user);
    await again.next();
    await user.post('/auth/logout-all');
    await Promise.all([laptopStream.ended, again.ended]);
  });

  it('notices a session that ended without a sign-out at the next heartbeat', async () => {
    const user = await signIn();
    const stream = await connected(user);
    await t.database.db.execute(sql`delete from sessions where user_id = ${user.user.id}`);
    expect(await stream.next(HEARTBEAT_MS * 4)).toEqual({ event: 'signed-out', data: {} });
    await stream.ended;
  });

  it('ends its open streams when the app closes, without waiting on them', async () => {
    const other = await createTestApp(kind);
    const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const browser = new Browser(other.app);
    await browser.signIn('closing@example.com', 'Closing Time');
    const streams = await Promise.all([
      openEventStream(url, browser.cookieHeader()),
      openEventStream(url, browser.cookieHeader()),
    ]);
    await Promise.all(streams.map((s) => s.next()));
    const started = Date.now();
    await Promise.all([other.app.close(), ...streams.map((s) => s.ended)]);
    expect(Date.now() - started).toBeLessThan(1000);
    await other.database.close();
  });

  // Instances share a database only on PostgreSQL (PGlite lives inside one process), so these run there.
  if (kind === 'postgres')
    describe('across instances', () => {
      it('delivers a notification created through a second instance to a stream held on the first', async () => {
        const second = await createTestApp(kind, {}, {}, t);
        try {
          const user = await signIn();
          const stream = await connected(user);
          const created = await notify(second.database.db, {
            userId: user.user.id,
            title: 'From elsewhere',
            message: 'm',
            type: 'test',
          });
          expect(await stream.next()).toEqual({ event: 'notification', data: created });
          expect(await stream.next()).toEqual({ event: 'unread-count', data: { count: 2 } });
        } finally {
          await second.close();
        }
      });

      it('listens again after its connection is killed', async () => {
        const user = await signIn();
        const stream = await connected(user);
        const admin = new pg.Client({ connectionString: t.database.url });
        await admin.connect();
        try {
          const listeners = async () =>
            (
              await admin.query<{ pid: number }>(
                `select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN "referbridge_notifications"%'`,
              )
            ).rows.map((r) => r.pid);
          const [before] = await listeners();
          expect(before).toBeDefined();
          await admin.query('select pg_terminate_backend($1)', [before]);

          // Listening again, it resends the count in case something was missed meanwhile.
          expect(await stream.next(5000)).toEqual({ event: 'unread-count', data: { count: 1 } });
          const after = await listeners();
          expect(after).toHaveLength(1);
          expect(after[0]).not.toBe(before);
          const created = await note(user.user.id, 'After the outage');
          expect(await stream.next()).toEqual({ event: 'notification', data: created });
        } finally {
          await admin.end();
        }
      });

      // The bell's poll keeps its answer only while the channel is heard (docs/decisions/040-unread-count-in-memory.md).
      it("drops the bell's kept counts when its connection is killed, and polls see what was missed", async () => {
        const user = await signIn();
        const stream = await connected(user);
        const poll = async () => (await user.get('/api/notifications/unread-count')).json();
        expect(await poll()).toEqual({ count: 1 });
        const admin = new pg.Client({ connectionString: t.database.url });
        await admin.connect();
        try {
          const [listener] = (
            await admin.query<{ pid: number }>(
              `select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN "referbridge_notifications"%'`,
            )
          ).rows;
          await admin.query('select pg_terminate_backend($1)', [listener!.pid]);
          // Written while nobody listens: no instance hears of it.
          await t.database.db
            .insert(notifications)
            .values({ userId: user.user.id, title: 'Missed', message: 'm', type: 'test' });
          expect(await stream.next(5000)).toEqual({ event: 'unread-count', data: { count: 2 } });
          expect(await poll()).toEqual({ count: 2 });
        } finally {
          await admin.end();
        }
      });
    });
});
