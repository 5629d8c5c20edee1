import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../shared/errors.js';
import { UserSettingsInputSchema, UserSettingsSchema } from '../../../shared/settings.js';
import type { Db } from '../../db/client.js';
import { requireUser } from '../../lib/request-user.js';
import * as service from './settings-service.js';

const tags = ['settings'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/** The signed-in user's account settings: for now, whether notifications are also mailed. */
export async function settingsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Visitors get 401 before their input is even looked at.
  api.addHook('preValidation', async (request) => {
    requireUser(request);
  });
  api.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
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
    async (request) => service.updateSettings(db, requireUser(request).id, request.body),
  );
}
