import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rowStamp, stampsJoined, stampUnlessSince, type StampRead } from '../../../db/row-stamp.js';
import { preparedPerDb, writtenLimit, type Bound, type Limit } from '../../../db/prepared.js';
import {
  companies,
  referralRequests,
  referralStatusChanges,
  referrals,
  resumes,
  users,
} from '../../../db/schema.js';
import { timelineRowsOf } from '../timeline/timeline-repo.js';
import { joinRequestViews, listPageOf, referrerUsers } from './list-repo.js';

/**
 * A list's first page as a stamp: the id and the version (`xmin`, the transaction that wrote it) of every
 * row its cards and their timelines are read from, in one short text. PostgreSQL gives a row a new `xmin`
 * whenever it is written, so two equal stamps mean the same rows in the same versions: the same cards, as
 * long as the clock changes nothing on them (list-cache.ts). The stamp reads the rows through the cards' own
 * joins, WHERE, ORDER BY and LIMIT (joinRequestViews, listPageOf, timelineRowsOf), so it covers every row a
 * card reads, and a row that joins or leaves the page changes it too. A row only locked (FOR UPDATE) keeps
 * its `xmin`; any write, even of the same values, makes a new one.
 *
 * One statement, prepared once per database (firstPageStamp): the page's rows are a CTE, and the timelines'
 * range is the page's first and last request, as listRequestViews reads it.
 */
export function firstPageStampQuery(
  db: Db,
  role: 'seeker' | 'referrer',
  userId: Bound<number>,
  limit: Limit,
) {
  const page = db.$with('page').as(
    listPageOf(role, userId, { limit }, (assignedOnly, where) =>
      joinRequestViews(
        db
          .select({
            requestId: sql<number>`${referralRequests.id}`.as('request_id'),
            stamp: rowStamp([referralRequests, companies, users, referrals, referrerUsers, resumes]).as(
              'stamp',
            ),
          })
          .from(referralRequests)
          .$dynamic(),
        assignedOnly,
      ).where(where),
    ),
  );
  const first = sql`(select min(request_id) from page)`;
  const last = sql`(select max(request_id) from page)`;
  const timelines = timelineRowsOf(
    db
      .select({ stamp: stampsJoined(rowStamp([referrals, users, referralStatusChanges])) })
      .from(referrals)
      .$dynamic(),
    role === 'referrer'
      ? { referrerId: sql`${userId}`, fromId: first, toId: last }
      : { seekerId: sql`${userId}`, fromId: first, toId: last },
  );
  return db
    .with(page)
    .select({ stamp: sql<string>`${stampsJoined(page.stamp)} || '|' || coalesce((${timelines}), '')` })
    .from(page);
}

/**
 * The statements, one per list and page size (1 to 100), each prepared when first asked for. The page size
 * is written into the text (writtenLimit): bound, PostgreSQL judged its generic plan by a guessed row count
 * and planned every call afresh, which cost as much as running it.
 */
const stamps = new Map<
  string,
  (db: Db) => { execute(values: { userId: number; since: string }): Promise<StampRead[]> }
>();
function stampStatement(role: 'seeker' | 'referrer', limit: number) {
  const name = `${role}_requests_first_page_stamp_${limit}`;
  let statement = stamps.get(name);
  if (!statement) {
    statement = preparedPerDb((db) =>
      stampUnlessSince(
        db,
        firstPageStampQuery(db, role, sql.placeholder('userId'), writtenLimit(limit)),
      ).prepare(name),
    );
    stamps.set(name, statement);
  }
  return statement;
}

/**
 * The stamp of a list's first page of `limit` cards (see firstPageStampQuery), unless nothing has committed
 * since the snapshot `since` (stampUnlessSince).
 */
export async function firstPageStamp(
  db: Db,
  role: 'seeker' | 'referrer',
  userId: number,
  limit: number,
  since: string,
): Promise<StampRead> {
  const [row] = await stampStatement(role, limit)(db).execute({ userId, since });
  return row!;
}
