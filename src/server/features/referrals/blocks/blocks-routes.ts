import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BlockStateSchema, BlockedUsersSchema } from '../../../../shared/blocks.js';
import { ApiErrorSchema } from '../../../../shared/errors.js';
import { UserIdParamsSchema } from '../../../../shared/profile.js';
import type { Db } from '../../../db/client.js';
import { requireUser } from '../../../lib/request-user.js';
import type { ReferralDeps } from '../ports.js';
import { blockUser, listBlocks, unblockUser } from './blocks.js';

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

/** GET /api/user/blocks (issue 46 item 9), registered under /api/user/blocks: the user's own blocks. */
export async function myBlocksRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/',
    {
      schema: {
        tags: ['referrals'],
        summary: 'Whom I blocked, and when (first names only)',
        response: { 200: BlockedUsersSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => listBlocks(db, requireUser(request)),
  );
}
