import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { accountRoutes, type AccountRouteDeps } from './routes.js';

/** Account control (docs/product.md, Privacy): the export and the deletion, with what other features do then. */
export function createAccount(deps: AccountRouteDeps & { db: Db }) {
  return {
    routes: async (app: FastifyInstance) => {
      await app.register(accountRoutes, { prefix: '/api', ...deps });
    },
  };
}
