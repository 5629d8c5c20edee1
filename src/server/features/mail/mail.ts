import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { devMailRoutes } from './dev-mail-routes.js';
import { mailNotifications } from './notification-mail.js';
import { enqueueMail } from './outbox.js';
import { settingsRoutes, type ReferralLimitsHook } from './settings-routes.js';
import { outboxTransport, smtpTransport } from './transport.js';
import { unsubscribeRoutes } from './unsubscribe-routes.js';
import { createMailWorker, type MailWorkerOptions } from './worker.js';

export interface MailCollaborators {
  db: Db;
  logger: FastifyBaseLogger;
  /** The clock of the personal address's codes (tests move it forward); the wall clock by default. */
  now?: () => Date;
  /** Worker tuning for tests (an injected clock, fewer attempts, shorter backoff). */
  worker?: Pick<MailWorkerOptions, 'now' | 'maxAttempts' | 'baseDelayMs' | 'maxDelayMs' | 'leaseMs'>;
  /**
   * The referrals feature's hook around a user's change of their monthly cap, pause or time zone: a
   * referrer who has room again gets the waiting requests at their company, and their company's watchers
   * may be told.
   */
  aroundReferralLimitsChange?: ReferralLimitsHook;
}

/**
 * Mail (docs/product.md, Notifications): queued in the transaction of what caused it, sent by the worker (main.ts starts
 * it) through SMTP_URL or into the built-in outbox; the settings, unsubscribe and dev outbox routes.
 */
export function createMail(
  config: Config,
  { db, logger, worker, aroundReferralLimitsChange, now = () => new Date() }: MailCollaborators,
) {
  const mailWorker = createMailWorker({
    db,
    transport: config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : outboxTransport(),
    from: config.mail.from,
    logger,
    ...worker,
  });
  return {
    worker: mailWorker,
    /** Queues a mail in the caller's transaction. */
    send: enqueueMail,
    /** The notifications feature's hook: each notification is mailed too, unless the user said no. */
    onNotified: mailNotifications({ publicUrl: config.publicUrl, secret: config.sessionSecret }),
    routes: async (app: FastifyInstance) => {
      app.addHook('onClose', () => mailWorker.stop());
      await app.register(settingsRoutes, {
        prefix: '/api',
        db,
        aroundReferralLimitsChange,
        secret: config.sessionSecret,
        now,
        sendMail: enqueueMail,
      });
      await app.register(unsubscribeRoutes, { db, secret: config.sessionSecret });
      if (config.mail.devOutbox) await app.register(devMailRoutes, { db });
    },
  };
}
