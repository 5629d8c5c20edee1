import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { quieterLevel } from '../lib/quieter-level.js';
import { appVersion } from '../project-root.js';

/** Longer than a healthy `select 1` ever takes, shorter than a load balancer's probe timeout. */
const READY_TIMEOUT_MS = 2000;

export const DATABASE_NOT_READY = 'The database is not answering.';

/**
 * /healthz: the process is alive (a liveness probe restarts it otherwise); it never touches the database,
 * so a database outage does not make the orchestrator restart every instance at once. It says which release
 * runs (`version`), so a deploy can be seen to have reached every instance.
 * /readyz: this instance can serve (a readiness probe takes it out of the load balancer otherwise).
 * Probes come every few seconds: their requests are not logged unless they fail.
 */
export function registerHealthChecks(app: FastifyInstance, db: Db): void {
  const probe = { schema: { hide: true }, logLevel: quieterLevel(app.log.level) };
  const alive = { ok: true, version: appVersion };
  app.get('/healthz', probe, async () => alive);
  app.get('/readyz', probe, async (request, reply) => {
    try {
      await withTimeout(db.execute(sql`select 1`), READY_TIMEOUT_MS);
      return { ok: true };
    } catch (err) {
      request.log.warn({ err }, 'readiness check: the database did not answer');
      return reply.status(503).send({ error: DATABASE_NOT_READY });
    }
  });
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
