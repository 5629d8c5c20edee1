import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { RateLimitStore } from '../../plugins/rate-limit-store.js';
import { openingRoutes } from './routes.js';
import { closeOpeningsOfReferrer, openingReferrer, sweepOpenings, type OpeningPorts } from './service.js';

export interface OpeningCollaborators extends OpeningPorts {
  db: Db;
  /** Budgets shared across instances (posting's per-user limit). */
  rateLimits: RateLimitStore;
  /** Posts per user per minute (JOB_PREVIEW_RATE_LIMIT, the preview's: a post may read its posting). */
  postsPerMinute: number;
  /** The clock openings are dated by (tests move it); the wall clock by default. */
  now?: () => Date;
}

/**
 * Openings posted by referrers (issue 49 item 2, docs/decisions/081-openings-route-to-their-referrer.md):
 * the routes, and the referrals feature's hooks: `openingReferrer` (whom a request through an opening goes
 * to first), `referrerLeft` (their openings close with them) and `sweep` (the liveness sweep's share).
 */
export function createOpenings({
  db,
  now = () => new Date(),
  rateLimits,
  postsPerMinute,
  ...ports
}: OpeningCollaborators) {
  return {
    openingReferrer,
    referrerLeft: (tx: Db, userId: number, keepCompanyId?: number) =>
      closeOpeningsOfReferrer(tx, userId, now(), keepCompanyId),
    sweep: (at: Date, signal?: AbortSignal) => sweepOpenings(db, ports, at, signal),
    routes: async (app: FastifyInstance) => {
      await app.register(openingRoutes, { prefix: '/api', db, ports, now, rateLimits, postsPerMinute });
    },
  };
}
