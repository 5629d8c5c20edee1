import { createRequire } from 'node:module';
import { and, isNull } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyPluginCallback } from 'fastify';
import type { IMetricsPluginOptions } from 'fastify-metrics';
import client from 'prom-client';
import type { Config } from '../config.js';
import type { Db, PoolStats } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import { keptCounts } from '../kept/counts.js';
import { quieterLevel } from '../lib/quieter-level.js';

// fastify-metrics is CommonJS with only `exports.default`: Node's `import x from` hands over the whole
// exports object while the bundler-style typecheck expects the plugin. require() is the same everywhere.
const fastifyMetrics = (
  createRequire(import.meta.url)('fastify-metrics') as {
    default: FastifyPluginCallback<Partial<IMetricsPluginOptions>>;
  }
).default;

let openStreams = 0;

/**
 * Counts one open long-lived response (a Server-Sent Events stream) in `referbridge_open_streams`. Call it
 * when the stream opens and the returned function when it closes; calling that twice counts once, so it
 * can be hooked to both 'close' and 'error'. Process-wide: one app per process in production.
 */
export function trackOpenStream(): () => void {
  openStreams += 1;
  let open = true;
  return () => {
    if (!open) return;
    open = false;
    openStreams -= 1;
  };
}

export interface MetricsSources {
  db: Db;
  /** PostgreSQL's pool; PGlite has one connection and no pool to report. */
  poolStats?: () => PoolStats;
  /** PostgreSQL's listener hears its own heartbeat; PGlite always hears. */
  hearing?: () => boolean;
}

/**
 * Prometheus metrics, collected only when METRICS_PORT is set and served only there, by a server of their
 * own: the public port never shows them (they name routes and load). Each app has its own registry, so
 * tests can build several apps in one process.
 */
export async function registerMetrics(
  app: FastifyInstance,
  config: Pick<Config, 'metricsPort' | 'host'>,
  sources: MetricsSources,
): Promise<void> {
  const { metricsPort } = config;
  if (metricsPort === undefined) return;
  const registry = new client.Registry();
  await app.register(fastifyMetrics, {
    endpoint: null,
    defaultMetrics: { enabled: true, register: registry },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      // The summary is made even when off; it must not land in prom-client's global registry either.
      overrides: { histogram: { registers: [registry] }, summary: { registers: [registry] } },
    },
  });
  registerAppGauges(registry, sources);

  const server = Fastify({ loggerInstance: app.log.child({ server: 'metrics' }) });
  server.get('/metrics', { logLevel: quieterLevel(app.log.level) }, async (_request, reply) =>
    reply.type(registry.contentType).send(await registry.metrics()),
  );
  app.addHook('onReady', async () => {
    await server.listen({ port: metricsPort, host: config.host });
  });
  app.addHook('onClose', async () => {
    await server.close();
  });
}

function registerAppGauges(registry: client.Registry, { db, poolStats, hearing }: MetricsSources): void {
  new client.Gauge({
    name: 'referbridge_open_streams',
    help: 'Server-Sent Events streams open on this instance',
    registers: [registry],
    collect() {
      this.set(openStreams);
    },
  });
  if (poolStats) {
    new client.Gauge({
      name: 'referbridge_db_pool_connections',
      help: 'PostgreSQL pool: connections open (total), idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }
  if (hearing) {
    new client.Gauge({
      name: 'referbridge_db_listening',
      help: "1 while this instance hears the database's notifications; 0 while deaf, when it keeps nothing in memory",
      registers: [registry],
      collect() {
        this.set(hearing() ? 1 : 0);
      },
    });
  }
  new client.Counter({
    name: 'referbridge_kept_answers_total',
    help: 'Kept answers asked for in this process, by kind: answered from memory (hit) or read afresh (miss)',
    labelNames: ['kind', 'outcome'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [kind, { hits, misses }] of keptCounts()) {
        this.inc({ kind, outcome: 'hit' }, hits);
        this.inc({ kind, outcome: 'miss' }, misses);
      }
    },
  });
  new client.Gauge({
    name: 'referbridge_mail_outbox_depth',
    help: 'Mails in the outbox not yet sent or given up on',
    registers: [registry],
    async collect() {
      // A scrape must answer even when the database does not: the last known depth stays.
      const depth = await outboxDepth(db).catch(() => undefined);
      if (depth !== undefined) this.set(depth);
    },
  });
}

/** Mail the worker has yet to send or give up on (the outbox's due or leased rows); also `npm run admin -- stats`. */
export async function outboxDepth(db: Db): Promise<number> {
  return db.$count(mailOutbox, and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt)));
}
