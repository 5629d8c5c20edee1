import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../shared/errors.js';
import {
  MarkAllReadResultSchema,
  NotificationIdParamsSchema,
  NotificationListQuerySchema,
  NotificationListSchema,
  NotificationSchema,
  UnreadCountSchema,
} from '../../../shared/notifications.js';
import type { Db } from '../../db/client.js';
import { unauthorized } from '../../lib/errors.js';
import { requireUser } from '../../lib/request-user.js';
import type { SessionMemo } from '../../kept/session-memo.js';
import * as service from './service.js';
import { openNotificationStream, type StreamDeps } from './stream.js';

export interface NotificationRouteDeps extends StreamDeps {
  db: Db;
  /** The bell's poll, answered from memory while nothing of the user's changed. */
  unreadCounts: SessionMemo<number>;
}

const tags = ['notifications'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/** docs/product.md, The API. Every route acts on the signed-in user's own notifications only. */
export async function notificationRoutes(app: FastifyInstance, deps: NotificationRouteDeps) {
  const { db, unreadCounts } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Visitors get 401 before their input is even looked at (the count's route checks its own session).
  api.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config.ownSession) requireUser(request);
  });
  api.addHook('onSend', async (request) => {
    // A write here has committed by now: the tab's next poll must not get the count from before it, even
    // before the channel brings the change back to this instance.
    if (request.method !== 'GET' && request.user) unreadCounts.changed(request.user.id);
  });

  // '' (not '/') so the documented path is exactly /api/notifications.
  api.get(
    '',
    {
      schema: {
        tags,
        summary: 'My notifications, newest first (paged with limit and the before cursor)',
        querystring: NotificationListQuerySchema,
        response: { 200: NotificationListSchema, ...errors },
      },
    },
    async (request) => service.listForUser(db, requireUser(request).id, request.query),
  );

  api.get(
    '/recent',
    {
      schema: {
        tags,
        summary: 'My ten newest notifications',
        response: { 200: NotificationListSchema, ...errors },
      },
    },
    async (request) => service.recentForUser(db, requireUser(request).id),
  );

  api.get(
    '/unread-count',
    {
      // Every open tab polls this: the session and the count come in one query (docs/decisions/028-hot-read-path.md),
      // kept in memory until something of the user's changes (docs/decisions/040-unread-count-in-memory.md).
      config: { ownSession: true },
      schema: {
        tags,
        summary: 'How many of my notifications are unread',
        response: { 200: UnreadCountSchema, ...errors },
      },
    },
    async (request) => {
      const count = request.sessionToken ? await unreadCounts.get(request.sessionToken) : null;
      if (count === null) throw unauthorized();
      return { count };
    },
  );

  api.get(
    '/stream',
    {
      // Compression would buffer the events; the stream is written raw anyway.
      compress: false,
      schema: {
        tags,
        summary:
          'Live updates (text/event-stream): `unread-count` {count} on connect and after each change, ' +
          '`notification` for each new one, `: heartbeat` every 25 s, `signed-out` before it ends because ' +
          'the session did, `replaced` before it ends because the user opened more than STREAMS_PER_USER ' +
          '(do not reconnect). 503 with Retry-After when the server holds STREAMS_MAX streams',
        response: { 401: ApiErrorSchema, 503: ApiErrorSchema },
      },
    },
    async (request, reply) => openNotificationStream(deps, request, reply),
  );

  // No body is expected on the writes below; an empty JSON body is accepted by the global parser.
  api.put(
    '/read-all',
    {
      schema: {
        tags,
        summary: 'Mark all my notifications read',
        response: { 200: MarkAllReadResultSchema, ...errors },
      },
    },
    async (request) => service.markAllRead(db, requireUser(request).id),
  );

  api.put(
    '/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark one of my notifications read',
        params: NotificationIdParamsSchema,
        response: { 200: NotificationSchema, ...errors },
      },
    },
    async (request) => service.markRead(db, requireUser(request).id, request.params.id),
  );

  api.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of my notifications',
        params: NotificationIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(db, requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
