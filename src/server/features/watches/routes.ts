import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CompanyIdParamsSchema } from '../../../shared/companies.js';
import { ApiErrorSchema } from '../../../shared/errors.js';
import { CompanyWatchListSchema, WatchStateSchema } from '../../../shared/watches.js';
import type { Db } from '../../db/client.js';
import { requireUser } from '../../lib/request-user.js';
import { listWatches, unwatchCompany, watchCompany } from './service.js';

const tags = ['watches'];

const watchSchema = (summary: string) => ({
  tags,
  summary,
  params: CompanyIdParamsSchema,
  response: {
    200: WatchStateSchema,
    400: ApiErrorSchema,
    401: ApiErrorSchema,
    404: ApiErrorSchema,
    409: ApiErrorSchema,
  },
});

/**
 * Issue 49 item 1, registered under /api: POST and DELETE /api/companies/{id}/watch, GET /api/user/watches.
 * Signed-in users only, each for their own watches.
 */
export async function watchRoutes(app: FastifyInstance, { db, now }: { db: Db; now: () => Date }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Visitors get 401 before their input is even looked at.
  api.addHook('preValidation', async (request) => {
    requireUser(request);
  });
  api.post(
    '/companies/:id/watch',
    { schema: watchSchema('Be told once when a referrer at this company can take requests') },
    async (request) => watchCompany(db, requireUser(request).id, request.params.id, now()),
  );
  api.delete('/companies/:id/watch', { schema: watchSchema('Stop watching this company') }, async (request) =>
    unwatchCompany(db, requireUser(request).id, request.params.id),
  );
  api.get(
    '/user/watches',
    {
      schema: {
        tags,
        summary: 'The companies I watch, newest first',
        response: { 200: CompanyWatchListSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => listWatches(db, requireUser(request).id),
  );
}
