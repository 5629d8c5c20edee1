import { createHash } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema.js';
import { openEventStream, type EventStream } from '../../testing/event-stream.js';
import { openLookout } from '../../testing/lookout.js';
import {
  Browser,
  createTestApp,
  testDatabases,
  type SignedIn,
  type TestApp,
} from '../../testing/test-app.js';
import { markRead, notify } from './service.js';

/**
 * Issue 21: one account must not slow everyone through its streams. Each user holds at most
 * STREAMS_PER_USER, each instance at most STREAMS_MAX; a change is read once per user however many streams
 * that user holds; a write that changes nothing announces nothing.
 */

interface Query {
  text: string;
  params: unknown[];
}

/** Every query the app sends outside transactions, as the driver sees it (PGlite or the pg pool). */
function recordQueries(db: Db) {
  const client = Reflect.get(db, '$client') as { query: (...args: unknown[]) => Promise<unknown> };
  const original = client.query;
  const seen: Query[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    const config =
      typeof first === 'string' ? { text: first } : (first as { text: string; values?: unknown[] });
    const params = Array.isArray(second) ? second : ('values' in config && config.values) || [];
    seen.push({ text: config.text, params });
    return original.apply(this, args);
  };
  return { seen, stop: () => void (client.query = original) };
}

const tokenHash = (browser: Browser) =>
  createHash('sha256')
    .update(browser.cookies.get('sid') ?? '')
    .digest('base64url');

describe.each(testDatabases)('notification stream limits (%s)', (kind) => {
  const apps: TestApp[] = [];
  const open: EventStream[] = [];
  afterEach(() => {
    for (const stream of open.splice(0)) stream.close();
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  async function app(env: Record<string, string> = {}) {
    const t = await createTestApp(kind, { referralSweep: false }, env);
    apps.push(t);
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // Users signed in through the lookout: their welcome cannot reach a stream opened after sign-in.
    const lookout = await openLookout(t, url);
    open.push(lookout.stream);
    return { t, url, signIn: lookout.signIn };
  }
  async function streamOf(url: string, browser: Browser): Promise<EventStream> {
    const stream = await openEventStream(url, browser.cookieHeader());
    open.push(stream);
    return stream;
  }
  /** Past its first unread-count. */
  async function connected(url: string, browser: Browser, count = 1): Promise<EventStream> {
    const stream = await streamOf(url, browser);
    expect(stream.status).toBe(200);
    expect(await stream.next()).toEqual({ event: 'unread-count', data: { count } });
    return stream;
  }
  /** The row's version: any UPDATE, even one that sets what is already there, writes a new one. */
  const rowVersion = async (t: TestApp, id: number) => {
    const rows = await t.database.db
      .select({ xmin: sql<string>`xmin::text` })
      .from(notifications)
      .where(eq(notifications.id, id));
    return rows[0]?.xmin;
  };

  it('ends the oldest of a user’s streams past STREAMS_PER_USER, with `replaced`', async () => {
    const { t, url, signIn } = await app({ STREAMS_PER_USER: '3' });
    const user = await signIn('Many Tabs');
    const first = await connected(url, user.browser);
    const second = await connected(url, user.browser);
    const third = await connected(url, user.browser);

    const fourth = await connected(url, user.browser);
    expect(await first.next()).toEqual({ event: 'replaced', data: {} });
    await first.ended;
    expect([second.isEnded(), third.isEnded(), fourth.isEnded()]).toEqual([false, false, false]);

    // The three left still hear every change.
    const created = await notify(t.database.db, {
      userId: user.user.id,
      title: 'Live',
      message: 'm',
      type: 'test',
    });
    for (const stream of [second, third, fourth]) {
      expect(await stream.next()).toEqual({ event: 'notification', data: created });
      expect(await stream.next()).toEqual({ event: 'unread-count', data: { count: 2 } });
    }
    // Another user is not counted against this one.
    const other = await signIn('One Tab');
    await connected(url, other.browser);
    await second.quiet(200);
  });

  it('keeps the newest stream live when STREAMS_PER_USER is 1', async () => {
    const { t, url, signIn } = await app({ STREAMS_PER_USER: '1' });
    const user = await signIn('One At A Time');
    const first = await connected(url, user.browser);
    const second = await connected(url, user.browser);
    expect(await first.next()).toEqual({ event: 'replaced', data: {} });
    const created = await notify(t.database.db, {
      userId: user.user.id,
      title: 'Live',
      message: 'm',
      type: 'test',
    });
    expect(await second.next()).toEqual({ event: 'notification', data: created });
    expect(await second.next()).toEqual({ event: 'unread-count', data: { count: 2 } });
  });

  it('refuses a stream past STREAMS_MAX with 503, Retry-After and a sentence, before it starts', async () => {
    // Three streams at most: the lookout's and two more.
    const { signIn, url } = await app({ STREAMS_MAX: '3', STREAMS_PER_USER: '2' });
    const holder = await signIn('Holds Two');
    const [a] = [await connected(url, holder.browser), await connected(url, holder.browser)];
    const late = await signIn('Arrives Late');

    const refused = await streamOf(url, late.browser);
    await refused.ended;
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(refused.body)).toEqual({ error: expect.stringMatching(/^This server holds .+\.$/) });

    // A user at their own cap may still replace their oldest: the instance holds no more than before.
    const third = await connected(url, holder.browser);
    expect(await a!.next()).toEqual({ event: 'replaced', data: {} });
    third.close();
    // Once the server has seen that stream go, there is room again.
    await expect.poll(async () => (await streamOf(url, late.browser)).status, { timeout: 5000 }).toBe(200);
  });

  it('announces nothing, and writes nothing, for a read of a read notification or a read-all with none unread', async () => {
    const { t, url, signIn } = await app();
    const user = await signIn('Already Read');
    const [welcome] = (await user.get('/api/notifications')).json<{ id: number }[]>();
    const stream = await connected(url, user.browser);
    expect((await user.put(`/api/notifications/${welcome!.id}/read`)).statusCode).toBe(200);
    expect(await stream.next()).toEqual({ event: 'unread-count', data: { count: 0 } });
    const version = await rowVersion(t, welcome!.id);

    const again = await user.put(`/api/notifications/${welcome!.id}/read`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: welcome!.id, read: true });
    expect(await user.put('/api/notifications/read-all')).toMatchObject({ statusCode: 200 });
    expect((await user.put('/api/notifications/read-all')).json()).toEqual({ updated: 0 });
    await stream.quiet(500);
    expect(await rowVersion(t, welcome!.id)).toBe(version);
    // Someone else's id still answers as a missing one.
    const other = await signIn('Not Yours');
    expect((await other.put(`/api/notifications/${welcome!.id}/read`)).statusCode).toBe(404);
  });

  it('reads each change once for all of a user’s streams while another user’s reads go on', async () => {
    const { t, url, signIn } = await app();
    const perUser = t.config.streamsPerUser;
    const busy = await signIn('Busy Writer');
    // Three browsers (sessions), each with its share of the user's streams: the maximum.
    const browsers: Browser[] = [busy.browser];
    for (let i = 1; i < 3; i++) {
      const browser = new Browser(t.app);
      await browser.signIn(busy.user.email, busy.user.fullName);
      browsers.push(browser);
    }
    const streams: EventStream[] = [];
    for (let i = 0; i < perUser; i++) streams.push(await connected(url, browsers[i % browsers.length]!));
    const reader: SignedIn = await signIn('Quiet Reader');
    const readerStream = await connected(url, reader.browser);

    const queries = recordQueries(t.database.db);
    const hashes = new Set(browsers.map(tokenHash));
    const countsOfBusy = () =>
      queries.seen.filter(
        (q) => /count\(\*\)/i.test(q.text) && /"read"/.test(q.text) && q.params[0] === busy.user.id,
      ).length;
    const sessionChecksOfBusy = () =>
      queries.seen.filter((q) => /"sessions"/.test(q.text) && hashes.has(String(q.params[0]))).length;

    const readerAnswers: number[] = [];
    let writing = true;
    const reads = (async () => {
      while (writing) {
        const res = await reader.get('/api/notifications/unread-count');
        readerAnswers.push(res.statusCode === 200 ? res.json<{ count: number }>().count : -res.statusCode);
        // A tab's poll, quickened: it leaves the event loop to the streams between reads.
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();

    const changes = 10;
    let unread = 1;
    try {
      for (let i = 0; i < changes; i++) {
        if (i % 2 === 0) {
          const created = await notify(t.database.db, {
            userId: busy.user.id,
            title: `Change ${i}`,
            message: 'm',
            type: 'test',
          });
          unread += 1;
          for (const stream of streams) {
            expect(await stream.next(5000)).toEqual({ event: 'notification', data: created });
            expect(await stream.next(5000)).toEqual({ event: 'unread-count', data: { count: unread } });
          }
        } else {
          const [newest] = await t.database.db
            .select({ id: notifications.id })
            .from(notifications)
            .where(eq(notifications.userId, busy.user.id))
            .orderBy(desc(notifications.id))
            .limit(1);
          await markRead(t.database.db, busy.user.id, newest!.id);
          unread -= 1;
          for (const stream of streams) {
            expect(await stream.next(5000)).toEqual({ event: 'unread-count', data: { count: unread } });
          }
        }
      }
    } finally {
      writing = false;
      await reads;
      queries.stop();
    }

    // One count per change, however many streams; one session check per change and session.
    expect(countsOfBusy()).toBe(changes);
    expect(sessionChecksOfBusy()).toBe(changes * browsers.length);
    expect(readerAnswers.length).toBeGreaterThan(0);
    expect(new Set(readerAnswers)).toEqual(new Set([1]));
    await readerStream.quiet(200);
  });
});
