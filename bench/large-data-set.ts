/**
 * The large data set of `npm run bench` (issue 13): 100,000 users, 1,000,000 notifications and 200,000
 * referral requests, with a seeker and a referrer whose lists look like a busy user's.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.js';

export const SIZE = {
  users: 100_000,
  referrers: 10_000,
  companies: 1_000,
  notifications: 1_000_000,
  requests: 200_000,
};
/** A seeker with a long history, and a referrer of company 1 (see the seed below). */
export const SEEKER_ID = 10_001;
export const REFERRER_ID = 1_000;

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
    insert into referrers (user_id, company_id, is_verified)
    select i, (select id from companies where normalized_name = 'company ' || (i % ${n(companies)} + 1)), true
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
  // As autovacuum leaves a live database: statistics, and a visibility map for index-only scans.
  await db.execute(sql`vacuum analyze`);
}
