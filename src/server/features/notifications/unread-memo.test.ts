import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type Browser,
  ORIGIN,
  createTestApp,
  sameBrowserOn,
  testDatabases,
  type SignedIn,
  type TestApp,
} from '../../testing/test-app.js';
import { heldAnnouncements } from '../../testing/held-announcements.js';
import { notify } from './service.js';

const CountSchema = z.object({ count: z.number() });
const NOT_VERIFIED = { KEPT_ANSWERS_VERIFY: '0' };

// The bell's count is answered from memory (kept/session-memo.ts,
// docs/decisions/040-unread-count-in-memory.md): after the user's own write their next poll on the instance
// that wrote it shows it at once; any other change shows on every instance as soon as it hears it. Verify mode
// is off here: it would read afresh behind a stale answer and hide it.
describe.each(testDatabases)('the bell count kept in memory (%s)', (kind) => {
  let t: TestApp;
  /** A second instance on the same database, as behind a load balancer. */
  let other: TestApp;
  /** What the first instance hears, held back at will. */
  const announcements = heldAnnouncements();
  beforeAll(async () => {
    t = await createTestApp(kind, { wrapListen: announcements.wrap }, NOT_VERIFIED);
    other = await createTestApp(kind, {}, NOT_VERIFIED, t);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const count = async (browser: Browser) => {
    const res = await browser.request({ method: 'GET', url: '/api/notifications/unread-count' });
    expect(res.statusCode, res.body).toBe(200);
    return CountSchema.parse(res.json()).count;
  };
  const onOther = (user: SignedIn) => sameBrowserOn(other.app, user);
  const note = (db: TestApp['database']['db'], userId: number) =>
    notify(db, { userId, title: 'Kept?', message: 'Never stale', type: 'test' });

  it("shows the user's own write at their very next poll on the instance that made it", async () => {
    const ann = await t.signIn('Ann Bell');
    expect(await count(ann.browser)).toBe(1);
    await note(t.database.db, ann.user.id);
    await expect.poll(() => count(ann.browser)).toBe(2);
    // Nothing is heard from the channel meanwhile: the write itself drops what was kept.
    announcements.hold();
    try {
      const read = await ann.browser.request({
        method: 'PUT',
        url: '/api/notifications/read-all',
        headers: ORIGIN,
      });
      expect(read.json()).toEqual({ updated: 2 });
      expect(await count(ann.browser)).toBe(0);
    } finally {
      announcements.release();
    }
  });

  it('shows a write made on one instance on the other, kept or not', async () => {
    const ben = await t.signIn('Ben Bell');
    const benOnOther = onOther(ben);
    expect([await count(ben.browser), await count(benOnOther)]).toEqual([1, 1]);
    // Made through the second instance: the first hears it.
    await note(other.database.db, ben.user.id);
    await expect.poll(() => count(ben.browser)).toBe(2);
    // The second hears its own write on the channel too, as the first does: no sooner.
    await expect.poll(() => count(benOnOther)).toBe(2);
    // Read on the first: the second hears it.
    await ben.browser.request({ method: 'PUT', url: '/api/notifications/read-all', headers: ORIGIN });
    expect(await count(ben.browser)).toBe(0);
    await expect.poll(() => count(benOnOther)).toBe(0);
    // An operator's SQL reaches both.
    await t.database.db.execute(sql`update notifications set read = false where user_id = ${ben.user.id}`);
    await expect.poll(() => count(ben.browser)).toBe(2);
    await expect.poll(() => count(benOnOther)).toBe(2);
  });
});
