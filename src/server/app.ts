import { randomBytes } from 'node:crypto';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Db, PoolStats } from './db/client.js';
import type { Listen } from './db/listen.js';
import { DEV_CLIENT_ID, DEV_IDP_PATH, registerDevIdp } from './features/auth/dev-idp.js';
import { createOidcClient, type OidcClient } from './features/auth/oidc-client.js';
import { createAuthLimits } from './features/auth/limits.js';
import { authRoutes } from './features/auth/routes.js';
import { clearSessionCookie, registerSessionLoading } from './features/auth/session-hooks.js';
import { readSession, resolveSession } from './features/auth/sessions.js';
import { accountRoutes } from './features/account/routes.js';
import { activityRoutes } from './features/activity/routes.js';
import { companiesRoutes } from './features/companies/routes.js';
import { publishChange } from './features/notifications/events.js';
import { startLiveNotifications } from './features/notifications/live.js';
import { devMailRoutes } from './features/mail/dev-mail-routes.js';
import { mailNotifications } from './features/mail/notification-mail.js';
import { settingsRoutes } from './features/mail/settings-routes.js';
import { outboxTransport, smtpTransport } from './features/mail/transport.js';
import { unsubscribeRoutes } from './features/mail/unsubscribe-routes.js';
import { createMailWorker, type MailWorkerOptions } from './features/mail/worker.js';
import { notificationRoutes } from './features/notifications/routes.js';
import { notify, sendWelcomeNotification } from './features/notifications/service.js';
import { profileRoutes } from './features/profile/routes.js';
import type { ReferralDeps } from './features/referrals/ports.js';
import { referralRoutes } from './features/referrals/routes.js';
import { startReferralSweep, type SweepTimer } from './features/referrals/handoffs/sweep.js';
import { verificationRoutes } from './features/referrals/verification/verification-routes.js';
import { canViewProfile, followCurrentCompany } from './features/referrals/matching/willingness.js';
import { enqueueMail } from './features/mail/outbox.js';
import { passOnReferralsOfLeavingReferrer } from './features/referrals/handoffs/leave.js';
import { readBlogManifest } from './features/seo/blog-manifest.js';
import { blogPageHeads } from './features/seo/page-heads.js';
import { seoRoutes } from './features/seo/routes.js';
import {
  findOrCreateCompanyByName,
  findOrCreateRequestCompany,
  lockCompanyNames,
  releaseCompany,
} from './features/companies/service.js';
import { createJobPreviewer, parseJobUrl } from './features/jobs/service.js';
import { jobsRoutes } from './features/jobs/routes.js';
import { injectFetch } from './lib/inject-fetch.js';
import { createOutboundFetch } from './lib/outbound-fetch.js';
import { projectRoot } from './lib/project-root.js';
import { registerDocs } from './plugins/docs.js';
import { registerErrorHandling } from './plugins/errors.js';
import { frameworkErrorOptions } from './plugins/framework-errors.js';
import { registerHealthChecks } from './plugins/health.js';
import { createLogger } from './plugins/logger.js';
import { registerMetrics } from './plugins/metrics.js';
import { createRateLimitStore } from './plugins/rate-limit-store.js';
import { registerRequestBodies } from './plugins/request-body.js';
import { RequestLog } from './plugins/request-log.js';
import { registerSecurity, securityHeaders } from './plugins/security.js';
import { registerSpa } from './plugins/spa.js';

/** `GET /auth/status` may be asked this many times as often as a sign-in may start (every tab, every load). */
const STATUS_CHECKS_PER_SIGN_IN = 10;

export interface AppDeps {
  db: Db;
  /** The database's LISTEN (Database.listen): live notification streams hear every instance's changes. */
  listen: Listen;
  /** Heartbeat period of the notification stream (tests shorten it); 25 s by default. */
  streamHeartbeatMs?: number;
  /** Replaces the relying party (tests of failure paths); by default it is built from the config. */
  oidc?: OidcClient;
  webRoot?: string;
  /** The process's logger (main.ts makes it first, for the database); by default one is made here. */
  logger?: FastifyBaseLogger;
  /** Mail worker tuning for tests (an injected clock, fewer attempts, shorter backoff). */
  mailWorker?: Pick<MailWorkerOptions, 'now' | 'maxAttempts' | 'baseDelayMs' | 'maxDelayMs' | 'leaseMs'>;
  /** The referral sweep's clock (tests move it forward); the wall clock by default. */
  now?: () => Date;
  /** False: no referral sweep timer (tests that drive runReferralSweep themselves). */
  referralSweep?: boolean;
  /** The PostgreSQL pool's numbers, for the metrics. */
  poolStats?: () => PoolStats;
  /** Hears every route as it is registered (the authorisation matrix and the fuzzer learn the routes). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const { trustProxy } = config;
  const app = Fastify({
    loggerInstance: deps.logger ?? createLogger(config),
    bodyLimit: 1024 * 1024,
    // One line per request instead of two, and only refusals, failures and slow answers at info.
    logController: new RequestLog(),
    ...frameworkErrorOptions(securityHeaders(config)),
    // Off unless configured: otherwise any client could name its own address in X-Forwarded-For.
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const { onRoute } = deps;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  // Before any route: the metrics plugin times the routes registered after it.
  await registerMetrics(app, config, { db: deps.db, poolStats: deps.poolStats });
  const rateLimits = await createRateLimitStore(config, app.log);
  app.addHook('onClose', () => rateLimits.close());

  registerErrorHandling(app);
  await app.register(cookie, { secret: config.sessionSecret });
  await registerSecurity(app, config);
  registerRequestBodies(app);
  await app.register(compress);
  await registerDocs(app);
  registerSessionLoading(app, deps.db, config);

  const live = await startLiveNotifications(deps.listen, {
    db: deps.db,
    isSessionLive: async (token) => (await resolveSession(deps.db, token)) !== null,
    limits: { perUser: config.streamsPerUser, max: config.streamsMax },
    heartbeatMs: deps.streamHeartbeatMs,
    logger: app.log,
  });
  // Open streams never finish by themselves: end them before the server waits for its connections.
  app.addHook('preClose', async () => live.endAll());
  app.addHook('onClose', async () => live.close());
  // Mail: queued in the transaction of what caused it, sent by the worker (main.ts starts it).
  const mailWorker = createMailWorker({
    db: deps.db,
    transport: config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : outboxTransport(),
    from: config.mail.from,
    logger: app.log,
    ...deps.mailWorker,
  });
  app.decorate('mailWorker', mailWorker);
  app.addHook('onClose', () => mailWorker.stop());
  const hooks = {
    onNotified: mailNotifications({ publicUrl: config.publicUrl, secret: config.sessionSecret }),
  };
  const notifyAndMail: typeof notify = (db, input) => notify(db, input, hooks);

  const redirectUri = `${config.publicUrl}/auth/google/callback`;
  await app.register(async (signIn) => {
    // The relying party's own in-process calls to the dev provider carry a per-process secret: they are
    // the server's, not the client's, and must not spend the client's budget.
    const internalCall = { 'x-referbridge-internal': randomBytes(16).toString('hex') };
    const limits = await createAuthLimits(signIn, rateLimits, {
      signInPerMinute: config.authRateLimit,
      statusPerMinute: config.authRateLimit * STATUS_CHECKS_PER_SIGN_IN,
      isInternal: (request) =>
        request.headers['x-referbridge-internal'] === internalCall['x-referbridge-internal'],
    });
    let oidc = deps.oidc;
    if (!oidc && config.oidc) {
      // Google lets the user pick among signed-in accounts; other issuers may not know that prompt value.
      const isGoogle = new URL(config.oidc.issuer).hostname === 'accounts.google.com';
      oidc = createOidcClient({
        ...config.oidc,
        redirectUri,
        prompt: isGoogle ? 'select_account' : undefined,
      });
    }
    if (!oidc) {
      const issuer = `${config.publicUrl}${DEV_IDP_PATH}`;
      const clientSecret = `dev-${config.sessionSecret}`;
      // The development sign-in, every page of it, spends the sign-in budget.
      await signIn.register(async (devIdp) => {
        devIdp.addHook('onRequest', limits.signIn);
        registerDevIdp(devIdp, { issuer, clientSecret, redirectUri, cookieKeys: [config.sessionSecret] });
      });
      oidc = createOidcClient({
        issuer,
        clientId: DEV_CLIENT_ID,
        clientSecret,
        redirectUri,
        prompt: 'login',
        fetch: injectFetch(app, internalCall),
      });
    }
    await signIn.register(authRoutes, {
      prefix: '/auth',
      db: deps.db,
      config,
      oidc,
      limits,
      onUserCreated: async (user) => {
        await sendWelcomeNotification(deps.db, user.id, hooks);
      },
      // Every instance's streams of this user re-check their session, and those signed out end.
      onSignedOut: (userId) => publishChange(deps.db, { userId, kind: 'signed-out' }),
    });
  });
  await app.register(notificationRoutes, {
    prefix: '/api/notifications',
    db: deps.db,
    live,
    readSession: (token, read) => readSession(deps.db, token, new Date(), read),
  });
  await app.register(companiesRoutes, { prefix: '/api/companies', db: deps.db });
  // Job postings are read through the one guarded way out (docs/decisions/032-job-postings.md).
  const jobFetch = createOutboundFetch({
    mode: config.jobs.fetch,
    allowedHosts: config.jobs.allowedHosts,
    userAgent: `ReferBridge/1.0 (+${config.publicUrl})`,
  });
  const jobPreviewer = createJobPreviewer({ fetch: jobFetch, apis: config.jobs });
  // Readings of new requests' postings still in flight are finished (or fail) before the database closes.
  const jobReads = new Set<Promise<unknown>>();
  app.addHook('preClose', async () => {
    await Promise.allSettled([...jobReads]);
  });
  app.addHook('onClose', () => jobFetch.close());
  const referralDeps: ReferralDeps = {
    companies: {
      ensure: findOrCreateCompanyByName,
      ensureForRequest: findOrCreateRequestCompany,
      lock: lockCompanyNames,
    },
    notify: notifyAndMail,
    capacity: config.referrerCapacity,
    requestsPerDay: config.requestsPerDay,
    maxHandoffs: config.referralMaxHandoffs,
    responseMs: config.referralResponseMs,
    jobs: {
      cached: (jobUrl) => jobPreviewer.cached(jobUrl),
      readLater: (jobUrl, store) => {
        const url = parseJobUrl(jobUrl);
        if (!url) return;
        const task: Promise<unknown> = jobPreviewer
          .read(url)
          .then(store)
          .catch((err: unknown) => app.log.warn({ err }, 'could not store a job posting reading'))
          .finally(() => jobReads.delete(task));
        jobReads.add(task);
      },
    },
  };
  await app.register(profileRoutes, {
    prefix: '/api',
    db: deps.db,
    config,
    canViewProfile,
    companies: { ensure: findOrCreateCompanyByName, release: releaseCompany, lock: lockCompanyNames },
    rateLimits,
    onCurrentCompanyChanged: (tx, userId, companyName) =>
      followCurrentCompany(tx, referralDeps, userId, companyName),
  });
  await app.register(referralRoutes, { prefix: '/api', db: deps.db, ...referralDeps });
  await app.register(verificationRoutes, {
    prefix: '/api/referrer/verification',
    db: deps.db,
    sendMail: enqueueMail,
    secret: config.sessionSecret,
    now: deps.now ?? (() => new Date()),
  });
  await app.register(accountRoutes, {
    prefix: '/api',
    db: deps.db,
    passOnReferrals: (tx, userId) =>
      passOnReferralsOfLeavingReferrer(tx, referralDeps, userId, deps.now?.() ?? new Date()),
    companies: { lock: lockCompanyNames, release: releaseCompany },
    clearSession: (reply) => clearSessionCookie(reply, config),
    // Streams of the deleted user re-check their session, find none and end.
    onDeleted: (userId) => publishChange(deps.db, { userId, kind: 'signed-out' }),
  });
  await app.register(activityRoutes, { prefix: '/api/activity', db: deps.db, rateLimits });
  await app.register(settingsRoutes, { prefix: '/api', db: deps.db });
  await app.register(jobsRoutes, { prefix: '/api/jobs', previewer: jobPreviewer, rateLimits });
  await app.register(unsubscribeRoutes, { db: deps.db, secret: config.sessionSecret });
  if (config.mail.devOutbox) await app.register(devMailRoutes, { db: deps.db });
  if (deps.referralSweep !== false) {
    // Reminders and hand-offs (DESIGN.md "Bounded answers"); every instance runs one, rows are claimed.
    let sweep: SweepTimer | undefined;
    app.addHook('onReady', async () => {
      sweep = startReferralSweep(deps.db, referralDeps, {
        intervalMs: config.referralSweepIntervalMs,
        now: deps.now ?? (() => new Date()),
        log: app.log,
      });
    });
    app.addHook('onClose', async () => {
      await sweep?.stop();
    });
  }

  registerHealthChecks(app, deps.db);

  const webRoot = deps.webRoot ?? path.join(projectRoot, 'dist/web');
  const posts = readBlogManifest(webRoot);
  await app.register(seoRoutes, { publicUrl: config.publicUrl, posts });
  await registerSpa(app, webRoot, {
    headFor: blogPageHeads(posts, config.publicUrl),
    analytics: config.analytics,
  });
  return app;
}
