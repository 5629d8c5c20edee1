import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { watchRoutes } from './routes.js';
import { tellWatchers, type WatchPorts } from './service.js';

export interface WatchCollaborators extends WatchPorts {
  db: Db;
  /** The clock a watch is dated by (tests move it); the wall clock by default. */
  now?: () => Date;
}

/**
 * Watching a company (issue 49 item 1, docs/decisions/078-a-watch-tells-once.md): the routes, and
 * `supplyArrived`, the referrals feature's hook for a company that has gone from nobody who can take a
 * request to one.
 */
export function createWatches({ db, now = () => new Date(), ...ports }: WatchCollaborators) {
  return {
    supplyArrived: (tx: Db, companyId: number, referrerId: number) =>
      tellWatchers(tx, ports, companyId, referrerId),
    routes: async (app: FastifyInstance) => {
      await app.register(watchRoutes, { prefix: '/api', db, now });
    },
  };
}
