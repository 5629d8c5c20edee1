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
import { errors, tags } from '../route-schema.js';

/** /api/admin/users…, registered inside adminRoutes (its guard covers them). */
export async function adminUserRoutes(
  app: FastifyInstance,
  { db, control, now }: { db: Db; control: AccountControl; now: () => Date },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/users',
    {
      schema: {
        tags,
        summary: 'Users whose name or email holds `q`, newest first',
        querystring: AdminUserSearchQuerySchema,
        response: { 200: AdminUserListSchema, ...errors },
      },
    },
    async (request) => searchUsers(db, request.query.q, ADMIN_USER_SEARCH_SIZE),
  );

  api.post(
    '/users/:id/suspend',
    {
      schema: {
        tags,
        summary: 'Suspend a user: sessions end, referrals pass on, requests wait',
        params: AdminUserIdParamsSchema,
        body: SuspendUserInputSchema,
        response: { 200: AdminUserSchema, ...errors },
      },
    },
    async (request) => suspendUser(db, control, requireUser(request), request.params.id, request.body, now()),
  );

  api.post(
    '/users/:id/unsuspend',
    {
      schema: {
        tags,
        summary: 'Lift a suspension: their waiting requests are matched again',
        params: AdminUserIdParamsSchema,
        response: { 200: AdminUserSchema, ...errors },
      },
    },
    async (request) => unsuspendUser(db, control, requireUser(request), request.params.id),
  );

  api.post(
    '/users/:id/verify',
    {
      schema: {
        tags,
        summary: 'Verify a referrer by hand, with an optional note for the audit log',
        params: AdminUserIdParamsSchema,
        body: VerifyUserInputSchema,
        response: { 200: AdminUserSchema, ...errors },
      },
    },
    async (request) =>
      verifyUser(db, control, requireUser(request), request.params.id, request.body?.note ?? null),
  );

  api.delete(
    '/users/:id/verify',
    {
      schema: {
        tags,
        summary: 'Undo a verification made by hand (one the referrer earned themselves stays)',
        params: AdminUserIdParamsSchema,
        response: { 200: AdminUserSchema, ...errors },
      },
    },
    async (request) => unverifyUser(db, control, requireUser(request), request.params.id),
  );
}
