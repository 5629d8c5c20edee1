import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Listen } from '../../db/listen.js';

/** One channel for the whole app; every instance LISTENs and keeps the events of its own open streams. */
export const NOTIFICATION_CHANNEL = 'referbridge_notifications';

/**
 * What changed for whom. Kept small (NOTIFY payloads are capped at 8000 bytes): a stream re-reads what it
 * shows. 'signed-out' asks that user's streams to check their session; 'resync' is local only, sent after
 * the listener reconnected and may have missed events.
 */
const LiveEventSchema = z.object({
  userId: z.number().int().positive(),
  kind: z.enum(['created', 'read', 'deleted', 'signed-out']),
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

function parseEvent(payload: string): LiveEvent | undefined {
  try {
    return LiveEventSchema.parse(JSON.parse(payload));
  } catch {
    return undefined;
  }
}

export interface StreamSubscriber {
  onEvent(event: LiveEvent): void;
  /** The instance is shutting down: end the stream now so the process can exit. */
  end(): void;
}

export interface LiveNotifications {
  /** Hears the user's events on this instance until the returned function is called. */
  subscribe(userId: number, subscriber: StreamSubscriber): () => void;
  /** Ends every open stream (before the server closes, or it would wait on them). */
  endAll(): void;
  /** Stops listening. */
  close(): Promise<void>;
}

/** Fans the channel out to the open streams of this instance, by user. */
export async function startLiveNotifications(
  listen: Listen,
  logger: FastifyBaseLogger,
): Promise<LiveNotifications> {
  const byUser = new Map<number, Set<StreamSubscriber>>();
  const deliver = (event: LiveEvent) => {
    for (const subscriber of byUser.get(event.userId) ?? []) subscriber.onEvent(event);
  };
  const listener = await listen(NOTIFICATION_CHANNEL, {
    onMessage(payload) {
      const event = parseEvent(payload);
      if (event) deliver(event);
      else logger.warn({ payload }, 'ignored a malformed notification event');
    },
    onReconnect() {
      for (const userId of byUser.keys()) deliver({ userId, kind: 'resync' });
    },
  });

  return {
    subscribe(userId, subscriber) {
      const set = byUser.get(userId) ?? new Set();
      set.add(subscriber);
      byUser.set(userId, set);
      return () => {
        set.delete(subscriber);
        if (set.size === 0 && byUser.get(userId) === set) byUser.delete(userId);
      };
    },
    endAll() {
      for (const set of [...byUser.values()]) for (const subscriber of [...set]) subscriber.end();
    },
    close: () => listener.close(),
  };
}
