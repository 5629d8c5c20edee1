/**
 * `npm run bench`: does a user with many notifications stay as fast as one with few?
 * Builds the app on an in-memory database, gives one user SMALL and another LARGE notifications, times the
 * bell's and page's reads for both in the same run, and prints the LARGE/SMALL time ratio per endpoint
 * (about 1 means the reads do not grow with the list). Also asks PostgreSQL how it plans the hot reads.
 */
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { notifications } from '../src/server/db/schema.js';
import { readSession } from '../src/server/features/auth/sessions.js';
import { countUnreadBySession } from '../src/server/features/notifications/repo.js';
import { Browser, createTestApp } from '../src/server/testing/test-app.js';

const SMALL = 100;
const LARGE = 20_000;
const ROUNDS = 200;
const OTHER_USERS = 40;
const OTHER_ROWS = 2_500;
const ENDPOINTS = [
  '/api/notifications/unread-count',
  '/api/notifications/recent',
  '/api/notifications',
  '/api/notifications?limit=50&before={middle}',
];

const t = await createTestApp('pglite');
const db = t.database.db;

async function userWith(count: number, email: string) {
  const browser = new Browser(t.app);
  await browser.signIn(email, 'Bench User');
  const status = (await browser.request({ method: 'GET', url: '/auth/status' })).json() as {
    user: { id: number };
  };
  const userId = status.user.id;
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, i) => ({
      userId,
      title: `Update ${start + i}`,
      message: 'Your referral request moved forward.',
      type: 'referral_status',
      read: (start + i) % 3 === 0,
      createdAt: new Date(Date.UTC(2025, 0, 1) + (start + i) * 60_000),
    }));
    await db.insert(notifications).values(rows);
  }
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.id)
    .offset(Math.floor(count / 2))
    .limit(1);
  return { browser, middle: row!.id };
}

async function time(browser: Browser, url: string): Promise<number> {
  for (let i = 0; i < 20; i++) await browser.request({ method: 'GET', url }); // warm up
  const startedAt = performance.now();
  for (let i = 0; i < ROUNDS; i++) {
    const res = await browser.request({ method: 'GET', url });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
  }
  return (performance.now() - startedAt) / ROUNDS;
}

const small = await userWith(SMALL, 'small@example.com');
const large = await userWith(LARGE, 'large@example.com');
// Other users' rows, so the table looks like a shared one and the planner picks as it would in production.
for (let i = 0; i < OTHER_USERS; i++) await userWith(OTHER_ROWS, `other${i}@example.com`);
await db.execute(sql`analyze notifications`);

console.log(
  `notifications: ${SMALL} vs ${LARGE} per user (table of ${SMALL + LARGE + OTHER_USERS * OTHER_ROWS}), ` +
    `${ROUNDS} requests each, in-process (app.inject, PGlite)`,
);
console.log('endpoint'.padEnd(48), 'small ms'.padStart(9), 'large ms'.padStart(9), 'ratio'.padStart(7));
for (const endpoint of ENDPOINTS) {
  const s = await time(small.browser, endpoint.replace('{middle}', String(small.middle)));
  const l = await time(large.browser, endpoint.replace('{middle}', String(large.middle)));
  console.log(
    endpoint.padEnd(48),
    s.toFixed(2).padStart(9),
    l.toFixed(2).padStart(9),
    (l / s).toFixed(2).padStart(7),
  );
}

// The route above answers repeated polls from memory (docs/decisions/040-unread-count-in-memory.md); the poll
// after a change reads the database, timed here on its own: the session and the count in one query.
async function timeQuery(token: string): Promise<number> {
  const read = () => readSession(db, token, new Date(), (hash, now) => countUnreadBySession(db, hash, now));
  for (let i = 0; i < 20; i++) await read();
  const startedAt = performance.now();
  for (let i = 0; i < ROUNDS; i++) if (!(await read())) throw new Error('the session was not found');
  return (performance.now() - startedAt) / ROUNDS;
}
{
  const s = await timeQuery(small.browser.cookies.get('sid')!);
  const l = await timeQuery(large.browser.cookies.get('sid')!);
  console.log(
    'unread count from the database (after a change)'.padEnd(48),
    s.toFixed(2).padStart(9),
    l.toFixed(2).padStart(9),
    (l / s).toFixed(2).padStart(7),
  );
}

const PlanSchema = z.object({ rows: z.array(z.object({ 'QUERY PLAN': z.string() })) });

async function plan(label: string, query: ReturnType<typeof sql>) {
  const { rows } = PlanSchema.parse(await db.execute(sql`explain ${query}`));
  console.log(`\n${label}:\n  ${rows.map((r) => r['QUERY PLAN'].trim()).join('\n  ')}`);
}
await plan(
  'unread count (large user)',
  sql`select count(*) from notifications where user_id = 2 and not read`,
);
await plan(
  'first page (large user)',
  sql`select * from notifications where user_id = 2 order by created_at desc, id desc limit 50`,
);
await t.close();
