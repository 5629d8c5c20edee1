import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BlockStateSchema } from '../../../../shared/blocks.js';
import { ApiErrorSchema } from '../../../../shared/errors.js';
import { UserIdParamsSchema } from '../../../../shared/profile.js';
import type { Db } from '../../../db/client.js';
import { requireUser } from '../../../lib/request-user.js';
import type { ReferralDeps } from '../ports.js';
import { blockUser, unblockUser } from './blocks.js';

const schema = (summary: string) => ({
  tags: ['referrals'],
  summary,
  params: UserIdParamsSchema,
  response: { 200: BlockStateSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
});

/**
 * POST and DELETE /api/users/{id}/block (issue 25 item 3), registered under /api/users/:id/block: the one
 * write under /api/users/{id} made by someone other than that user.
 */
export async function blockRoutes(app: FastifyInstance, { db, ...deps }: ReferralDeps & { db: Db }) {
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/',
    { schema: schema('Block a user you share a request with; they are never told') },
    async (request) => blockUser(db, deps, requireUser(request), request.params.id),
  );
  api.delete('/', { schema: schema('Lift your block of a user') }, async (request) =>
    unblockUser(db, requireUser(request), request.params.id),
  );
}
