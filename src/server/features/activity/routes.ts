import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ActivityInputSchema } from '../../../shared/activity.js';
import { ApiErrorSchema } from '../../../shared/errors.js';
import type { Db } from '../../db/client.js';
import { requireUser } from '../../lib/request-user.js';
import { perUserPerMinute, type RateLimitStore } from '../../plugins/rate-limit-store.js';
import { recordActivity } from './repo.js';

export async function activityRoutes(
  app: FastifyInstance,
  {
    db,
    rateLimits,
    perMinute,
  }: {
    db: Db;
    rateLimits: RateLimitStore;
    /** Records per user per minute (ACTIVITY_RATE_LIMIT): plenty for real clicks, not enough to flood the table. */
    perMinute: number;
  },
) {
  await app.register(rateLimit, perUserPerMinute(rateLimits, 'activity', perMinute));

  // Who is asking comes before what they sent: a visitor hears 'sign in', whatever the body.
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/',
    {
      // A page view changes nothing of the user's: their session comes from memory, and stays there.
      config: { keptSession: true },
      schema: {
        tags: ['activity'],
        summary: 'Record something the signed-in user did (analytics; never shown back)',
        body: ActivityInputSchema,
        response: { 204: z.null(), 400: ApiErrorSchema, 401: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await recordActivity(db, user.id, request.body);
      return reply.status(204).send(null);
    },
  );
}
