import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../shared/errors.js';
import { ReferrerInviteSchema } from '../../../shared/invitations.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { requireUser } from '../../lib/request-user.js';
import { attributeSignUp, findInvitation, readInvite } from './service.js';

/**
 * The invitation a browser carries across the sign-in round trip: signed, for the /auth routes only, and
 * read once by the sign-in that follows. Seven days, for someone who opens the link and signs up later.
 */
const INVITE_COOKIE = 'invitation';
const INVITE_COOKIE_DAYS = 7;

interface InvitationRouteDeps {
  db: Db;
  config: Config;
  now: () => Date;
}

/** Where a known invitation sends its visitor: sign-up, then /refer with the inviter's company filled in. */
export function afterJoinPath(companyName: string | null): string {
  const refer = companyName ? `/refer?company=${encodeURIComponent(companyName)}` : '/refer';
  return `/signup?next=${encodeURIComponent(refer)}`;
}

/** GET /api/referrer/invite, registered under /api: a willing referrer's own link and its count. */
export async function inviteApiRoutes(app: FastifyInstance, { db, config, now }: InvitationRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/referrer/invite',
    {
      schema: {
        tags: ['invitations'],
        summary: 'My invitation link, and how many joined through it and became referrers here',
        response: { 200: ReferrerInviteSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readInvite(db, config.publicUrl, requireUser(request).id, now());
    },
  );
}

/**
 * GET /join/{code}, a page: a known code is remembered in a cookie and the visitor goes on to sign up; any
 * other code sends them to the plain landing page, never an error page (and says nothing of whose it is).
 */
export async function joinPageRoutes(app: FastifyInstance, { db, config }: InvitationRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/join/:code',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Open an invitation: on to sign-up if the code is known, else the landing page',
        params: z.object({ code: z.string() }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const invitation = await findInvitation(db, request.params.code);
      if (!invitation) return reply.redirect('/');
      reply.setCookie(INVITE_COOKIE, request.params.code, {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.secureCookies,
        signed: true,
        path: '/auth',
        maxAge: INVITE_COOKIE_DAYS * 24 * 60 * 60,
      });
      return reply.redirect(afterJoinPath(invitation.companyName));
    },
  );
}

/**
 * The auth feature's afterSignIn: the invitation this browser carried is used up by any sign-in, and only a
 * sign-in that created the account is counted as a joiner of its inviter.
 */
export function takeInvitation(db: Db, now: () => Date) {
  return async (signIn: {
    userId: number;
    created: boolean;
    request: FastifyRequest;
    reply: FastifyReply;
  }) => {
    const raw = signIn.request.cookies[INVITE_COOKIE];
    if (!raw) return;
    signIn.reply.clearCookie(INVITE_COOKIE, { path: '/auth' });
    const unsigned = signIn.request.unsignCookie(raw);
    if (!signIn.created || !unsigned.valid || !unsigned.value) return;
    await attributeSignUp(db, signIn.userId, unsigned.value, now());
  };
}
