import type { FastifyBaseLogger as Logger } from 'fastify';
import pg from 'pg';

export interface ListenHandlers {
  /** One NOTIFY payload on the channel, delivered only once its transaction committed. */
  onMessage(payload: string): void;
  /** The connection was lost (or the first LISTEN failed): until onReconnect, notifications are missed. */
  onLost?(): void;
  /** The connection was lost and is listening again: anything sent in between was missed. */
  onReconnect?(): void;
}

export interface Listener {
  close(): Promise<void>;
}

/** Subscribes to a PostgreSQL NOTIFY channel (PGlite's own listen, or a dedicated pg connection). */
export type Listen = (channel: string, handlers: ListenHandlers) => Promise<Listener>;

const FIRST_RETRY_MS = 200;
const MAX_RETRY_MS = 10_000;

/**
 * LISTEN on a connection of its own: a pooled client is handed to other queries between uses and would
 * miss notifications. When the connection drops it reconnects with doubling backoff and LISTENs again.
 */
export function listenPostgres(url: string, logger: Logger | undefined): Listen {
  return async (channel, handlers) => {
    let client: pg.Client | undefined;
    let closed = false;
    let retryMs = FIRST_RETRY_MS;
    let timer: NodeJS.Timeout | undefined;

    const scheduleReconnect = (lost: pg.Client) => {
      if (closed || client !== lost) return;
      client = undefined;
      handlers.onLost?.();
      lost.end().catch(() => {});
      timer = setTimeout(() => void connect(true), retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    };

    async function connect(reconnecting: boolean): Promise<void> {
      const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      client = next;
      next.on('error', (err) => {
        logger?.warn({ err }, 'PostgreSQL listening connection lost');
        scheduleReconnect(next);
      });
      next.on('end', () => scheduleReconnect(next));
      next.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) handlers.onMessage(message.payload);
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
      } catch (err) {
        logger?.warn({ err }, 'PostgreSQL LISTEN failed; retrying');
        scheduleReconnect(next);
        return;
      }
      if (closed) {
        await next.end().catch(() => {});
        return;
      }
      retryMs = FIRST_RETRY_MS;
      if (reconnecting) {
        logger?.info({ channel }, 'listening again after a lost connection');
        handlers.onReconnect?.();
      }
    }

    await connect(false);
    return {
      async close() {
        closed = true;
        clearTimeout(timer);
        const last = client;
        client = undefined;
        await last?.end().catch(() => {});
      },
    };
  };
}
