import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminUserIdParamsSchema } from '../../../../shared/admin.js';
import {
  AdminRequestIdParamsSchema,
  AdminRequestViewSchema,
  AdminUserViewSchema,
} from '../../../../shared/admin-views.js';
import type { Db } from '../../../db/client.js';
import { notFound } from '../../../lib/errors.js';
import type { RequestHistory } from '../ports.js';
import { route } from '../route-schema.js';
import { NO_SUCH_USER } from '../users/users.js';
import { readRequestView, readUserView } from './views-repo.js';

export const NO_SUCH_REQUEST = 'There is no such request.';

/**
 * GET /api/admin/users/{id} and GET /api/admin/requests/{id} (issue 46 item 9): what an admin reaches from a
 * report. Registered inside adminRoutes (its guard covers them; hidden.ts answers anyone else 404 first).
 */
export async function adminViewRoutes(
  app: FastifyInstance,
  { db, requestHistory }: { db: Db; requestHistory: RequestHistory },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/users/:id',
    route(
      'One user: who they are, their newest requests and referrals, and the reports about them (50 of each at most)',
      AdminUserViewSchema,
      { params: AdminUserIdParamsSchema },
    ),
    async (request) => {
      const view = await readUserView(db, request.params.id);
      if (!view) throw notFound(NO_SUCH_USER);
      return view;
    },
  );

  api.get(
    '/requests/:id',
    route(
      'One request: who asked, where, the posting, its referrals with their referrers, its timeline',
      AdminRequestViewSchema,
      { params: AdminRequestIdParamsSchema },
    ),
    async (request) => {
      const view = await readRequestView(db, request.params.id, requestHistory);
      if (!view) throw notFound(NO_SUCH_REQUEST);
      return view;
    },
  );
}
