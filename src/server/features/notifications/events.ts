import { z } from 'zod';

/** One channel for the whole app; every instance LISTENs and keeps the events of its own open streams. */
export const NOTIFICATION_CHANNEL = 'referbridge_notifications';

/**
 * What changed for whom, as the database's own triggers announce it, so no path (the app's or an operator's
 * SQL) can forget to. Kept small (NOTIFY payloads are capped at 8000 bytes): a stream re-reads what it shows.
 * 'created' (with the new notification's id), 'read' (one changed: read, unread or edited) and 'deleted' come
 * from the notifications table (drizzle/0033_notifications_announce.sql). 'signed-out' (a session of the
 * user ended or changed) asks that user's streams to check their session; 'user-changed' (their row) changes
 * nothing a stream shows (drizzle/0030_signed_in_changes.sql). 'lists-changed' (a request, referral or
 * setting a page of theirs shows) drops the request lists kept of them and reaches no stream
 * (drizzle/0043_request_lists_announce.sql). 'resync' is local only, sent after the
 * listener reconnected and may have missed events.
 */
const LiveEventSchema = z.object({
  userId: z.number().int().positive(),
  kind: z.enum(['created', 'read', 'deleted', 'signed-out', 'user-changed', 'lists-changed']),
  /** The notification created, so the stream can send it as the list shows it. */
  id: z.number().int().positive().optional(),
});
export type LiveEvent = z.infer<typeof LiveEventSchema> | { userId: number; kind: 'resync' };

export function parseEvent(payload: string): LiveEvent | undefined {
  try {
    return LiveEventSchema.parse(JSON.parse(payload));
  } catch {
    return undefined;
  }
}
