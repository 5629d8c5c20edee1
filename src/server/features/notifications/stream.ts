import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { requireUser } from '../../lib/request-user.js';
import { trackOpenStream } from '../../plugins/metrics.js';
import type { LiveEvent, LiveNotifications } from './live.js';
import * as service from './service.js';

export const HEARTBEAT_MS = 25_000;

export interface StreamDeps {
  db: Db;
  live: LiveNotifications;
  /** Whether the session token still signs someone in (the auth feature's rule, passed in by app.ts). */
  isSessionLive: (token: string) => Promise<boolean>;
  heartbeatMs?: number;
}

/**
 * GET /api/notifications/stream: Server-Sent Events for the signed-in user. Sends `unread-count` on
 * connect and after every change, `notification` for each new one, a heartbeat comment so proxies keep
 * the connection, and `signed-out` before it ends because the session did. Written on the raw response:
 * the reply is hijacked, so no onSend hook (compression, serialisation) sits between us and the socket.
 */
export function openNotificationStream(
  { db, live, isSessionLive, heartbeatMs = HEARTBEAT_MS }: StreamDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const user = requireUser(request);
  const token = request.sessionToken ?? '';
  const res = reply.raw;

  reply.hijack();
  // The headers hooks already set (security policy) still apply.
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) res.setHeader(name, value);
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();

  let ended = false;
  const send = (event: string, data: unknown) => {
    if (!ended) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const sendCount = async () => send('unread-count', await service.unreadCount(db, user.id));

  /** One at a time, in order: each step may read the database. */
  let queue = Promise.resolve();
  const enqueue = (step: () => Promise<void>) => {
    queue = queue.then(step).catch((err: unknown) => {
      request.log.warn({ err }, 'notification stream failed; the client will reconnect');
      end();
    });
  };
  /** Every event and heartbeat first checks that the session still signs this user in. */
  const whileSignedIn = (step: () => Promise<void>) =>
    enqueue(async () => {
      if (ended) return;
      if (!(await isSessionLive(token))) {
        send('signed-out', {});
        end();
        return;
      }
      await step();
    });

  const onEvent = (event: LiveEvent) =>
    whileSignedIn(async () => {
      if (event.kind === 'signed-out') return;
      if (event.kind === 'created' && event.id !== undefined) {
        const created = await service.findForUser(db, user.id, event.id);
        if (created) send('notification', created);
      }
      await sendCount();
    });

  const heartbeat = setInterval(
    () =>
      whileSignedIn(async () => {
        if (!ended) res.write(': heartbeat\n\n');
      }),
    heartbeatMs,
  );
  const unsubscribe = live.subscribe(user.id, { onEvent, end: () => end() });
  const untrack = trackOpenStream();
  function end() {
    if (ended) return;
    ended = true;
    untrack();
    clearInterval(heartbeat);
    unsubscribe();
    res.end();
  }
  // The tab closed or the network went: free the connection's listener.
  res.on('close', end);
  res.on('error', end);
  // Subscribed first, so nothing that happens while the first count is read is missed.
  enqueue(sendCount);
}
