import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../shared/errors.js';
import {
  CreateOpeningInputSchema,
  OpeningIdParamsSchema,
  OpeningListQuerySchema,
  OpeningListSchema,
  OpeningSchema,
} from '../../../shared/openings.js';
import { SuccessSchema } from '../../../shared/success.js';
import type { Db } from '../../db/client.js';
import { requireUser } from '../../lib/request-user.js';
import { perUserPerMinute, type RateLimitStore } from '../../plugins/rate-limit-store.js';
import { listOpenings, postOpening, removeOpening, type OpeningPorts } from './service.js';

const tags = ['openings'];

interface OpeningRouteDeps {
  db: Db;
  ports: OpeningPorts;
  now: () => Date;
  rateLimits: RateLimitStore;
  /** Posts per user per minute (JOB_PREVIEW_RATE_LIMIT): a post may read its posting, as a preview does. */
  postsPerMinute: number;
}

/**
 * Issue 49 item 2, registered under /api: GET, POST /api/openings and DELETE /api/openings/{id}. Signed-in
 * users only; posting is a willing referrer's, and an opening is removed by its referrer alone.
 */
export async function openingRoutes(
  app: FastifyInstance,
  { db, ports, now, rateLimits, postsPerMinute }: OpeningRouteDeps,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Visitors get 401 before their input is even looked at.
  api.addHook('preValidation', async (request) => {
    requireUser(request);
  });
  api.get(
    '/openings',
    {
      schema: {
        tags,
        summary: "Referrers' openings, newest first; mine=true for my own",
        querystring: OpeningListQuerySchema,
        response: { 200: OpeningListSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => listOpenings(db, ports, requireUser(request).id, request.query, now()),
  );
  // Posting may read the posting through the guarded way out: limited per user as the preview is.
  await app.register(async (scope) => {
    await scope.register(rateLimit, perUserPerMinute(rateLimits, 'opening-post', postsPerMinute));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/openings',
      {
        schema: {
          tags,
          summary: 'Post an opening at my own company',
          body: CreateOpeningInputSchema,
          response: {
            201: OpeningSchema,
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            403: ApiErrorSchema,
            409: ApiErrorSchema,
            429: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const opening = await postOpening(db, ports, requireUser(request).id, request.body, now());
        return reply.code(201).send(opening);
      },
    );
  });
  api.delete(
    '/openings/:id',
    {
      schema: {
        tags,
        summary: 'Remove an opening of mine',
        params: OpeningIdParamsSchema,
        response: { 200: SuccessSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => removeOpening(db, requireUser(request).id, request.params.id, now()),
  );
}
