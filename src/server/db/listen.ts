import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger as Logger } from 'fastify';
import pg from 'pg';

export interface ListenHandlers {
  /** One NOTIFY payload on the channel, delivered only once its transaction committed. */
  onMessage(payload: string): void;
  /**
   * Deaf: the connection was lost, the first LISTEN failed, or the listener's own heartbeat did not come
   * back. Until onReconnect, notifications may be missed.
   */
  onLost?(): void;
  /** Hearing again (a fresh connection heard its own heartbeat): anything sent in between was missed. */
  onReconnect?(): void;
}

export interface Listener {
  close(): Promise<void>;
}

/** Subscribes to a PostgreSQL NOTIFY channel (PGlite's own listen, or a dedicated pg connection). */
export type Listen = (channel: string, handlers: ListenHandlers) => Promise<Listener>;

/** How often a PostgreSQL listener notifies itself, unless LISTEN_HEARTBEAT says otherwise. */
export const LISTEN_HEARTBEAT_MS = 5000;
/** Heartbeats sent and not heard back before a listener counts itself deaf. */
const MISSED_HEARTBEATS = 2;
/** TCP keepalive after this much silence: keeps a NAT's mapping alive and ends a dead socket some day. */
const KEEPALIVE_DELAY_MS = 10_000;
const FIRST_RETRY_MS = 200;
const MAX_RETRY_MS = 10_000;

export interface PostgresListening {
  listen: Listen;
  /** False while any of its listeners is deaf (the metrics' gauge). */
  hearing(): boolean;
}

export interface PostgresListenOptions {
  logger?: Logger;
  heartbeatMs: number;
  /** NOTIFY through another connection (the pool's): it comes back only to a listener that hears. */
  notify(channel: string, payload: string): Promise<unknown>;
}

/**
 * LISTEN on a connection of its own: a pooled client is handed to other queries between uses and would
 * miss notifications. A connection that a NAT or a firewall drops without a word would leave the listener
 * deaf for good, so it proves it hears: every heartbeat it NOTIFYs itself on a channel of its own, through
 * the pool; when MISSED_HEARTBEATS in a row have not come back it counts itself deaf (onLost), drops the
 * connection and connects again with doubling backoff; once the new one hears a heartbeat, it is hearing
 * again (onReconnect) ([decision 057](../../../docs/decisions/057-listener-heartbeat.md)).
 */
export function listenPostgres(
  url: string,
  { logger, heartbeatMs, notify }: PostgresListenOptions,
): PostgresListening {
  let deafListeners = 0;

  const listen: Listen = async (channel, handlers) => {
    // Its own channel: no other listener, on this instance or another, hears these heartbeats.
    const heartbeatChannel = `referbridge_heartbeat_${randomUUID().replaceAll('-', '')}`;
    let client: pg.Client | undefined;
    let closed = false;
    let hearing = true;
    let retryMs = FIRST_RETRY_MS;
    let retryTimer: NodeJS.Timeout | undefined;
    let ticker: NodeJS.Timeout | undefined;
    /** The last heartbeat sent, and the last one heard back (they count up for the listener's whole life). */
    let sent = 0;
    let heard = 0;

    const deaf = (err: unknown) => {
      if (!hearing) return;
      hearing = false;
      deafListeners += 1;
      logger?.warn(
        { err, channel },
        'not hearing PostgreSQL notifications: nothing is kept until it does again',
      );
      handlers.onLost?.();
    };
    const hearingAgain = () => {
      if (hearing) return;
      hearing = true;
      deafListeners -= 1;
      retryMs = FIRST_RETRY_MS;
      logger?.info({ channel }, 'hearing PostgreSQL notifications again');
      handlers.onReconnect?.();
    };

    /** A silent connection would never answer a goodbye: its socket is destroyed, not ended. */
    const lose = (lost: pg.Client, err: unknown) => {
      if (closed || client !== lost) return;
      client = undefined;
      clearInterval(ticker);
      lost.connection.stream.destroy();
      deaf(err);
      retryTimer = setTimeout(() => void connect(), retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    };

    const beat = () => {
      const current = client;
      if (!current) return;
      if (sent - heard >= MISSED_HEARTBEATS) {
        lose(current, new Error(`${MISSED_HEARTBEATS} heartbeats ${heartbeatMs} ms apart did not come back`));
        return;
      }
      sent += 1;
      // One that cannot be sent is not heard either, which is what counts.
      notify(heartbeatChannel, String(sent)).catch(() => {});
    };
    /** Heartbeats every heartbeatMs from now on: a connection that hangs before it listens is lost too. */
    const beatFromNow = () => {
      clearInterval(ticker);
      ticker = setInterval(beat, heartbeatMs);
      ticker.unref();
    };

    async function connect(): Promise<void> {
      const next = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: 5000,
        keepAlive: true,
        keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
      });
      client = next;
      heard = sent;
      next.on('error', (err) => lose(next, err));
      next.on('end', () => lose(next, new Error('the listening connection ended')));
      next.on('notification', (message) => {
        if (client !== next || message.payload === undefined) return;
        if (message.channel === channel) handlers.onMessage(message.payload);
        if (message.channel !== heartbeatChannel) return;
        const beatHeard = Number(message.payload);
        if (Number.isSafeInteger(beatHeard)) heard = Math.max(heard, beatHeard);
        hearingAgain();
      });
      beatFromNow();
      try {
        await next.connect();
        await next.query(
          `LISTEN ${next.escapeIdentifier(channel)}; LISTEN ${next.escapeIdentifier(heartbeatChannel)}`,
        );
      } catch (err) {
        lose(next, err);
        return;
      }
      if (closed) {
        next.connection.stream.destroy();
        return;
      }
      // At once: a fresh connection after an outage hears again as soon as this comes back.
      if (!hearing) beat();
      beatFromNow();
    }

    await connect();
    return {
      async close() {
        if (closed) return;
        closed = true;
        clearTimeout(retryTimer);
        clearInterval(ticker);
        if (!hearing) deafListeners -= 1;
        const last = client;
        client = undefined;
        if (!last) return;
        // A goodbye, unless the connection is silent: then, after a second, its socket goes.
        const destroying = setTimeout(() => last.connection.stream.destroy(), 1000);
        await last.end().catch(() => {});
        clearTimeout(destroying);
      },
    };
  };

  return { listen, hearing: () => deafListeners === 0 };
}
