import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AdminQueueCountsSchema, type AdminQueueCounts } from '../../../shared/admin.js';
import { AdminHeldMessageListSchema, AdminHeldRequestListSchema } from '../../../shared/held-review.js';
import { AdminReportListSchema } from '../../../shared/reports.js';
import type { Db } from '../../db/client.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../testing/test-app.js';
import { LOST_REQUEST_CURSOR } from './held/held.js';
import { LOST_REPORT_CURSOR } from './reports/reports.js';

/** PGlite and pg both answer `{ rows }`; the Db type leaves it unknown. */
const IdRowsSchema = z.object({ rows: z.array(z.object({ id: z.coerce.number() })) });
/** The ids a statement returns, ascending: seeded rows get theirs in the order they are inserted. */
const ids = async (db: Db, query: ReturnType<typeof sql>) =>
  IdRowsSchema.parse(await db.execute(query))
    .rows.map((row) => row.id)
    .sort((a, b) => a - b);

const SEEDED = 60;
/**
 * Row i (inserted in id order) is made in minute (59 - i) / 2 of the day, so later rows are older, each
 * minute holds two rows (the id breaks the tie), and every time carries microseconds a JS Date drops.
 */
const createdAt = sql`timestamptz '2026-01-05 09:00:00.000123+00' + ((${SEEDED - 1} - i) / 2) * interval '1 minute'`;
/** The seeded ids in the queue's order: (created_at, id) ascending. */
const queueOrder = (seeded: number[]) =>
  seeded
    .map((id, i) => ({ id, minute: Math.floor((SEEDED - 1 - i) / 2) }))
    .sort((a, b) => a.minute - b.minute || a.id - b.id)
    .map(({ id }) => id);

async function seedUsers(db: Db, count: number, tag: string): Promise<number[]> {
  return ids(
    db,
    sql`insert into users (username, email, full_name)
      select ${tag} || i, ${tag} || i || '@example.com', 'Queue User ' || i
      from generate_series(0, ${count - 1}) i
      returning id`,
  );
}

interface Queue {
  name: string;
  path: string;
  parse: (body: unknown) => { id: number }[];
  /** Seeds SEEDED items; answers their ids in the queue's order. */
  seed: (t: TestApp) => Promise<number[]>;
  /** An admin's review that takes the item out of the queue. */
  review: (admin: SignedIn, id: number) => Promise<{ statusCode: number; body: string }>;
  table: string;
  cursorError: string;
  /** The refusal of a cursor that names nothing, or null where any id is a place in the queue. */
  lostCursor: string | null;
  /** The queue's number in GET /api/admin/queue-counts. */
  count: keyof AdminQueueCounts;
  /** A user the first item of a page shows, and their name there. */
  shown: (body: unknown) => { id: number; fullName: string };
}

const QUEUES: Queue[] = [
  {
    name: 'held requests',
    path: '/api/admin/requests?status=held&',
    parse: (body) => AdminHeldRequestListSchema.parse(body),
    async seed(t) {
      const db = t.database.db;
      const [seeker] = await seedUsers(db, 1, 'held-seeker');
      const seeded = await ids(
        db,
        sql`insert into referral_requests (job_seeker_id, company_id, position, job_url, normalized_job_url,
            status, message, held_rule, created_at)
          select ${seeker}, 1, 'Engineer ' || i, 'https://jobs.example/held/' || i, 'jobs.example/held/' || i,
            'held', 'I will pay $300 for a referral.', 'pay-verb', ${createdAt}
          from generate_series(0, ${SEEDED - 1}) i
          order by i
          returning id`,
      );
      return queueOrder(seeded);
    },
    review: (admin, id) => admin.post(`/api/admin/requests/${id}/release`, {}),
    table: 'referral_requests',
    cursorError: 'The after cursor must be a held request id.',
    lostCursor: LOST_REQUEST_CURSOR,
    count: 'heldRequests',
    shown: (body) => AdminHeldRequestListSchema.parse(body)[0]!.seeker,
  },
  {
    name: 'held messages',
    path: '/api/admin/messages?status=held&',
    parse: (body) => AdminHeldMessageListSchema.parse(body),
    async seed(t) {
      const db = t.database.db;
      const [seeker, referrer] = await seedUsers(db, 2, 'thread-user');
      const [request] = await ids(
        db,
        sql`insert into referral_requests (job_seeker_id, company_id, position, job_url, normalized_job_url)
          values (${seeker}, 1, 'Engineer', 'https://jobs.example/thread', 'jobs.example/thread')
          returning id`,
      );
      const [referral] = await ids(
        db,
        sql`insert into referrals (request_id, referrer_id) values (${request}, ${referrer}) returning id`,
      );
      // Messages are in the queue by id alone, so their times do not matter here.
      return ids(
        db,
        sql`insert into referral_messages (referral_id, author_id, body, status, held_rule)
          select ${referral}, ${seeker}, 'Happy to Venmo you ' || i || ' dollars.', 'held', 'payment-app'
          from generate_series(0, ${SEEDED - 1}) i
          order by i
          returning id`,
      );
    },
    review: (admin, id) => admin.post(`/api/admin/messages/${id}/reject`, { reason: 'No payments.' }),
    table: 'referral_messages',
    cursorError: 'The after cursor must be a held message id.',
    lostCursor: null,
    count: 'heldMessages',
    shown: (body) => AdminHeldMessageListSchema.parse(body)[0]!.recipient,
  },
  {
    name: 'open reports',
    path: '/api/admin/reports?',
    parse: (body) => AdminReportListSchema.parse(body),
    async seed(t) {
      const db = t.database.db;
      const [subject, ...reporters] = await seedUsers(db, SEEDED + 1, 'reporter');
      const seeded = await ids(
        db,
        sql`insert into reports (reporter_id, subject_id, reason, note, created_at)
          select (${sql.raw(`array[${reporters.join(',')}]`)})[i + 1], ${subject}, 'spam', 'Report ' || i,
            ${createdAt}
          from generate_series(0, ${SEEDED - 1}) i
          order by i
          returning id`,
      );
      return queueOrder(seeded);
    },
    review: (admin, id) => admin.post(`/api/admin/reports/${id}/resolve`, { action: 'dismissed' }),
    table: 'reports',
    cursorError: 'The after cursor must be a report id.',
    lostCursor: LOST_REPORT_CURSOR,
    count: 'openReports',
    shown: (body) => AdminReportListSchema.parse(body)[0]!.reporter!,
  },
];

/** Issue 26: the console's three queues come a page at a time, oldest first (both databases). */
describe.each(testDatabases)('admin queue pages (%s)', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let someone: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { referralSweep: false, livenessSweep: false },
      { ADMIN_EMAILS: 'boss@example.com' },
    );
    admin = await t.signIn('Bo Boss', 'boss@example.com');
    someone = await t.signIn('Sam Seeker');
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells the counts to admins only: anyone else, a visitor too, finds no such endpoint', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/queue-counts' })).statusCode).toBe(404);
    const refused = await someone.get('/api/admin/queue-counts');
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: 'No such endpoint: GET /api/admin/queue-counts' });
  });

  describe.each(QUEUES)('$name', (queue) => {
    let order: number[];
    beforeAll(async () => {
      order = await queue.seed(t);
    });
    const page = async (query: string) => {
      const res = await admin.get(`${queue.path}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return queue.parse(res.json()).map((item) => item.id);
    };

    // The first page is read afresh: a renamed user shows at once.
    it('answers the first page anew when a user it shows is renamed, though no item of the queue changed', async () => {
      const before = await admin.get(queue.path);
      expect((await admin.get(queue.path)).body).toBe(before.body);
      const user = queue.shown(before.json());
      const renamed = `${user.fullName} Renamed`;
      await t.database.db.execute(sql`update users set full_name = ${renamed} where id = ${user.id}`);
      const after = await admin.get(queue.path);
      expect(queue.shown(after.json())).toEqual({ ...user, fullName: renamed });
      expect(after.body).toBe(before.body.replaceAll(`"${user.fullName}"`, `"${renamed}"`));
    });

    it('answers the oldest 50 first, then the rest after the last of them, in order, none twice', async () => {
      const first = await page('');
      expect(first).toEqual(order.slice(0, 50));
      expect(await page('limit=50')).toEqual(first);
      const second = await page(`after=${first.at(-1)}`);
      expect(second).toEqual(order.slice(50));
      expect(await page(`after=${second.at(-1)}`)).toEqual([]);
      // Smaller pages walk the same order.
      const small = await page('limit=7');
      expect(small).toEqual(order.slice(0, 7));
      expect(await page(`limit=7&after=${small.at(-1)}`)).toEqual(order.slice(7, 14));
    });

    it('still pages on from a cursor whose item was reviewed meanwhile; a reviewed item leaves the queue', async () => {
      const cursor = order[49]!;
      const reviewed = await queue.review(admin, cursor);
      expect(reviewed.statusCode, reviewed.body).toBe(200);
      const gone = order[55]!;
      expect((await queue.review(admin, gone)).statusCode).toBe(200);
      expect(await page(`after=${cursor}`)).toEqual(order.slice(50).filter((id) => id !== gone));
      expect(await page('')).toEqual(order.slice(0, 49).concat(order[50]!));
    });

    it('counts what waits in the queue, all pages together, and one fewer after a review', async () => {
      const counts = async () => {
        const res = await admin.get('/api/admin/queue-counts');
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
        return AdminQueueCountsSchema.strict().parse(res.json());
      };
      const waiting: number[] = [];
      for (let items = await page(''); items.length > 0; items = await page(`after=${items.at(-1)}`)) {
        waiting.push(...items);
      }
      expect(waiting.length).toBeGreaterThan(50);
      const before = await counts();
      expect(before[queue.count]).toBe(waiting.length);
      expect((await queue.review(admin, waiting.at(-1)!)).statusCode).toBe(200);
      const after = await counts();
      expect(after).toEqual({ ...before, [queue.count]: waiting.length - 1 });
    });

    it('refuses a cursor that names nothing with a sentence, or pages on where any id is a place', async () => {
      const [deleted] = await ids(
        t.database.db,
        sql`delete from ${sql.identifier(queue.table)} where id = ${order[59]!} returning id`,
      );
      expect(deleted).toBe(order[59]);
      for (const after of [deleted, 2_000_000_000]) {
        const res = await admin.get(`${queue.path}after=${after}`);
        if (queue.lostCursor === null) {
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json()).toEqual([]);
        } else {
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json().error).toBe(queue.lostCursor);
        }
      }
    });

    it('refuses a bad limit or cursor with a sentence, never a 500; to anyone else it is no endpoint', async () => {
      for (const limit of ['0', '101', 'x', '2.5', '']) {
        const res = await admin.get(`${queue.path}limit=${limit}`);
        expect(res.statusCode, `limit=${limit}: ${res.body}`).toBe(400);
        expect(res.json().error).toBe('The limit must be a whole number from 1 to 100.');
      }
      for (const after of ['abc', '-1', '0', '1e3', '99999999999']) {
        const res = await admin.get(`${queue.path}after=${after}`);
        expect(res.statusCode, `after=${after}: ${res.body}`).toBe(400);
        expect(res.json().error).toBe(queue.cursorError);
      }
      const path = queue.path.split('?')[0]!;
      for (const query of ['limit=10', 'limit=0', `after=${order[0]}`]) {
        const res = await someone.get(`${queue.path}${query}`);
        expect(res.statusCode, query).toBe(404);
        expect(res.json().error).toBe(`No such endpoint: GET ${path}`);
      }
    });
  });
});
