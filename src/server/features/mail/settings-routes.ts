import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../shared/errors.js';
import { UserSettingsInputSchema, UserSettingsSchema } from '../../../shared/settings.js';
import type { Db } from '../../db/client.js';
import { requireUser } from '../../lib/request-user.js';
import * as service from './settings-service.js';

const tags = ['settings'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/** Runs `change`, a change of the user's referral limits, with what the referrals feature does around it. */
export type ReferralLimitsHook = <T>(userId: number, change: () => Promise<T>) => Promise<T>;

export interface SettingsRouteDeps {
  db: Db;
  /** Wraps a change of the monthly cap, the pause or the time zone (see MailCollaborators). */
  aroundReferralLimitsChange?: ReferralLimitsHook;
}

/**
 * The signed-in user's account settings: whether notifications are also mailed, their time zone, and as a
 * referrer their monthly cap and pause (issue 25 item 9).
 */
export async function settingsRoutes(
  app: FastifyInstance,
  { db, aroundReferralLimitsChange }: SettingsRouteDeps,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Visitors get 401 before their input is even looked at.
  api.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  api.get(
    '/user/settings',
    {
      schema: { tags, summary: 'My account settings', response: { 200: UserSettingsSchema, ...errors } },
    },
    async (request) => service.getSettings(db, requireUser(request).id),
  );

  api.put(
    '/user/settings',
    {
      schema: {
        tags,
        summary: 'Change my account settings',
        body: UserSettingsInputSchema,
        response: { 200: UserSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const change = () => service.updateSettings(db, userId, request.body);
      const { monthlyReferralCap, referralsPausedUntil, timeZone } = request.body;
      const limitsTouched = [monthlyReferralCap, referralsPausedUntil, timeZone].some((v) => v !== undefined);
      return limitsTouched && aroundReferralLimitsChange
        ? aroundReferralLimitsChange(userId, change)
        : change();
    },
  );
}
