import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRODUCT_NAME } from '../../../shared/brand.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { escapeHtml } from './html.js';
import { UNSUBSCRIBE_PATH } from './notification-mail.js';
import { renderPage } from './pages.js';
import * as service from './settings-service.js';

const TokenQuerySchema = z.object({ token: z.string().max(200) });
/** RFC 8058: a one-click unsubscribe POST carries exactly this field. */
const OneClickBodySchema = z.object({ 'List-Unsubscribe': z.literal('One-Click') });

const FORM = 'application/x-www-form-urlencoded';

function errorPage(reply: FastifyReply, err: unknown) {
  if (!(err instanceof AppError)) throw err;
  return reply
    .status(err.statusCode)
    .type('text/html; charset=utf-8')
    .send(renderPage('Unsubscribe', `<p class="error" role="alert">${escapeHtml(err.message)}</p>`));
}

/**
 * The link in every mail. GET only shows a button (mail scanners follow links; they must not unsubscribe
 * anyone); the button, and mail clients' RFC 8058 one-click, POST the form-encoded body below. That POST
 * comes from the mail provider's servers with no Origin, so this one route takes a form body and may come
 * without Origin (a foreign Origin is still refused); the signed token is what authorises it.
 */
export async function unsubscribeRoutes(app: FastifyInstance, { db, secret }: { db: Db; secret: string }) {
  // Encapsulated: the form parser exists for this route only; everywhere else stays JSON-only.
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body.toString())));
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    UNSUBSCRIBE_PATH,
    { schema: { hide: true, querystring: TokenQuerySchema } },
    async (request, reply) => {
      const { token } = request.query;
      try {
        const target = await service.unsubscribeTarget(db, secret, token);
        const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
        const body = target.emailNotifications
          ? `<p>Stop emailing ${PRODUCT_NAME} notifications to <strong>${escapeHtml(target.email)}</strong>? You will still see them when you sign in.</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`
          : `<p>Notifications are not emailed to <strong>${escapeHtml(target.email)}</strong>. You can turn them back on in <a href="/profile/edit">Account Settings</a>.</p>`;
        return reply.type('text/html; charset=utf-8').send(renderPage('Unsubscribe', body));
      } catch (err) {
        return errorPage(reply, err);
      }
    },
  );

  api.post(
    UNSUBSCRIBE_PATH,
    {
      schema: { hide: true, querystring: TokenQuerySchema, body: OneClickBodySchema },
      config: { originOptional: true },
    },
    async (request, reply) => {
      try {
        await service.unsubscribe(db, secret, request.query.token);
      } catch (err) {
        return errorPage(reply, err);
      }
      const body = `<p>You will no longer get ${PRODUCT_NAME} notifications by email. You can turn them back on in <a href="/profile/edit">Account Settings</a>.</p>`;
      return reply.type('text/html; charset=utf-8').send(renderPage('You are unsubscribed', body));
    },
  );
}
