import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../../shared/errors.js';
import { ReferralIdParamsSchema } from '../../../../shared/referrals.js';
import {
  ReferralBonusInputSchema,
  ReferralBonusListSchema,
  ReferralBonusSchema,
} from '../../../../shared/referral-bonus.js';
import type { Db } from '../../../db/client.js';
import { requireUser } from '../../../lib/request-user.js';
import type { ReferralDeps } from '../ports.js';
import { listBonuses, recordBonus } from './bonuses.js';

const tags = ['referrals'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

/** Issue 50 item 5, registered under /api: the referrer's own bonus tracker. */
export async function bonusRoutes(app: FastifyInstance, { db, now }: { db: Db; now: ReferralDeps['now'] }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Visitors get 401 before any body is validated.
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  api.put(
    '/referrals/:referralId/bonus',
    {
      schema: {
        tags,
        summary: 'Record the bonus of my successful referral: hire date, payout delay, amount, status',
        params: ReferralIdParamsSchema,
        body: ReferralBonusInputSchema,
        response: { 200: ReferralBonusSchema, ...errors },
      },
    },
    async (request) =>
      recordBonus(db, { now }, requireUser(request).id, request.params.referralId, request.body),
  );

  api.get(
    '/referrer/bonuses',
    {
      schema: {
        tags,
        summary: 'The referral bonuses I track, the soonest expected first (nobody else sees them)',
        response: { 200: ReferralBonusListSchema, ...errors },
      },
    },
    async (request) => listBonuses(db, requireUser(request).id),
  );
}
