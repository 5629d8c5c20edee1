import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { hijackWithHeaders } from '../../lib/hijack.js';
import { requireUser } from '../../lib/request-user.js';
import { trackOpenStream } from '../../plugins/metrics.js';
import type { FanOut, StreamSink } from './fan-out.js';

/** The web client reopens a refused stream after 30 s; meanwhile it polls. */
const RETRY_AFTER_S = 30;
const SERVER_FULL =
  'This server holds as many live connections as it can. Updates arrive every minute meanwhile; please try again later.';

export interface StreamDeps {
  live: Pick<FanOut, 'hasRoom' | 'open'>;
}

/**
 * GET /api/notifications/stream: Server-Sent Events for the signed-in user. Sends `unread-count` on
 * connect and after every change, `notification` for each new one, a heartbeat comment so proxies keep
 * the connection, `signed-out` before it ends because the session did, and `replaced` before it ends
 * because the same user opened more streams than they may hold (the tab then polls and does not
 * reconnect). What is sent, and when, is the fan-out's (fan-out.ts). Written on the raw response: the
 * reply is hijacked, so no onSend hook (compression, serialisation) sits between us and the socket.
 */
export function openNotificationStream(
  { live }: StreamDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const user = requireUser(request);
  // Refused before the reply is hijacked, so the refusal is an ordinary JSON answer.
  if (!live.hasRoom(user.id)) {
    throw new AppError(503, SERVER_FULL, undefined, { 'retry-after': String(RETRY_AFTER_S) });
  }
  const res = hijackWithHeaders(reply);
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();

  let ended = false;
  const untrack = trackOpenStream();
  const sink: StreamSink = {
    token: request.sessionToken ?? '',
    send(event, data) {
      if (!ended) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    comment(text) {
      if (!ended) res.write(`: ${text}\n\n`);
    },
    close() {
      if (ended) return;
      ended = true;
      untrack();
      res.end();
    },
  };
  const leave = live.open(user.id, sink);
  // The tab closed or the network went: free the stream's place.
  res.on('close', leave);
  res.on('error', leave);
}
