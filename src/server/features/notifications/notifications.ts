import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Listen } from '../../db/listen.js';
import { allHear, createSessionMemo, type HearsChanges } from '../../kept/session-memo.js';
import { startLiveNotifications } from './live.js';
import { notificationRoutes } from './routes.js';
import {
  notify,
  readSessionCount,
  sendWelcomeNotification,
  type NotifyHooks,
  type SessionRules,
} from './service.js';

export interface NotificationCollaborators extends NotifyHooks, SessionRules {
  db: Db;
  /** The database's LISTEN: open streams hear every instance's changes. */
  listen: Listen;
  /** The auth feature's session rules: whether a token still signs someone in (and, above, a read under them). */
  isSessionLive: (token: string) => Promise<boolean>;
  /**
   * Other features' memos of users' answers (the signed-in user, the request lists): told of every change
   * this feature hears or makes, each before the open streams hear of it.
   */
  userMemos: HearsChanges;
  /** Heartbeat period of the stream (tests shorten it). */
  heartbeatMs?: number;
  logger: FastifyBaseLogger;
}

/**
 * Notifications (docs/product.md, Notifications): the one way features tell a user something (`notify`, which
 * runs the mail hook in the same transaction), the live streams fanned out over LISTEN/NOTIFY, the routes.
 */
export async function createNotifications(config: Config, deps: NotificationCollaborators) {
  const { db, onNotified } = deps;
  const unreadCounts = createSessionMemo({
    name: 'unread count',
    read: (token) => readSessionCount(db, deps, token),
    settings: config.keptAnswers,
  });
  const memos = allHear(unreadCounts, deps.userMemos);
  const live = await startLiveNotifications(deps.listen, memos, {
    db,
    isSessionLive: deps.isSessionLive,
    limits: { perUser: config.streamsPerUser, max: config.streamsMax },
    heartbeatMs: deps.heartbeatMs,
    logger: deps.logger,
  });
  const hooks = { onNotified };
  return {
    notify: ((tx, input) => notify(tx, input, hooks)) satisfies typeof notify,
    welcome: (userId: number) => sendWelcomeNotification(db, userId, hooks),
    /**
     * The user's sessions ended by this instance: what it keeps of them goes at once. Every instance hears it
     * too, from the database's trigger, and their streams of this user re-check their session.
     */
    sessionsEnded: async (userId: number) => {
      memos.changed(userId);
    },
    routes: async (app: FastifyInstance) => {
      // Open streams never finish by themselves: end them before the server waits for its connections.
      app.addHook('preClose', async () => live.endAll());
      app.addHook('onClose', async () => live.close());
      await app.register(notificationRoutes, {
        prefix: '/api/notifications',
        db,
        live,
        unreadCounts,
      });
    },
  };
}
