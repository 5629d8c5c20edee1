import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type NewOutboxRow = Pick<
  typeof mailOutbox.$inferInsert,
  'userId' | 'priority' | 'to' | 'subject' | 'text' | 'html' | 'headers'
>;

export async function insertMail(db: Db, row: NewOutboxRow): Promise<OutboxRow> {
  const [inserted] = await db.insert(mailOutbox).values(row).returning();
  return inserted!;
}

/**
 * Claims up to `limit` due rows in one statement: the rows are locked while chosen (SKIP LOCKED passes over
 * rows another worker is claiming), then pushed `lease` into the future with one more attempt counted, so
 * no other worker takes them while this one sends. A worker that dies mid-send leaves them due again once
 * the lease ends: mail is sent at least once, and twice only after a crash.
 */
export async function claimDue(db: Db, now: Date, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const leaseUntil = new Date(now.getTime() + leaseMs);
  // The database stamps rows in microseconds and `now` counts milliseconds: a row queued earlier in this
  // same millisecond is due, so compare against the end of it.
  const dueBefore = new Date(now.getTime() + 1).toISOString();
  return db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(
      sql`${mailOutbox.id} in (
        select id from ${mailOutbox}
        where sent_at is null and failed_at is null and next_attempt_at < ${dueBefore}
        order by priority, next_attempt_at, id
        limit ${limit}
        for update skip locked
      )`,
    )
    .returning();
}

/** Marks delivered mail; the built-in outbox marks a whole batch in one statement. */
export async function markSent(db: Db, ids: number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.update(mailOutbox).set({ sentAt: at, lastError: null }).where(inArray(mailOutbox.id, ids));
}

/** A failed attempt: tried again at `retryAt`, or given up for good when `retryAt` is null. */
export async function markFailed(db: Db, id: number, error: string, retryAt: Date | null, at: Date) {
  await db
    .update(mailOutbox)
    .set(retryAt ? { lastError: error, nextAttemptAt: retryAt } : { lastError: error, failedAt: at })
    .where(eq(mailOutbox.id, id));
}

export async function listOutbox(
  db: Db,
  { to, limit }: { to?: string; limit: number },
): Promise<OutboxRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(to === undefined ? undefined : sql`lower(${mailOutbox.to}) = ${to.toLowerCase()}`)
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
}

export async function findMail(db: Db, id: number): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}
