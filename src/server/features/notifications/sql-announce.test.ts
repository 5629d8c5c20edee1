import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openEventStream, type EventStream } from '../../testing/event-stream.js';
import { openLookout, type Lookout } from '../../testing/lookout.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../testing/test-app.js';
import { announcedTables, tablesRead } from '../../testing/kept-tables.js';
import { countUnreadBySession } from './repo.js';
import { notify } from './service.js';

const InsertedSchema = z.object({ rows: z.tuple([z.object({ id: z.number() })]) });

/**
 * A notification changed by an operator's SQL, not by the app, reaches the bell and the open streams as one
 * made by the app does: the table's trigger announces it (drizzle/0033_notifications_announce.sql).
 */
describe.each(testDatabases)('notifications changed by SQL (%s)', (kind) => {
  let t: TestApp;
  let baseUrl: string;
  let lookout: Lookout;
  const open: EventStream[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind);
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    lookout = await openLookout(t, baseUrl);
    open.push(lookout.stream);
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    await t.close();
  });

  /** A new user whose bell's poll is kept in memory and whose stream has sent its first count (the welcome). */
  async function watched(): Promise<{ user: SignedIn; stream: EventStream; bell: () => Promise<unknown> }> {
    const user = await lookout.signIn();
    const bell = async () => (await user.get('/api/notifications/unread-count')).json();
    expect(await bell()).toEqual({ count: 1 });
    const stream = await openEventStream(baseUrl, user.browser.cookieHeader());
    open.push(stream);
    expect(await stream.next()).toEqual({ event: 'unread-count', data: { count: 1 } });
    return { user, stream, bell };
  }

  // The bell's count is kept until a change of the user's is heard (kept/session-memo.ts): a table its query
  // reads whose changes go unannounced would leave it stale.
  it("announces every change of each table the bell's kept count is read from", async () => {
    const db = t.database.db;
    const read = await tablesRead(db, (logged) => countUnreadBySession(logged, 'no-such-hash', new Date()));
    expect(read).toEqual(['notifications', 'sessions']);
    expect(await announcedTables(db)).toEqual(expect.arrayContaining(read));
  });

  it('announces an INSERT, an UPDATE of read and a DELETE to the bell and the stream', async () => {
    const { user, stream, bell } = await watched();
    const inserted = await t.database.db.execute(
      sql`insert into notifications (user_id, title, message, type)
          values (${user.user.id}, 'From the operator', 'Inserted by hand', 'operator') returning id`,
    );
    const [{ id }] = InsertedSchema.parse(inserted).rows;
    expect(await stream.next(3000)).toMatchObject({
      event: 'notification',
      data: { id, title: 'From the operator', read: false },
    });
    expect(await stream.next()).toEqual({ event: 'unread-count', data: { count: 2 } });
    await expect.poll(bell, { timeout: 3000 }).toEqual({ count: 2 });

    await t.database.db.execute(sql`update notifications set read = true where id = ${id}`);
    expect(await stream.next(3000)).toEqual({ event: 'unread-count', data: { count: 1 } });
    await expect.poll(bell, { timeout: 3000 }).toEqual({ count: 1 });

    await t.database.db.execute(sql`update notifications set read = false where user_id = ${user.user.id}`);
    expect(await stream.next(3000)).toEqual({ event: 'unread-count', data: { count: 2 } });
    await expect.poll(bell, { timeout: 3000 }).toEqual({ count: 2 });

    await t.database.db.execute(sql`delete from notifications where user_id = ${user.user.id}`);
    expect(await stream.next(3000)).toEqual({ event: 'unread-count', data: { count: 0 } });
    await expect.poll(bell, { timeout: 3000 }).toEqual({ count: 0 });
    await stream.quiet(300);
  });

  it('sends one event per change the app makes, not one from the app and one from the trigger', async () => {
    const { user, stream } = await watched();
    const [welcome] = (await user.get('/api/notifications')).json<{ id: number }[]>();
    const created = await notify(t.database.db, {
      userId: user.user.id,
      title: 'By the app',
      message: 'm',
      type: 'test',
    });
    expect(await stream.next(3000)).toEqual({ event: 'notification', data: created });
    expect(await stream.next()).toEqual({ event: 'unread-count', data: { count: 2 } });
    await stream.quiet(300);

    expect((await user.put(`/api/notifications/${welcome!.id}/read`)).statusCode).toBe(200);
    expect(await stream.next(3000)).toEqual({ event: 'unread-count', data: { count: 1 } });
    await stream.quiet(300);
    expect((await user.put('/api/notifications/read-all')).statusCode).toBe(200);
    expect(await stream.next(3000)).toEqual({ event: 'unread-count', data: { count: 0 } });
    await stream.quiet(300);
    expect((await user.del(`/api/notifications/${welcome!.id}`)).statusCode).toBe(204);
    expect(await stream.next(3000)).toEqual({ event: 'unread-count', data: { count: 0 } });
    await stream.quiet(300);
  });
});
