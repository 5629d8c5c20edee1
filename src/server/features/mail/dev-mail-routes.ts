import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../shared/errors.js';
import { hasForbiddenCharacters, notAllowedMessage } from '../../../shared/text.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { renderOutboxMessage, renderOutboxPage } from './dev-mail-page.js';
import * as repo from './repo.js';

export const DEV_MAIL_PATH = '/dev-mail';
const LIMIT = 200;

const DevMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
const DevMailListSchema = z.array(DevMailSchema);
// A NUL byte cannot reach PostgreSQL's text comparison (it answers an error): refused here with a sentence.
const DevMailQuerySchema = z.object({
  to: z
    .string()
    .trim()
    .max(254, { error: 'The address is too long.' })
    .refine((to) => !hasForbiddenCharacters(to), { error: notAllowedMessage('The address') })
    .optional(),
});

function toDto(row: repo.OutboxRow): z.infer<typeof DevMailSchema> {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The development outbox: every mail the app queued, newest first, whether or not an SMTP server took it.
 * Mounted only outside production (or with ALLOW_DEV_IDP=true), like the development sign-in.
 */
export async function devMailRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  api.get(
    DEV_MAIL_PATH,
    { schema: { hide: true, querystring: DevMailQuerySchema } },
    async (request, reply) => {
      const rows = await repo.listOutbox(db, { to: request.query.to, limit: LIMIT });
      return reply.type('text/html; charset=utf-8').send(renderOutboxPage(rows));
    },
  );

  api.get(
    `${DEV_MAIL_PATH}/messages`,
    {
      schema: {
        tags: ['development'],
        summary: 'Mail in the development outbox, newest first (optionally only to one address)',
        querystring: DevMailQuerySchema,
        response: { 200: DevMailListSchema, 400: ApiErrorSchema },
      },
    },
    async (request) => (await repo.listOutbox(db, { to: request.query.to, limit: LIMIT })).map(toDto),
  );

  api.get(
    `${DEV_MAIL_PATH}/messages/:id`,
    { schema: { hide: true, params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }) } },
    async (request, reply) => {
      const row = await repo.findMail(db, request.params.id);
      if (!row) throw notFound('Message not found.');
      return reply.type('text/html; charset=utf-8').send(renderOutboxMessage(row));
    },
  );
}
