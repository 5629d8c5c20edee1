import { randomBytes } from 'node:crypto';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { DEV_CLIENT_ID, DEV_IDP_PATH, registerDevIdp } from './features/auth/dev-idp.js';
import { createOidcClient, type OidcClient } from './features/auth/oidc-client.js';
import { authRoutes } from './features/auth/routes.js';
import { registerSessionLoading } from './features/auth/session-hooks.js';
import { activityRoutes } from './features/activity/routes.js';
import { companiesRoutes } from './features/companies/routes.js';
import { notificationRoutes } from './features/notifications/routes.js';
import { notify, sendWelcomeNotification } from './features/notifications/service.js';
import { profileRoutes } from './features/profile/routes.js';
import type { ReferralDeps } from './features/referrals/ports.js';
import { referralRoutes } from './features/referrals/routes.js';
import { canViewProfile, followCurrentCompany } from './features/referrals/willingness.js';
import { readBlogManifest } from './features/seo/blog-manifest.js';
import { blogPageHeads } from './features/seo/page-heads.js';
import { seoRoutes } from './features/seo/routes.js';
import { findOrCreateCompanyByName, lockCompanyNames, releaseCompany } from './features/companies/service.js';
import { injectFetch } from './lib/inject-fetch.js';
import { projectRoot } from './lib/project-root.js';
import { registerDocs } from './plugins/docs.js';
import { registerErrorHandling } from './plugins/errors.js';
import { frameworkErrorOptions } from './plugins/framework-errors.js';
import { createLogger } from './plugins/logger.js';
import { registerRequestBodies } from './plugins/request-body.js';
import { registerSecurity, securityHeaders } from './plugins/security.js';
import { registerSpa } from './plugins/spa.js';

export interface AppDeps {
  db: Db;
  /** Replaces the relying party (tests of failure paths); by default it is built from the config. */
  oidc?: OidcClient;
  webRoot?: string;
  /** The process's logger (main.ts makes it first, for the database); by default one is made here. */
  logger?: FastifyBaseLogger;
}

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const { trustProxy } = config;
  const app = Fastify({
    loggerInstance: deps.logger ?? createLogger(config),
    bodyLimit: 1024 * 1024,
    ...frameworkErrorOptions(securityHeaders(config)),
    // Off unless configured: otherwise any client could name its own address in X-Forwarded-For.
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandling(app);
  await app.register(cookie, { secret: config.sessionSecret });
  await registerSecurity(app, config);
  registerRequestBodies(app);
  await app.register(compress);
  await registerDocs(app);
  registerSessionLoading(app, deps.db, config);

  const redirectUri = `${config.publicUrl}/auth/google/callback`;
  // One per-client budget covers the whole sign-in surface: our /auth routes and the dev provider's pages.
  await app.register(async (signIn) => {
    // The relying party's own in-process calls to the dev provider carry a per-process secret: they are
    // the server's, not the client's, and must not spend the client's budget.
    const internalCall = { 'x-referbridge-internal': randomBytes(16).toString('hex') };
    await signIn.register(rateLimit, {
      max: config.authRateLimit,
      timeWindow: '1 minute',
      allowList: (request) =>
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
      registerDevIdp(signIn, { issuer, clientSecret, redirectUri, cookieKeys: [config.sessionSecret] });
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
      onUserCreated: async (user) => {
        await sendWelcomeNotification(deps.db, user.id);
      },
    });
  });
  await app.register(notificationRoutes, { prefix: '/api/notifications', db: deps.db });
  await app.register(companiesRoutes, { prefix: '/api/companies', db: deps.db });
  const referralDeps: ReferralDeps = {
    companies: { ensure: findOrCreateCompanyByName, lock: lockCompanyNames },
    notify,
    capacity: config.referrerCapacity,
    requestsPerDay: config.requestsPerDay,
  };
  await app.register(profileRoutes, {
    prefix: '/api',
    db: deps.db,
    config,
    canViewProfile,
    companies: { ensure: findOrCreateCompanyByName, release: releaseCompany, lock: lockCompanyNames },
    onCurrentCompanyChanged: (tx, userId, companyName) =>
      followCurrentCompany(tx, referralDeps, userId, companyName),
  });
  await app.register(referralRoutes, { prefix: '/api', db: deps.db, ...referralDeps });
  await app.register(activityRoutes, { prefix: '/api/activity', db: deps.db });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));

  const webRoot = deps.webRoot ?? path.join(projectRoot, 'dist/web');
  const posts = readBlogManifest(webRoot);
  await app.register(seoRoutes, { publicUrl: config.publicUrl, posts });
  await registerSpa(app, webRoot, {
    headFor: blogPageHeads(posts, config.publicUrl),
    analytics: config.analytics,
  });
  return app;
}
