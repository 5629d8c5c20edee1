import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications, sessions } from '../../db/schema.js';
import { Browser, createTestApp, testDatabases, type TestApp } from '../../testing/test-app.js';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, resolveSession } from './sessions.js';

const HOUR = 60 * 60 * 1000;

describe.each(testDatabases)('session lifetime (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  async function freshToken(email: string) {
    const browser = new Browser(t.app);
    await browser.signIn(email, 'Session Person');
    return browser.cookies.get('sid')!;
  }

  it('keeps an active session alive and records the visit at most hourly', async () => {
    const token = await freshToken('active@example.com');
    const later = new Date(Date.now() + 2 * HOUR);
    expect(await resolveSession(t.database.db, token, later)).toMatchObject({ email: 'active@example.com' });
    const [row] = await t.database.db.select().from(sessions);
    expect(row).toBeDefined();
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.lastSeenAt, later));
    expect(rows).toHaveLength(1);
  });

  it('ends a session idle for more than 7 days, and removes it', async () => {
    const token = await freshToken('idle@example.com');
    const tooLate = new Date(Date.now() + SESSION_IDLE_MS + HOUR);
    expect(await resolveSession(t.database.db, token, tooLate)).toBeNull();
    expect(await resolveSession(t.database.db, token, new Date())).toBeNull();
  });

  it('ends every session after 30 days, however active', async () => {
    const token = await freshToken('old@example.com');
    const start = Date.now();
    let now = start;
    // Visit every 6 days: never idle for 7, yet the absolute limit still applies.
    while (now + 6 * 24 * HOUR < start + SESSION_ABSOLUTE_MS - HOUR) {
      now += 6 * 24 * HOUR;
      expect(await resolveSession(t.database.db, token, new Date(now))).not.toBeNull();
    }
    expect(
      await resolveSession(t.database.db, token, new Date(start + SESSION_ABSOLUTE_MS + HOUR)),
    ).toBeNull();
  });

  it('sweeps expired and long-idle sessions when anyone signs in', async () => {
    const stale = await freshToken('stale@example.com');
    const kept = await freshToken('kept@example.com');
    const longAgo = new Date(Date.now() - SESSION_IDLE_MS - HOUR);
    // Age one session past the idle limit, as if its owner never came back.
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: longAgo })
      .where(eq(sessions.userId, (await resolveSession(t.database.db, stale))!.id));
    const before = (await t.database.db.select().from(sessions)).length;
    await freshToken('sweeper@example.com');
    const after = await t.database.db.select().from(sessions);
    expect(after).toHaveLength(before); // one swept, one added
    expect(after.some((row) => row.lastSeenAt.getTime() === longAgo.getTime())).toBe(false);
    expect(await resolveSession(t.database.db, kept)).not.toBeNull();
  });

  it('does not write last_seen_at again within the hour: reads stay reads', async () => {
    const token = await freshToken('reader@example.com');
    const user = (await resolveSession(t.database.db, token))!;
    const [created] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    for (const minutes of [1, 20, 59]) {
      await resolveSession(t.database.db, token, new Date(created!.lastSeenAt.getTime() + minutes * 60_000));
    }
    const [after] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(after!.lastSeenAt.getTime()).toBe(created!.lastSeenAt.getTime());
  });

  it('sweeps a session past its absolute expiry even when it was seen a moment ago', async () => {
    const token = await freshToken('expired@example.com');
    const user = (await resolveSession(t.database.db, token))!;
    // Seen just now, but its 30 days are over: only expires_at says it must go.
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.userId, user.id));
    await freshToken('another-sweeper@example.com');
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  // GET /api/notifications/unread-count reads the session in its own query (docs/decisions/028-hot-read-path.md): same rules.
  it("answers the bell's count under the same rules: own count only, idle or expired sessions refused", async () => {
    const count = async (token: string) => {
      const browser = new Browser(t.app);
      browser.cookies.set('sid', token);
      return browser.request({ method: 'GET', url: '/api/notifications/unread-count' });
    };
    const one = await freshToken('bell-one@example.com');
    const two = await freshToken('bell-two@example.com');
    const userOf = async (token: string) => (await resolveSession(t.database.db, token))!.id;
    const twoId = await userOf(two);
    await t.database.db
      .insert(notifications)
      .values(
        [1, 2, 3].map((i) => ({ userId: twoId, title: `For two ${i}`, message: 'Hello.', type: 'system' })),
      );
    const oneCount = (await count(one)).json<{ count: number }>().count;
    expect((await count(two)).json()).toEqual({ count: oneCount + 3 });

    // The answers are kept in memory (docs/decisions/040-unread-count-in-memory.md), so time passes on the
    // app's clock here, as it would, rather than in the rows.
    const oneId = await userOf(one);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Seen two hours ago: answered, and the visit recorded.
      vi.setSystemTime(start + 2 * HOUR);
      expect((await count(two)).statusCode).toBe(200);
      const [touched] = await t.database.db.select().from(sessions).where(eq(sessions.userId, twoId));
      expect(touched!.lastSeenAt.getTime()).toBe(start + 2 * HOUR);

      // Idle for more than 7 days: refused, and the session is gone.
      vi.setSystemTime(start + 2 * HOUR + SESSION_IDLE_MS + HOUR);
      expect((await count(two)).json()).toEqual({ error: 'Please sign in to continue.' });
      expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, twoId))).toEqual([]);

      // Past its absolute expiry, however recently seen: refused.
      await t.database.db
        .update(sessions)
        .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(sessions.userId, oneId));
      expect((await count(one)).statusCode).toBe(401);
      expect((await count('made-up-token')).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not know a made-up token', async () => {
    expect(await resolveSession(t.database.db, 'not-a-real-token')).toBeNull();
  });
});
