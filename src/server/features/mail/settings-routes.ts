import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../shared/errors.js';
import {
  ConfirmNotificationEmailInputSchema,
  UserSettingsInputSchema,
  UserSettingsSchema,
} from '../../../shared/settings.js';
import type { Db } from '../../db/client.js';
import { requireUser } from '../../lib/request-user.js';
import * as service from './settings-service.js';

const tags = ['settings'];
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  429: ApiErrorSchema,
};

/** Runs `change`, a change of the user's referral limits, with what the referrals feature does around it. */
export type ReferralLimitsHook = <T>(userId: number, change: () => Promise<T>) => Promise<T>;

export interface SettingsRouteDeps extends service.NotificationEmailDeps {
  db: Db;
  /** Wraps a change of the monthly cap, the pause or the time zone (see MailCollaborators). */
  aroundReferralLimitsChange?: ReferralLimitsHook;
}

/**
 * The signed-in user's account settings: whether notifications are also mailed, their time zone, as a
 * referrer their monthly cap and pause (issue 25 item 9), and whether referrers see their current employer
 * and a personal address for their mail (issue 50 item 4).
 */
export async function settingsRoutes(
  app: FastifyInstance,
  { db, aroundReferralLimitsChange, ...deps }: SettingsRouteDeps,
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
    async (request) => service.getSettings(db, requireUser(request).id, deps.now()),
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
      const change = () => service.updateSettings(db, deps, userId, request.body);
      const { monthlyReferralCap, referralsPausedUntil, timeZone } = request.body;
      const limitsTouched = [monthlyReferralCap, referralsPausedUntil, timeZone].some((v) => v !== undefined);
      return limitsTouched && aroundReferralLimitsChange
        ? aroundReferralLimitsChange(userId, change)
        : change();
    },
  );

  api.post(
    '/user/settings/notification-email/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm the code mailed to my personal address: all my mail goes there',
        body: ConfirmNotificationEmailInputSchema,
        response: { 200: UserSettingsSchema, ...errors },
      },
    },
    async (request) => service.confirmNotificationEmail(db, deps, requireUser(request).id, request.body.code),
  );
}
