import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AccountExportSchema, DeleteAccountInputSchema } from '../../../shared/account.js';
import { ApiErrorSchema } from '../../../shared/errors.js';
import type { Db } from '../../db/client.js';
import { requireUser } from '../../lib/request-user.js';
import { deleteAccount, exportAccount, type AccountDeps } from './service.js';

export interface AccountRouteDeps extends AccountDeps {
  db: Db;
  /** The auth feature's cookie clearing, so the browser forgets the deleted session. */
  clearSession: (reply: FastifyReply) => void;
}

const tags = ['account'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

/** docs/product.md, Privacy, registered under /api. */
export async function accountRoutes(app: FastifyInstance, { db, clearSession, ...deps }: AccountRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  api.get(
    '/user/export',
    {
      schema: {
        tags,
        summary: 'Download everything stored about me, as one JSON file',
        response: { 200: AccountExportSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('content-disposition', 'attachment; filename="referbridge-export.json"');
      return exportAccount(db, deps, requireUser(request).id);
    },
  );

  api.delete(
    '/user',
    {
      schema: {
        tags,
        summary: 'Delete my account and its data (type my email to confirm); my open referrals pass on',
        body: DeleteAccountInputSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteAccount(db, deps, requireUser(request), request.body.confirmEmail);
      clearSession(reply);
      return reply.status(204).send(null);
    },
  );
}
