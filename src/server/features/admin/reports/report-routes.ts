import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../../shared/errors.js';
import { ReportInputSchema, ReportSchema } from '../../../../shared/reports.js';
import type { Db } from '../../../db/client.js';
import { requireUser } from '../../../lib/request-user.js';
import { perUserPerMinute, type RateLimitStore } from '../../../plugins/rate-limit-store.js';
import type { SharedRequest } from '../ports.js';
import { fileReport } from './reports.js';

export interface ReportRouteDeps {
  db: Db;
  sharedRequest: SharedRequest;
  rateLimits: RateLimitStore;
  /** Reports one user may file a minute (REPORT_RATE_LIMIT). */
  perMinute: number;
}

/** POST /api/reports (issue 25 item 2), registered under /api/reports. */
export async function reportRoutes(
  app: FastifyInstance,
  { db, sharedRequest, rateLimits, perMinute }: ReportRouteDeps,
) {
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });
  await app.register(rateLimit, perUserPerMinute(rateLimits, 'reports', perMinute));
  app.withTypeProvider<ZodTypeProvider>().post(
    '/',
    {
      schema: {
        tags: ['reports'],
        summary: 'Report a user you share a request with; an admin looks at it',
        body: ReportInputSchema,
        response: {
          201: ReportSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await fileReport(db, sharedRequest, requireUser(request), request.body)),
  );
}
