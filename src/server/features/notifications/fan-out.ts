import type { FastifyBaseLogger } from 'fastify';
import type { Notification } from '../../../shared/notifications.js';
import type { Db } from '../../db/client.js';
import type { LiveEvent } from './events.js';
import * as service from './service.js';

/** One open stream as the fan-out sees it: the session it was opened with, and where its events go. */
export interface StreamSink {
  token: string;
  send(event: string, data: unknown): void;
  comment(text: string): void;
  /** Ends the response; called once, after any last event. */
  close(): void;
}

export const HEARTBEAT_MS = 25_000;

export interface StreamLimits {
  /** Open streams one user may hold on this instance; a new one past it ends their oldest. */
  perUser: number;
  /** Open streams this instance holds at most; past it a new one is refused (503). */
  max: number;
}

export interface FanOutOptions {
  db: Db;
  /** Whether the session token still signs someone in (auth's rule, passed in by app-features.ts). */
  isSessionLive: (token: string) => Promise<boolean>;
  limits: StreamLimits;
  /** How often each stream gets a heartbeat comment, after its sessions are checked again. */
  heartbeatMs?: number;
  logger: FastifyBaseLogger;
}

export interface FanOut {
  /** False when this instance holds all the streams it may (a user at their own cap may still replace). */
  hasRoom(userId: number): boolean;
  /** Starts sending the user's events to the sink; the returned function ends it (the client went). */
  open(userId: number, sink: StreamSink): () => void;
  deliver(event: LiveEvent): void;
  /** Every stream re-reads its count (the listener reconnected and may have missed events). */
  resyncAll(): void;
  /** Ends every open stream (before the server closes, or it would wait on them). */
  endAll(): void;
}

/** One user's streams on this instance, and the work their next round does for all of them at once. */
interface Feed {
  userId: number;
  /** In opening order: the first is the oldest. */
  streams: Set<StreamSink>;
  /** Opened since the last round: they still need their first count. */
  fresh: Set<StreamSink>;
  created: number[];
  countDue: boolean;
  /** An event or heartbeat: every session among the streams is checked before anything is sent. */
  checkDue: boolean;
  heartbeatDue: boolean;
  running: boolean;
  heartbeat: NodeJS.Timeout;
}

/**
 * Fans each user's changes out to their open streams on this instance. A change costs one round per user,
 * not per stream: one session check per distinct session among the streams, one read of each new
 * notification, one unread count, all shared. Changes that arrive during a round are gathered into the
 * next one, so a burst of writes costs a few rounds however many it holds.
 */
export function createFanOut({
  db,
  isSessionLive,
  limits,
  heartbeatMs = HEARTBEAT_MS,
  logger,
}: FanOutOptions): FanOut {
  const feeds = new Map<number, Feed>();
  let open = 0;

  function feedOf(userId: number): Feed {
    const existing = feeds.get(userId);
    if (existing) return existing;
    const feed: Feed = {
      userId,
      streams: new Set(),
      fresh: new Set(),
      created: [],
      countDue: false,
      checkDue: false,
      heartbeatDue: false,
      running: false,
      heartbeat: setInterval(() => {
        feed.heartbeatDue = true;
        feed.checkDue = true;
        void run(feed);
      }, heartbeatMs),
    };
    feed.heartbeat.unref();
    feeds.set(userId, feed);
    return feed;
  }

  /** Ends one stream, with a last event when it is the server's doing; a second call does nothing. */
  function end(feed: Feed, sink: StreamSink, lastEvent?: string) {
    if (!feed.streams.delete(sink)) return;
    open -= 1;
    feed.fresh.delete(sink);
    if (lastEvent) sink.send(lastEvent, {});
    sink.close();
    if (feed.streams.size === 0 && feeds.get(feed.userId) === feed) {
      clearInterval(feed.heartbeat);
      feeds.delete(feed.userId);
    }
  }

  const hasWork = (feed: Feed) =>
    feed.fresh.size > 0 || feed.created.length > 0 || feed.countDue || feed.checkDue || feed.heartbeatDue;

  /** The streams whose session still signs someone in; the others get `signed-out` and end. */
  async function signedIn(feed: Feed, streams: StreamSink[]): Promise<StreamSink[]> {
    const live = new Map<string, boolean>();
    for (const token of new Set(streams.map((s) => s.token))) live.set(token, await isSessionLive(token));
    for (const sink of streams) if (!live.get(sink.token)) end(feed, sink, 'signed-out');
    return streams.filter((sink) => live.get(sink.token));
  }

  async function round(feed: Feed): Promise<void> {
    const fresh = new Set(feed.fresh);
    const created = feed.created.splice(0);
    const countDue = feed.countDue || created.length > 0;
    const { checkDue, heartbeatDue } = feed;
    feed.fresh.clear();
    Object.assign(feed, { countDue: false, checkDue: false, heartbeatDue: false });

    let targets = [...feed.streams];
    // A stream that only opened was signed in a moment ago, by its own request.
    if (checkDue) targets = await signedIn(feed, targets);
    if (targets.length === 0) return;
    const notifications: Notification[] = [];
    for (const id of created) {
      const found = await service.findForUser(db, feed.userId, id);
      if (found) notifications.push(found);
    }
    const count = countDue || fresh.size > 0 ? await service.unreadCount(db, feed.userId) : undefined;
    for (const sink of targets) {
      if (!feed.streams.has(sink)) continue;
      for (const notification of notifications) sink.send('notification', notification);
      if (count && (countDue || fresh.has(sink))) sink.send('unread-count', count);
      if (heartbeatDue) sink.comment('heartbeat');
    }
  }

  /** One round at a time per user; what arrives meanwhile waits for the next. */
  async function run(feed: Feed): Promise<void> {
    if (feed.running) return;
    feed.running = true;
    try {
      while (feed.streams.size > 0 && hasWork(feed)) await round(feed);
    } catch (err) {
      logger.warn({ err, userId: feed.userId }, 'notification streams failed; their clients will reconnect');
      for (const sink of [...feed.streams]) end(feed, sink);
    } finally {
      feed.running = false;
    }
  }

  return {
    hasRoom(userId) {
      return open < limits.max || (feeds.get(userId)?.streams.size ?? 0) >= limits.perUser;
    },
    open(userId, sink) {
      const current = feeds.get(userId);
      // Its tab falls back to polling: `replaced` tells it not to reconnect (and end another tab in turn).
      for (const oldest of current?.streams ?? []) {
        if (current!.streams.size < limits.perUser) break;
        end(current!, oldest, 'replaced');
      }
      // After the replacing: ending a user's last stream lets go of their feed.
      const feed = feedOf(userId);
      feed.streams.add(sink);
      feed.fresh.add(sink);
      open += 1;
      void run(feed);
      return () => end(feed, sink);
    },
    deliver(event) {
      // No stream shows a list: its change is for the memos alone (live.ts tells them first).
      if (event.kind === 'lists-changed') return;
      const feed = feeds.get(event.userId);
      if (!feed) return;
      feed.checkDue = true;
      if (event.kind === 'created' && event.id !== undefined) feed.created.push(event.id);
      else if (event.kind !== 'signed-out' && event.kind !== 'user-changed') feed.countDue = true;
      void run(feed);
    },
    resyncAll() {
      for (const feed of feeds.values()) {
        feed.countDue = true;
        feed.checkDue = true;
        void run(feed);
      }
    },
    endAll() {
      for (const feed of [...feeds.values()]) for (const sink of [...feed.streams]) end(feed, sink);
    },
  };
}
