import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { yieldToIo } from '../../db/one-by-one.js';
import * as repo from './repo.js';
import { isPermanentFailure, type MailTransport } from './transport.js';

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  from: string;
  logger?: FastifyBaseLogger;
  /** The clock; tests pass their own to step through backoff without waiting. */
  now?: () => Date;
  /** Attempts before a mail is given up (the last error stays in last_error). */
  maxAttempts?: number;
  /** Wait after the first failure; doubled after each further one, up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  batchSize?: number;
  /** How long a claimed mail is reserved for the worker sending it. */
  leaseMs?: number;
  pollIntervalMs?: number;
}

export interface RunResult {
  sent: number;
  retried: number;
  failed: number;
}

export interface MailWorker {
  /**
   * Sends the mail due now, batch after batch while they come back full, time-bound mail (codes) first;
   * resolves when a batch comes back short (nothing due is left) or sends nothing (the server refuses:
   * the next tick tries again, rather than spending every queued mail's attempt now).
   */
  runOnce(): Promise<RunResult>;
  /** Polls every pollIntervalMs until stop(). */
  start(): void;
  /** Stops polling and waits for the batch in flight. */
  stop(): Promise<void>;
}

export const MAIL_DEFAULTS = {
  maxAttempts: 8,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  batchSize: 20,
  leaseMs: 5 * 60_000,
  // A code queued while the worker idles waits at most this long (batches then follow back to back).
  pollIntervalMs: 1_000,
};

/** The wait before attempt `attempts + 1`: base · 2^(attempts − 1), capped. */
export function backoffMs(attempts: number, baseDelayMs: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

function describeError(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.slice(0, 1000);
}

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const settings = {
    maxAttempts: options.maxAttempts ?? MAIL_DEFAULTS.maxAttempts,
    baseDelayMs: options.baseDelayMs ?? MAIL_DEFAULTS.baseDelayMs,
    maxDelayMs: options.maxDelayMs ?? MAIL_DEFAULTS.maxDelayMs,
    batchSize: options.batchSize ?? MAIL_DEFAULTS.batchSize,
    leaseMs: options.leaseMs ?? MAIL_DEFAULTS.leaseMs,
    pollIntervalMs: options.pollIntervalMs ?? MAIL_DEFAULTS.pollIntervalMs,
  };
  const now = options.now ?? (() => new Date());
  const { db, transport, logger, from } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<RunResult> | undefined;
  let stopped = false;

  /** Hands one mail over; true when it was accepted (the caller marks it sent with its batch). */
  async function sendOne(row: repo.OutboxRow, result: RunResult): Promise<boolean> {
    try {
      await transport.send({
        from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        headers: row.headers,
      });
      result.sent += 1;
      return true;
    } catch (err) {
      const error = describeError(err);
      const giveUp = row.attempts >= settings.maxAttempts || isPermanentFailure(err);
      const at = now();
      const retryAt = giveUp
        ? null
        : new Date(at.getTime() + backoffMs(row.attempts, settings.baseDelayMs, settings.maxDelayMs));
      await repo.markFailed(db, row.id, error, retryAt, at);
      if (giveUp) result.failed += 1;
      else result.retried += 1;
      logger?.warn({ mailId: row.id, attempts: row.attempts, error, giveUp }, 'mail not sent');
      return false;
    }
  }

  /** One claimed batch, sent in claim order (RETURNING keeps none): time-bound mail first, then oldest. */
  async function runBatch(result: RunResult): Promise<number> {
    const rows = await repo.claimDue(db, now(), settings.batchSize, settings.leaseMs);
    rows.sort((a, b) => a.priority - b.priority || a.id - b.id);
    // Mail that left the machine is marked at once, so a crash resends at most the one in flight. The
    // built-in outbox sends nothing anywhere: its batch is marked in one statement.
    const markEach = transport.kind !== 'outbox';
    const sent: number[] = [];
    try {
      for (const row of rows) {
        if (!(await sendOne(row, result))) continue;
        if (markEach) await repo.markSent(db, [row.id], now());
        else sent.push(row.id);
      }
    } finally {
      await repo.markSent(db, sent, now());
    }
    return rows.length;
  }

  async function drain(): Promise<RunResult> {
    const result: RunResult = { sent: 0, retried: 0, failed: 0 };
    for (;;) {
      const sentBefore = result.sent;
      const claimed = await runBatch(result);
      if (claimed < settings.batchSize || result.sent === sentBefore || stopped) return result;
      await yieldToIo();
    }
  }

  function runOnce(): Promise<RunResult> {
    // One drain at a time per worker; a call during a drain waits for it and then runs its own.
    const previous = running ?? Promise.resolve(undefined);
    const next = previous.then(drain, drain);
    running = next;
    const clear = () => {
      if (running === next) running = undefined;
    };
    next.then(clear, clear);
    return next;
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((err: unknown) => logger?.error({ err }, 'mail worker batch failed'))
        .finally(() => schedule(settings.pollIntervalMs));
    }, delayMs);
    timer.unref();
  }

  return {
    runOnce,
    start() {
      stopped = false;
      // The first batch at once: mail that waited while no process ran (a deploy, a crash) goes out now.
      if (!timer) schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running?.catch(() => undefined);
      transport.close();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the mail outbox; main.ts starts it, app.close() stops it, tests call runOnce(). */
    mailWorker: MailWorker;
  }
}
