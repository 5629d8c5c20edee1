import { and, count, desc, eq, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { companies, referrerOpenings, referrers, users } from '../../db/schema.js';
import { OPENING_TEXT } from '../../lib/columns.js';
import { verifiedInSql } from '../../lib/referrer-sql.js';

/** The referrer_openings table's queries (issue 49 item 2), each taking a db or a transaction. */

/** The user's company if they are a willing referrer now (willing and not suspended), else undefined. */
export async function findWillingReferrer(db: Db, userId: number) {
  const [row] = await db
    .select({ companyId: referrers.companyId, companyName: companies.name })
    .from(referrers)
    .innerJoin(companies, eq(companies.id, referrers.companyId))
    .where(and(eq(referrers.userId, userId), eq(referrers.willingNow, true)));
  return row;
}

/**
 * Holds the user's row for the transaction, so two openings posted at once count one after the other. NO
 * KEY UPDATE: the opening's own foreign key takes a key share lock on it, which this does not block.
 */
export async function lockUser(tx: Db, userId: number): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  return rows.length > 0;
}

export async function countOpen(db: Db, referrerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(referrerOpenings)
    .where(and(eq(referrerOpenings.referrerId, referrerId), isNull(referrerOpenings.closedAt)));
  return row?.n ?? 0;
}

export interface NewOpening {
  referrerId: number;
  companyId: number;
  jobUrl: string;
  normalizedJobUrl: string;
  title: string;
  location: string | null;
  note: string | null;
  createdAt: Date;
  jobNextCheckAt: Date;
}

/** The new opening's id; undefined when the referrer has this posting open already (the unique index decides). */
export async function insertOpening(tx: Db, opening: NewOpening): Promise<number | undefined> {
  const [row] = await tx
    .insert(referrerOpenings)
    .values(opening)
    .onConflictDoNothing()
    .returning({ id: referrerOpenings.id });
  return row?.id;
}

/** Closes the referrer's own open opening; false when it is not theirs, not there or closed already. */
export async function closeOwnOpening(db: Db, referrerId: number, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(referrerOpenings)
    .set({ closedAt: at })
    .where(
      and(
        eq(referrerOpenings.id, id),
        eq(referrerOpenings.referrerId, referrerId),
        isNull(referrerOpenings.closedAt),
      ),
    )
    .returning({ id: referrerOpenings.id });
  return rows.length > 0;
}

/**
 * Closes the referrer's open openings, all of them or (`keepCompanyId`) those at any other company: they
 * stopped being willing, were suspended, or moved. Answers how many closed.
 */
export async function closeOpeningsOf(
  tx: Db,
  referrerId: number,
  at: Date,
  keepCompanyId?: number,
): Promise<number> {
  const rows = await tx
    .update(referrerOpenings)
    .set({ closedAt: at })
    .where(
      and(
        eq(referrerOpenings.referrerId, referrerId),
        isNull(referrerOpenings.closedAt),
        keepCompanyId === undefined ? undefined : ne(referrerOpenings.companyId, keepCompanyId),
      ),
    )
    .returning({ id: referrerOpenings.id });
  return rows.length;
}

/**
 * An opening is listed, and routes requests, while it is open and its referrer is still a willing referrer
 * (not suspended) at its company: the database's copy on the referrers row says so at once, whatever a
 * closing step may still have to do.
 */
const LIVE = and(
  isNull(referrerOpenings.closedAt),
  eq(referrers.companyId, referrerOpenings.companyId),
  eq(referrers.willingNow, true),
);

export interface OpeningFilter {
  q?: string;
  companyId?: number;
  referrerId?: number;
  /** The id of the last opening of the previous page. */
  after?: number;
  limit: number;
  verifiedSince: Date;
  /** Reads one opening by id instead (what POST answers). */
  id?: number;
}

/** `%` and `_` in a search are meant as themselves. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Live openings, newest first (created_at, id), with their company and their referrer's first name. */
export async function listOpenings(db: Db, filter: OpeningFilter) {
  const cursor = alias(referrerOpenings, 'cursor_opening');
  const conditions: (SQL | undefined)[] = [
    LIVE,
    filter.id === undefined ? undefined : eq(referrerOpenings.id, filter.id),
    filter.companyId === undefined ? undefined : eq(referrerOpenings.companyId, filter.companyId),
    filter.referrerId === undefined ? undefined : eq(referrerOpenings.referrerId, filter.referrerId),
    filter.q === undefined
      ? undefined
      : or(
          sql`${referrerOpenings.title} ilike ${likePattern(filter.q)}`,
          sql`${companies.name} ilike ${likePattern(filter.q)}`,
        ),
    filter.after === undefined
      ? undefined
      : sql`(${referrerOpenings.createdAt}, ${referrerOpenings.id}) < ((${db
          .select({ createdAt: cursor.createdAt })
          .from(cursor)
          .where(eq(cursor.id, filter.after))}), ${filter.after})`,
  ];
  return db
    .select({
      id: referrerOpenings.id,
      companyId: companies.id,
      companyName: companies.name,
      ...OPENING_TEXT,
      referrerName: users.fullName,
      referrerVerified: verifiedInSql(filter.verifiedSince),
    })
    .from(referrerOpenings)
    .innerJoin(companies, eq(companies.id, referrerOpenings.companyId))
    .innerJoin(referrers, eq(referrers.userId, referrerOpenings.referrerId))
    .innerJoin(users, eq(users.id, referrerOpenings.referrerId))
    .where(and(...conditions))
    .orderBy(desc(referrerOpenings.createdAt), desc(referrerOpenings.id))
    .limit(filter.limit);
}

/** Any opening by id, open or closed, with whether it is live now: for a request asked through it. */
export async function findOpening(db: Db, id: number) {
  const [row] = await db
    .select({
      referrerId: referrerOpenings.referrerId,
      companyId: referrerOpenings.companyId,
      live: sql<boolean>`coalesce(${LIVE}, false)`.mapWith(Boolean),
    })
    .from(referrerOpenings)
    .leftJoin(referrers, eq(referrers.userId, referrerOpenings.referrerId))
    .where(eq(referrerOpenings.id, id));
  return row;
}

/**
 * Claims open openings whose posting is due, for one run of the liveness sweep: their next check moves on
 * by `intervalMs` at once (SKIP LOCKED: instances share the work and never read one row twice).
 */
export async function claimDueOpenings(tx: Db, now: Date, intervalMs: number, limit: number) {
  const due = tx
    .select({ id: referrerOpenings.id })
    .from(referrerOpenings)
    .where(and(isNull(referrerOpenings.closedAt), lte(referrerOpenings.jobNextCheckAt, now)))
    .orderBy(referrerOpenings.jobNextCheckAt, referrerOpenings.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(referrerOpenings)
    .set({ jobNextCheckAt: new Date(now.getTime() + intervalMs) })
    .where(sql`${referrerOpenings.id} in (${due})`)
    .returning({ id: referrerOpenings.id, jobUrl: referrerOpenings.jobUrl });
}

/** Openings the sweep claimed but did not read (it was stopping): due again at once. */
export async function releaseDueOpenings(db: Db, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(referrerOpenings)
    .set({ jobNextCheckAt: now })
    .where(
      sql`${referrerOpenings.id} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
}

/** The sweep read the posting closed: the opening closes, whoever's it is. */
export async function closeOpening(db: Db, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(referrerOpenings)
    .set({ closedAt: at })
    .where(and(eq(referrerOpenings.id, id), isNull(referrerOpenings.closedAt)))
    .returning({ id: referrerOpenings.id });
  return rows.length > 0;
}
