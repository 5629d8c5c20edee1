import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NotificationListSchema,
  NotificationSchema,
  type Notification,
} from '../../../shared/notifications.js';
import {
  Browser,
  ORIGIN,
  createTestApp,
  testDatabases,
  type SignedIn,
  type TestApp,
} from '../../testing/test-app.js';
import { notify } from './service.js';

describe.each(testDatabases)('notifications API (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A freshly signed-up user, who already holds the welcome notification. */
  const newUser = () => t.signIn();

  const write = (
    who: SignedIn,
    method: 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string> = {},
  ) => who.browser.request({ method, url, headers: { ...ORIGIN, ...headers } });

  async function list(browser: SignedIn, url = '/api/notifications'): Promise<Notification[]> {
    const res = await browser.get(url);
    expect(res.statusCode).toBe(200);
    return NotificationListSchema.parse(res.json());
  }

  async function unread(browser: SignedIn): Promise<number> {
    const res = await browser.get('/api/notifications/unread-count');
    expect(res.statusCode).toBe(200);
    return (res.json() as { count: number }).count;
  }

  async function notifyMany(userId: number, n: number) {
    for (let i = 1; i <= n; i++) {
      await notify(t.database.db, { userId, title: `Note ${i}`, message: `Message ${i}`, type: 'test' });
    }
  }

  it('welcomes a new user exactly once, however often they sign in', async () => {
    const browser = await newUser();
    const [welcome, ...rest] = await list(browser);
    expect(rest).toEqual([]);
    expect(welcome).toMatchObject({
      title: 'Welcome to ReferBridge!',
      type: 'welcome',
      link: '/profile/edit',
      read: false,
    });
    expect(welcome!.message).toMatch(/profile/);
    expect(await unread(browser)).toBe(1);

    await browser.browser.signIn(browser.user.email, browser.user.fullName);
    expect(await list(browser)).toHaveLength(1);
  });

  it('lists newest first in pages of 50 by default, with the before cursor for older ones', async () => {
    const browser = await newUser();
    const id = browser.user.id;
    await write(browser, 'DELETE', `/api/notifications/${(await list(browser))[0]!.id}`);
    await notifyMany(id, 120);

    const first = await list(browser);
    expect(first.map((n) => n.title)).toEqual(Array.from({ length: 50 }, (_, i) => `Note ${120 - i}`));
    const second = await list(browser, `/api/notifications?before=${first.at(-1)!.id}`);
    expect(second.map((n) => n.title)).toEqual(Array.from({ length: 50 }, (_, i) => `Note ${70 - i}`));
    const third = await list(browser, `/api/notifications?before=${second.at(-1)!.id}&limit=100`);
    expect(third.map((n) => n.title)).toEqual(Array.from({ length: 20 }, (_, i) => `Note ${20 - i}`));
    expect(await list(browser, `/api/notifications?before=${third.at(-1)!.id}`)).toEqual([]);

    const small = await list(browser, '/api/notifications?limit=3');
    expect(small.map((n) => n.title)).toEqual(['Note 120', 'Note 119', 'Note 118']);
    expect(new Date(small[0]!.createdAt).getTime()).toBeGreaterThanOrEqual(
      new Date(small[2]!.createdAt).getTime(),
    );

    const recent = await list(browser, '/api/notifications/recent');
    expect(recent.map((n) => n.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Note ${120 - i}`));
    expect(await unread(browser)).toBe(120);
  });

  it('refuses bad list parameters with a sentence', async () => {
    const browser = await newUser();
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=abc',
      'before=-4',
      'before=x',
      'before=99999999999',
    ]) {
      const res = await browser.get(`/api/notifications?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toMatch(/^The (limit|before cursor) must be/);
    }
  });

  it('marks one read, then all read, and counts unread', async () => {
    const browser = await newUser();
    const id = browser.user.id;
    await notifyMany(id, 3);
    expect(await unread(browser)).toBe(4);
    const [newest] = await list(browser);

    const res = await write(browser, 'PUT', `/api/notifications/${newest!.id}/read`, {
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(200);
    expect(NotificationSchema.parse(res.json())).toMatchObject({ id: newest!.id, read: true });
    expect(await unread(browser)).toBe(3);
    // Marking it again is harmless.
    expect((await write(browser, 'PUT', `/api/notifications/${newest!.id}/read`)).statusCode).toBe(200);

    const all = await write(browser, 'PUT', '/api/notifications/read-all');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ updated: 3 });
    expect(await unread(browser)).toBe(0);
    expect((await list(browser)).every((n) => n.read)).toBe(true);
    expect(
      (
        await write(browser, 'PUT', '/api/notifications/read-all', { 'content-type': 'application/json' })
      ).json(),
    ).toEqual({
      updated: 0,
    });
  });

  // The count is kept in memory per session (docs/decisions/040-unread-count-in-memory.md): every way it
  // can change must reach every session of the user.
  it("shows every change in each of the user's sessions at its next poll", async () => {
    const first = await newUser();
    const second = await t.signIn('Second Tab', first.user.email);
    expect([await unread(first), await unread(second)]).toEqual([1, 1]);

    // Another feature's notification arrives through the channel, as from any instance.
    await notifyMany(first.user.id, 2);
    await expect.poll(() => unread(first)).toBe(3);
    await expect.poll(() => unread(second)).toBe(3);

    // This instance's own write is seen at once, with no wait for the channel.
    const [newest] = await list(first);
    expect((await write(first, 'DELETE', `/api/notifications/${newest!.id}`)).statusCode).toBe(204);
    expect([await unread(second), await unread(first)]).toEqual([2, 2]);

    // Signing out everywhere ends the other session's answers at once too.
    expect((await write(first, 'PUT', '/api/notifications/read-all')).statusCode).toBe(200);
    expect(await unread(second)).toBe(0);
    const out = await first.browser.request({ method: 'POST', url: '/auth/logout-all', headers: ORIGIN });
    expect(out.statusCode).toBe(200);
    const after = await second.get('/api/notifications/unread-count');
    expect(after.statusCode).toBe(401);
  });

  it('deletes one notification', async () => {
    const browser = await newUser();
    const id = browser.user.id;
    await notifyMany(id, 2);
    const [newest, ...others] = await list(browser);
    const res = await write(browser, 'DELETE', `/api/notifications/${newest!.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await list(browser)).toEqual(others);
    const again = await write(browser, 'DELETE', `/api/notifications/${newest!.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'Notification not found.' });
  });

  it("refuses another user's notifications with 404 and changes nothing", async () => {
    const owner = await newUser();
    const other = await newUser();
    const [mine] = await list(owner);

    for (const [method, url] of [
      ['PUT', `/api/notifications/${mine!.id}/read`],
      ['DELETE', `/api/notifications/${mine!.id}`],
    ] as const) {
      const res = await write(other, method, url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Notification not found.' });
    }
    await write(other, 'PUT', '/api/notifications/read-all');
    expect(await list(owner)).toEqual([mine]);
    expect(await unread(owner)).toBe(1);
    // Someone else's id as a cursor shows nothing of theirs.
    expect(await list(other, `/api/notifications?before=${mine!.id}`)).toEqual([]);
    expect((await list(other)).map((n) => n.id)).not.toContain(mine!.id);
  });

  it('refuses malformed ids with 400', async () => {
    const browser = await newUser();
    for (const bad of ['abc', '0', '-1', '1.5', '2147483648', '1e3x', '0x10', '1e3', '3.0', '%203', '03']) {
      for (const [method, url] of [
        ['PUT', `/api/notifications/${bad}/read`],
        ['DELETE', `/api/notifications/${bad}`],
      ] as const) {
        const res = await write(browser, method, url);
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json().error).toBe('The notification id must be a positive whole number.');
      }
    }
  });

  it('answers visitors with 401 on every route', async () => {
    const visitor = new Browser(t.app);
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications?limit=abc'],
      ['GET', '/api/notifications/recent'],
      ['GET', '/api/notifications/unread-count'],
      ['PUT', '/api/notifications/1/read'],
      ['PUT', '/api/notifications/read-all'],
      ['DELETE', '/api/notifications/1'],
    ] as const) {
      const res = await visitor.request({ method, url, headers: ORIGIN });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ error: 'Please sign in to continue.' });
    }
  });

  it('refuses cross-origin writes with 403 and a text/plain body with 415', async () => {
    const browser = await newUser();
    const [welcome] = await list(browser);
    for (const [method, url] of [
      ['PUT', `/api/notifications/${welcome!.id}/read`],
      ['PUT', '/api/notifications/read-all'],
      ['DELETE', `/api/notifications/${welcome!.id}`],
    ] as const) {
      const res = await browser.browser.request({ method, url, headers: { origin: 'https://evil.example' } });
      expect(res.statusCode).toBe(403);
    }
    const plain = await browser.browser.request({
      method: 'PUT',
      url: `/api/notifications/${welcome!.id}/read`,
      headers: { ...ORIGIN, 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(plain.statusCode).toBe(415);
    expect(await list(browser)).toEqual([welcome]);
  });

  it('keeps notification links inside the app', async () => {
    const { id } = (await newUser()).user;
    await expect(
      notify(t.database.db, {
        userId: id,
        title: 't',
        message: 'm',
        type: 'x',
        link: 'https://evil.example',
      }),
    ).rejects.toThrow();
    const ok = await notify(t.database.db, {
      userId: id,
      title: 't',
      message: 'm',
      type: 'x',
      link: '/my-referrals',
    });
    expect(ok.link).toBe('/my-referrals');
  });
});
