import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_USER_SEARCH_SIZE,
  AdminUserIdParamsSchema,
  AdminUserListSchema,
  AdminUserSchema,
  AdminUserSearchQuerySchema,
  SuspendUserInputSchema,
  VerifyUserInputSchema,
} from '../../../../shared/admin.js';
import type { Db } from '../../../db/client.js';
import { requireUser } from '../../../lib/request-user.js';
import type { AccountControl } from '../ports.js';
import { searchUsers } from './users-repo.js';
import { suspendUser, unsuspendUser, unverifyUser, verifyUser } from './users.js';
import { route } from '../route-schema.js';

/** /api/admin/users…, registered inside adminRoutes (its guard covers them). */
export async function adminUserRoutes(
  app: FastifyInstance,
  { db, control, now }: { db: Db; control: AccountControl; now: () => Date },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/users',
    route('Users whose name or email holds `q`, newest first', AdminUserListSchema, {
      querystring: AdminUserSearchQuerySchema,
    }),
    async (request) => searchUsers(db, request.query.q, ADMIN_USER_SEARCH_SIZE),
  );

  api.post(
    '/users/:id/suspend',
    route('Suspend a user: sessions end, referrals pass on, requests wait', AdminUserSchema, {
      params: AdminUserIdParamsSchema,
      body: SuspendUserInputSchema,
    }),
    async (request) => suspendUser(db, control, requireUser(request), request.params.id, request.body, now()),
  );

  api.post(
    '/users/:id/unsuspend',
    route('Lift a suspension: their waiting requests are matched again', AdminUserSchema, {
      params: AdminUserIdParamsSchema,
    }),
    async (request) => unsuspendUser(db, control, requireUser(request), request.params.id),
  );

  api.post(
    '/users/:id/verify',
    route('Verify a referrer by hand, with an optional note for the audit log', AdminUserSchema, {
      params: AdminUserIdParamsSchema,
      body: VerifyUserInputSchema,
    }),
    async (request) =>
      verifyUser(db, control, requireUser(request), request.params.id, request.body?.note ?? null),
  );

  api.delete(
    '/users/:id/verify',
    route('Undo a verification made by hand (one the referrer earned themselves stays)', AdminUserSchema, {
      params: AdminUserIdParamsSchema,
    }),
    async (request) => unverifyUser(db, control, requireUser(request), request.params.id),
  );
}
