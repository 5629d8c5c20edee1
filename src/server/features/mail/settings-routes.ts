import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ConfirmNotificationEmailInputSchema,
  UserSettingsInputSchema,
  UserSettingsSchema,
} from '../../../shared/settings.js';
import type { Db } from '../../db/client.js';
import { requireUser } from '../../lib/request-user.js';
import { refusals, routeSchemas } from '../../lib/route-schema.js';
import * as service from './settings-service.js';

const route = routeSchemas(['settings'], refusals(400, 401, 403, 404, 429));

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

  api.get('/user/settings', route('My account settings', UserSettingsSchema), async (request) =>
    service.getSettings(db, requireUser(request).id, deps.now()),
  );

  api.put(
    '/user/settings',
    route('Change my account settings', UserSettingsSchema, { body: UserSettingsInputSchema }),
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
    route('Confirm the code mailed to my personal address: all my mail goes there', UserSettingsSchema, {
      body: ConfirmNotificationEmailInputSchema,
    }),
    async (request) => service.confirmNotificationEmail(db, deps, requireUser(request).id, request.body.code),
  );
}
