import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../../db/schema.js';
import { keptCounts } from '../../kept/counts.js';
import { Browser, ORIGIN, createTestApp, testDatabases, type TestApp } from '../../testing/test-app.js';

describe.each(testDatabases)('activity log (%s)', (kind) => {
  let t: TestApp;
  let browser: Browser;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const act = await t.signIn('Act');
    browser = act.browser;
    userId = act.user.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (b: Browser, payload: unknown) =>
    b.request({ method: 'POST', url: '/api/activity', headers: ORIGIN, payload: payload as object });

  it('stores what the signed-in user did', async () => {
    const res = await post(browser, {
      category: 'notification',
      action: 'click',
      details: { notificationId: 3 },
    });
    expect(res.statusCode).toBe(204);
    const rows = await t.database.db.select().from(activities).where(eq(activities.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      category: 'notification',
      action: 'click',
      details: { notificationId: 3 },
    });
  });

  it('takes the signed-in user from memory and leaves them kept: a page view costs no session read', async () => {
    const viewer = await t.signIn('Page Viewer');
    const misses = () => keptCounts().get('signed-in user')?.misses ?? 0;
    // On PostgreSQL the sign-in's own change reaches the memo over the channel a moment later and drops what
    // the first read kept; read until one read finds the user kept, so only the page views can miss below.
    for (let tries = 0; tries < 50; tries++) {
      const was = misses();
      expect((await viewer.get('/api/user/skills')).statusCode).toBe(200);
      if (misses() === was) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const before = misses();
    for (let i = 0; i < 3; i++) {
      expect((await post(viewer.browser, { category: 'navigation', action: 'page_view' })).statusCode).toBe(
        204,
      );
    }
    expect((await viewer.get('/api/user/skills')).statusCode).toBe(200);
    expect(misses() - before, 'no write and no read after them went to the database for the user').toBe(0);
    // The session, once ended, is refused as a read's is: the memo hears it end.
    const cookie = viewer.browser.cookieHeader();
    expect((await viewer.post('/auth/logout', undefined)).statusCode).toBe(200);
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/activity',
      headers: { ...ORIGIN, cookie },
      payload: { category: 'navigation', action: 'late' },
    });
    expect(late.statusCode).toBe(401);
  });

  it('refuses visitors, unknown categories, blank actions and oversized details', async () => {
    const visitor = await post(new Browser(t.app), { category: 'profile', action: 'view' });
    expect(visitor.statusCode).toBe(401);
    const unknown = await post(browser, { category: 'shopping', action: 'buy' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('Unknown activity category');
    const blank = await post(browser, { category: 'profile', action: '  ' });
    expect(blank.json().error).toBe('Action is required');
    const huge = await post(browser, {
      category: 'profile',
      action: 'x',
      details: { text: 'a'.repeat(3000) },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error).toMatch(/Details must be at most 2000 characters/);
  });
  it('takes 120 events a minute from one user, then answers 429 with Retry-After; others are not slowed', async () => {
    const busy = await t.signIn('Busy Clicker');
    const answers = await Promise.all(
      Array.from({ length: 125 }, () => post(busy.browser, { category: 'navigation', action: 'tick' })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 204)).toHaveLength(120);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error).toMatch(/^[A-Z].*\.$/);
    expect(
      await t.database.db.$count(activities, eq(activities.userId, busy.user.id)),
      'the refused ones are not stored',
    ).toBe(120);
    expect((await post(browser, { category: 'navigation', action: 'calm' })).statusCode).toBe(204);
  });
});
