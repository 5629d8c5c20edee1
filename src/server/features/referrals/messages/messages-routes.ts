import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../../shared/errors.js';
import {
  ReferralMessageInputSchema,
  ReferralMessageSchema,
  ReferralThreadSchema,
} from '../../../../shared/referral-messages.js';
import { ReferralIdParamsSchema } from '../../../../shared/referrals.js';
import type { Db } from '../../../db/client.js';
import { requireUser } from '../../../lib/request-user.js';
import { perUserPerMinute, type RateLimitStore } from '../../../plugins/rate-limit-store.js';
import type { ReferralDeps } from '../ports.js';
import { readThread, sendMessage } from './messages.js';

export interface MessageRouteDeps {
  db: Db;
  notify: ReferralDeps['notify'];
  rateLimits: RateLimitStore;
  /** Messages one user may send a minute, across all their threads (MESSAGE_RATE_LIMIT). */
  perMinute: number;
  now: () => Date;
}

const tags = ['referrals'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

/** A referral's thread (issue 24 item 6), registered under /api/referrals/:referralId/messages. */
export async function messageRoutes(
  app: FastifyInstance,
  { db, notify, rateLimits, perMinute, now }: MessageRouteDeps,
) {
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/',
    {
      schema: {
        tags,
        summary: "A referral's messages between the seeker and the referrer who holds it, oldest first",
        params: ReferralIdParamsSchema,
        response: { 200: ReferralThreadSchema, ...errors },
      },
    },
    async (request) => readThread(db, requireUser(request), request.params.referralId, now()),
  );
  // Only writing spends the budget: a thread open on a card reads it again and again.
  await app.register(async (writes) => {
    await writes.register(rateLimit, perUserPerMinute(rateLimits, 'referral-messages', perMinute));
    writes.withTypeProvider<ZodTypeProvider>().post(
      '/',
      {
        schema: {
          tags,
          summary: 'Write to the other side of a referral; they are notified',
          params: ReferralIdParamsSchema,
          body: ReferralMessageInputSchema,
          response: { 201: ReferralMessageSchema, ...errors, 429: ApiErrorSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await sendMessage(
              db,
              { notify },
              requireUser(request),
              request.params.referralId,
              request.body.body,
              now(),
            ),
          ),
    );
  });
}
