import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Db, PoolStats } from './db/client.js';
import type { Listen } from './db/listen.js';
import { createAccount } from './features/account/account.js';
import { createAdmin } from './features/admin/admin.js';
import { hiddenFromNonAdmins } from './features/admin/hidden.js';
import { createAuth } from './features/auth/auth.js';
import type { OidcClient } from './features/auth/oidc-client.js';
import { sessionCookieName } from './features/auth/session-hooks.js';
import { createCompanies } from './features/companies/companies.js';
import { createJobs } from './features/jobs/jobs.js';
import { createMail, type MailCollaborators } from './features/mail/mail.js';
import { createNotifications } from './features/notifications/notifications.js';
import { createProfile } from './features/profile/profile.js';
import { createReferrals } from './features/referrals/referrals.js';
import { activityRoutes } from './features/activity/routes.js';
import { readBlogManifest } from './features/seo/blog-manifest.js';
import { publicPageHeads } from './features/seo/page-heads.js';
import { seoRoutes } from './features/seo/routes.js';
import { isAdmin } from './lib/admins.js';
import { projectRoot } from './project-root.js';
import { registerDocs } from './plugins/docs.js';
import { compiledSerializer } from './plugins/serializer.js';
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
import { registerHiddenEndpoints } from './plugins/unknown-endpoints.js';

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
  mailWorker?: MailCollaborators['worker'];
  /** The referral sweep's clock (tests move it forward); the wall clock by default. */
  now?: () => Date;
  /** False: no referral sweep timer (tests that drive runReferralSweep themselves). */
  referralSweep?: boolean;
  /** False: no job liveness timer (tests that drive runLivenessSweep themselves). */
  livenessSweep?: boolean;
  /** The PostgreSQL pool's numbers, for the metrics. */
  poolStats?: () => PoolStats;
  /** Whether the PostgreSQL listener hears its own heartbeat (Database.hearing), for the metrics. */
  hearing?: () => boolean;
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
  app.setSerializerCompiler(compiledSerializer);
  const { onRoute } = deps;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  // Before any route: the metrics plugin times the routes registered after it.
  await registerMetrics(app, config, deps);
  const rateLimits = await createRateLimitStore(config, app.log);
  app.addHook('onClose', () => rateLimits.close());

  registerErrorHandling(app);
  await app.register(cookie, { secret: config.sessionSecret });
  await registerSecurity(app, config);
  registerRequestBodies(app);
  // Answers up to 64 KiB (every list page) are compressed in one call, not through a stream set up for each
  // answer: the plugin streams anything over 8 KiB on a 2-core host, and that cost a browser's read of the
  // referrer's list much of its rate; Brotli at quality 4 compresses a list in microseconds
  // (docs/performance.md, What the decisions measured; compression.test.ts).
  await app.register(compress, { syncThreshold: 64 * 1024 });

  // The features, and how they are joined: each takes the configuration and what it needs of the others.
  const { db } = deps;
  const mail = createMail(config, {
    db,
    logger: app.log,
    worker: deps.mailWorker,
    onReferralLimitsChanged: (userId) => referrals.assignWaitingTo(userId),
  });
  app.decorate('mailWorker', mail.worker);
  const auth = createAuth(config, {
    db,
    rateLimits,
    oidc: deps.oidc,
    onUserCreated: (userId) => notifications.welcome(userId),
    onSignedIn: (userId) => referrals.renewAtSignIn(userId),
    onSignedOut: (userId) => notifications.sessionsEnded(userId),
  });
  auth.loadSessions(app);
  registerHiddenEndpoints(app, hiddenFromNonAdmins(config.adminEmails));
  // After the session hook, which only the plugins registered after it hear: the docs list the admins'
  // routes to admins alone.
  await registerDocs(app, {
    hiddenPrefix: '/api/admin',
    showsHidden: (request) => isAdmin(config.adminEmails, request.user),
  });
  const notifications = await createNotifications(config, {
    db,
    listen: deps.listen,
    isSessionLive: auth.isSessionLive,
    signedInUsers: auth.signedInUsers,
    readSession: auth.readSession,
    sessionUnchangedUntil: auth.sessionUnchangedUntil,
    onNotified: mail.onNotified,
    heartbeatMs: deps.streamHeartbeatMs,
    logger: app.log,
  });
  const companies = createCompanies(config, { db, rateLimits, now: deps.now });
  const jobs = createJobs(config, { rateLimits, logger: app.log });
  const referrals = createReferrals(config, {
    db,
    companies: companies.directory,
    jobs: jobs.postings,
    notify: notifications.notify,
    sendMail: mail.send,
    rateLimits,
    now: deps.now,
    sweep: deps.referralSweep,
    livenessSweep: deps.livenessSweep,
    logger: app.log,
  });
  const profile = createProfile(config, {
    db,
    rateLimits,
    companies: companies.directory,
    canViewProfile: referrals.canViewProfile,
    openResumeLink: referrals.openResumeLink,
    onCurrentCompanyChanged: referrals.followCurrentCompany,
  });
  const account = createAccount({
    db,
    passOnReferrals: referrals.passOnReferralsOf,
    companies: companies.directory,
    clearSession: auth.clearSession,
    onDeleted: notifications.sessionsEnded,
  });
  const admin = createAdmin(config, {
    db,
    rateLimits,
    sharedRequest: referrals.sharedRequest,
    control: {
      endSessions: auth.endSessions,
      setAside: referrals.suspension.setAside,
      resume: referrals.suspension.resume,
      verifyByAdmin: referrals.verifyByAdmin,
      unverifyByAdmin: referrals.unverifyByAdmin,
      sessionsEnded: notifications.sessionsEnded,
      sendMail: mail.send,
      publicUrl: config.publicUrl,
    },
    companyLocks: companies.locks,
    held: {
      matchReleasedRequest: referrals.matchReleasedRequest,
      deliverReleasedMessage: referrals.deliverReleasedMessage,
      notify: notifications.notify,
    },
    now: deps.now,
  });
  for (const feature of [auth, notifications, companies, jobs, profile, referrals, account, mail, admin]) {
    await app.register(feature.routes);
  }
  await app.register(activityRoutes, {
    prefix: '/api/activity',
    db,
    rateLimits,
    perMinute: config.activityRateLimit,
  });

  registerHealthChecks(app, deps.db);

  const webRoot = deps.webRoot ?? path.join(projectRoot, 'dist/web');
  const posts = readBlogManifest(webRoot);
  await app.register(seoRoutes, { publicUrl: config.publicUrl, posts });
  await registerSpa(app, webRoot, {
    headFor: publicPageHeads(posts, config.publicUrl),
    analytics: config.analytics,
    isVisitor: (request) => request.cookies[sessionCookieName(config)] === undefined,
  });
  return app;
}
