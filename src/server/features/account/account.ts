import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { accountRoutes, type AccountRouteDeps } from './routes.js';
import { eraseAccount, exportAccount } from './service.js';

/** Account control (docs/product.md, Privacy): the export and the deletion, with what other features do then. */
export function createAccount(deps: AccountRouteDeps & { db: Db }) {
  return {
    /** The user's own export and deletion, for an operator at the command line (`npm run admin`). */
    operator: {
      exportUser: (userId: number) => exportAccount(deps.db, deps, userId),
      eraseUser: (userId: number, alongside: (tx: Db) => Promise<unknown>) =>
        eraseAccount(deps.db, deps, userId, alongside),
    },
    routes: async (app: FastifyInstance) => {
      await app.register(accountRoutes, { prefix: '/api', ...deps });
    },
  };
}
