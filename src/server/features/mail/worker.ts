import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
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
  /** Claims the mail due now and tries to send it; resolves when the batch is done. */
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
  pollIntervalMs: 5_000,
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

  async function sendOne(row: repo.OutboxRow, result: RunResult): Promise<void> {
    try {
      await transport.send({
        from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        headers: row.headers,
      });
      await repo.markSent(db, row.id, now());
      result.sent += 1;
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
    }
  }

  async function runBatch(): Promise<RunResult> {
    const result: RunResult = { sent: 0, retried: 0, failed: 0 };
    const rows = await repo.claimDue(db, now(), settings.batchSize, settings.leaseMs);
    for (const row of rows) await sendOne(row, result);
    return result;
  }

  function runOnce(): Promise<RunResult> {
    // One batch at a time per worker; a call during a batch waits for it and then runs its own.
    const previous = running ?? Promise.resolve(undefined);
    const next = previous.then(runBatch, runBatch);
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
