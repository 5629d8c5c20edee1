import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { adminRoutes } from './routes.js';

/** Running the marketplace (issue 25): the admins' routes under /api/admin and their audit log. */
export function createAdmin(config: Pick<Config, 'adminEmails'>, { db }: { db: Db }) {
  return {
    routes: async (app: FastifyInstance) => {
      await app.register(adminRoutes, { prefix: '/api/admin', db, adminEmails: config.adminEmails });
    },
  };
}
