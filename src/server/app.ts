import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { createFeatures, type FeatureDeps } from './app-features.js';
import type { Config } from './config.js';
import type { PoolStats } from './db/client.js';
import { hiddenFromNonAdmins } from './features/admin/hidden.js';
import { sessionCookieName } from './features/auth/session-hooks.js';
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

export interface AppDeps extends FeatureDeps {
  webRoot?: string;
  /** The process's logger (main.ts makes it first, for the database); by default one is made here. */
  logger?: FastifyBaseLogger;
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

  // The features, and how they are joined (app-features.ts); the session hook comes before every route.
  const features = await createFeatures(config, { ...deps, rateLimits, logger: app.log });
  app.decorate('mailWorker', features.mailWorker);
  features.auth.loadSessions(app);
  registerHiddenEndpoints(app, hiddenFromNonAdmins(config.adminEmails));
  // After the session hook, which only the plugins registered after it hear: the docs list the admins'
  // routes to admins alone.
  await registerDocs(app, {
    hiddenPrefix: '/api/admin',
    showsHidden: (request) => isAdmin(config.adminEmails, request.user),
  });
  for (const routes of features.routes) await app.register(routes);

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
