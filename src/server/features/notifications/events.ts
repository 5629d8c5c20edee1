import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';

/** One channel for the whole app; every instance LISTENs and keeps the events of its own open streams. */
export const NOTIFICATION_CHANNEL = 'referbridge_notifications';

/**
 * What changed for whom. Kept small (NOTIFY payloads are capped at 8000 bytes): a stream re-reads what it
 * shows. 'signed-out' (a session of the user ended or changed) asks that user's streams to check their
 * session; 'user-changed' (their row) changes nothing a stream shows. Both are sent by the database's own
 * triggers (drizzle/0030_signed_in_changes.sql). 'resync' is local only, sent after the listener
 * reconnected and may have missed events.
 */
const LiveEventSchema = z.object({
  userId: z.number().int().positive(),
  kind: z.enum(['created', 'read', 'deleted', 'signed-out', 'user-changed']),
  /** The notification created, so the stream can send it as the list shows it. */
  id: z.number().int().positive().optional(),
});
export type LiveEvent = z.infer<typeof LiveEventSchema> | { userId: number; kind: 'resync' };

/**
 * Announces a change. Sent through the caller's db or transaction: PostgreSQL delivers it only when that
 * transaction commits, so a rolled-back change is never announced.
 */
export async function publishChange(db: Db, event: z.infer<typeof LiveEventSchema>): Promise<void> {
  await db.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${JSON.stringify(event)})`);
}

export function parseEvent(payload: string): LiveEvent | undefined {
  try {
    return LiveEventSchema.parse(JSON.parse(payload));
  } catch {
    return undefined;
  }
}
