/**
 * The large data set of `npm run bench` (issue 13): 100,000 users, 1,000,000 notifications and 200,000
 * referral requests, with a seeker and a referrer whose lists look like a busy user's. Issue 26 adds what
 * the newer reads need: listed companies nobody refers at (the directory reads past them), paused
 * referrers, threads of messages, and an admin queue of held requests, held messages and open reports.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../src/server/db/client.js';

const ThreadRowsSchema = z.object({ rows: z.array(z.object({ id: z.coerce.number() })) });

export const SIZE = {
  users: 100_000,
  referrers: 10_000,
  companies: 1_000,
  notifications: 1_000_000,
  requests: 200_000,
  /** Listed companies without a referrer: the directory skips them. */
  unstaffedCompanies: 4_000,
  /** Referrals with a thread, and its length (1 message in 40 held for an admin). */
  threads: 20_000,
  messagesPerThread: 5,
  heldRequests: 500,
  /** Reports on as many requests, every other one resolved (about 450 stay open: a pair once). */
  reports: 2_000,
};
/** A seeker with a long history, and a referrer of company 1 (see the seed below). */
export const SEEKER_ID = 10_001;
export const REFERRER_ID = 1_000;
/** A seeker named on ADMIN_EMAILS by the bench. */
export const ADMIN_ID = 100_000;
export const ADMIN_EMAIL = `user${ADMIN_ID}@example.com`;
/** The length of the bench seeker's busiest thread (benchThreadId). */
export const BENCH_THREAD_MESSAGES = 50;

/** Everything with set-based SQL: a million rows take seconds, not minutes. */
export async function seedLargeDataSet(db: Db): Promise<void> {
  const { users, referrers, companies, notifications, requests } = SIZE;
  // Constants inlined, not bound: PostgreSQL cannot type a bound parameter in `i % $1`.
  const n = (value: number) => sql.raw(String(value));
  await db.execute(sql`
    insert into companies (name, normalized_name, domain)
    select 'Company ' || i, 'company ' || i, 'company' || i || '.example.com'
    from generate_series(1, ${n(companies)}) i
    on conflict do nothing`);
  // Users 1..referrers are referrers; user u works at company (u % companies) + 1.
  await db.execute(sql`
    insert into users (id, username, email, full_name, role, current_company_name, willing_to_give_referrals, profile_completed)
    select i, 'user' || i, 'user' || i || '@example.com', 'User ' || i,
      case when i <= ${n(referrers)} then 'referrer' else 'job_seeker' end,
      case when i <= ${n(referrers)} then 'Company ' || (i % ${n(companies)} + 1) end,
      i <= ${n(referrers)}, true
    from generate_series(1, ${n(users)}) i`);
  await db.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), ${n(users)})`);
  await db.execute(sql`
    insert into referrers (user_id, company_id, is_verified, verification_method, verified_at)
    select i, (select id from companies where normalized_name = 'company ' || (i % ${n(companies)} + 1)),
      true, 'sign-in-email', now() - (i % 300) * interval '1 day'
    from generate_series(1, ${n(referrers)}) i`);
  // Ten notifications a user, two thirds of them unread, spread over a year. The bench seeker has 2,000
  // more, one an hour, read but for the newest 40 (someone who uses the bell).
  await db.execute(sql`
    insert into notifications (user_id, title, message, type, read, created_at)
    select i % ${n(users)} + 1, 'Update ' || i, 'Your referral request moved forward.', 'referral_status',
      i % 3 = 0, now() - (i % 525600) * interval '1 minute'
    from generate_series(1, ${n(notifications)}) i`);
  await db.execute(sql`
    insert into notifications (user_id, title, message, type, read, created_at)
    select ${n(SEEKER_ID)}, 'Update ' || i, 'Your referral request moved forward.', 'referral_status',
      i > 40, now() - i * interval '1 hour'
    from generate_series(1, 2000) i`);
  // Request i is the seeker's (10001 + i % 90000) at company (i % companies) + 1, held by one of that
  // company's referrers; its status cycles through the machine, answered a few hours after it was made.
  await db.execute(sql`
    insert into referral_requests (job_seeker_id, company_id, position, job_url, normalized_job_url, status, created_at)
    select ${n(referrers)} + 1 + i % (${n(users)} - ${n(referrers)}),
      (select id from companies where normalized_name = 'company ' || (i % ${n(companies)} + 1)),
      'Engineer ' || i, 'https://jobs.example.com/' || i, 'jobs.example.com/' || i,
      (array['pending','accepted','declined','submitted','interviewing','hired'])[i % 6 + 1],
      now() - (i % 120) * interval '1 day'
    from generate_series(1, ${n(requests)}) i`);
  await db.execute(sql`
    insert into referrals (request_id, referrer_id, status, answered_at, created_at)
    select r.id, (r.id % ${n(companies)}) + ${n(companies)} * (1 + (r.id / ${n(companies)}) % 9), r.status,
      case when r.status <> 'pending' then r.created_at + interval '5 hours' end, r.created_at
    from referral_requests r`);
  await seedMarketplace(db);
  // As autovacuum leaves a live database: statistics, and a visibility map for index-only scans.
  await db.execute(sql`vacuum analyze`);
}

/** The newer reads' data (issue 26): the directory, threads, and the admin queue. */
async function seedMarketplace(db: Db): Promise<void> {
  const { companies, referrers, users, requests, unstaffedCompanies, threads, messagesPerThread } = SIZE;
  const n = (value: number) => sql.raw(String(value));
  // Named 'Company 1001'… they sort among the staffed ones ('company 1', 'company 10', 'company 1000', …).
  await db.execute(sql`
    insert into companies (name, normalized_name, domain)
    select 'Company ' || i, 'company ' || i, 'company' || i || '.example.com'
    from generate_series(${n(companies + 1)}, ${n(companies + unstaffedCompanies)}) i`);
  // One referrer in ten has paused new requests for a month; the directory and stats leave them out. Not the
  // bench's referrer (REFERRER_ID ends in 0), whose list the earlier rows measured.
  await db.execute(sql`
    insert into user_settings (user_id, time_zone, referrals_paused_until)
    select i, 'Europe/Berlin', current_date + 30
    from generate_series(5, ${n(referrers)}, 10) i`);
  // Threads: every tenth referral, the seeker and the referrer taking turns; one message in 40 held.
  await db.execute(sql`
    insert into referral_messages (referral_id, author_id, body, status, held_rule, created_at)
    select f.id, case when m % 2 = 0 then r.job_seeker_id else f.referrer_id end,
      'Thanks, here is an update on ' || r.position || ' (message ' || m || ').',
      case when (f.id / 10 * ${n(messagesPerThread)} + m) % 40 = 0 then 'held' else 'delivered' end,
      case when (f.id / 10 * ${n(messagesPerThread)} + m) % 40 = 0 then 'fee' end,
      f.created_at + m * interval '1 hour'
    from referrals f
    join referral_requests r on r.id = f.request_id
    cross join generate_series(1, ${n(messagesPerThread)}) m
    where f.id % 10 = 0 and f.id <= ${n(threads * 10)}`);
  const threadId = await benchThreadId(db);
  await db.execute(sql`
    insert into referral_messages (referral_id, author_id, body, created_at)
    select f.id, case when m % 2 = 0 then r.job_seeker_id else f.referrer_id end,
      'A longer conversation about the posting, message ' || m || '.', now() - (60 - m) * interval '1 hour'
    from referrals f
    join referral_requests r on r.id = f.request_id
    cross join generate_series(1, ${n(BENCH_THREAD_MESSAGES)}) m
    where f.id = ${threadId}`);
  // Requests held for an admin (a payment offer), never matched; oldest first in the queue.
  await db.execute(sql`
    insert into referral_requests (job_seeker_id, company_id, position, job_url, normalized_job_url, status,
      message, held_rule, created_at)
    select ${n(referrers)} + 1 + i * 7 % (${n(users)} - ${n(referrers)}),
      (select id from companies where normalized_name = 'company ' || (i % ${n(companies)} + 1)),
      'Engineer ' || i, 'https://jobs.example.com/held/' || i, 'jobs.example.com/held/' || i, 'held',
      'I can pay you 200 dollars for the referral.', 'pay-verb', now() - (i % 30) * interval '1 day'
    from generate_series(1, ${n(SIZE.heldRequests)}) i`);
  // Open reports of a referrer by the seeker they share a request with (a pair once), and as many resolved.
  const every = requests / SIZE.reports;
  const resolved = sql.raw(`(r.id / ${every}) % 2 = 1`);
  await db.execute(sql`
    insert into reports (reporter_id, subject_id, request_id, reason, note, status, resolution_action,
      resolved_at, created_at)
    select r.job_seeker_id, f.referrer_id, r.id,
      (array['spam','payment','harassment','fake_referrer','other'])[r.id % 5 + 1], 'They asked me for money.',
      case when ${resolved} then 'resolved' else 'open' end,
      case when ${resolved} then 'dismissed' end,
      case when ${resolved} then r.created_at + interval '2 days' end, r.created_at + interval '1 day'
    from referral_requests r
    join referrals f on f.request_id = r.id
    where r.id % ${n(every)} = 0
    on conflict do nothing`);
}

/** The bench seeker's referral with the long thread: their oldest (held by REFERRER_ID). */
export async function benchThreadId(db: Db): Promise<number> {
  const { rows } = ThreadRowsSchema.parse(
    await db.execute(sql`
      select f.id from referrals f
      join referral_requests r on r.id = f.request_id
      where r.job_seeker_id = ${SEEKER_ID}
      order by f.id limit 1`),
  );
  if (!rows[0]) throw new Error(`seeker ${SEEKER_ID} holds no referral`);
  return rows[0].id;
}
