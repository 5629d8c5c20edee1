import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthStatusSchema, SUSPENDED_SIGN_IN } from '../../../shared/auth.js';
import { ApiErrorSchema } from '../../../shared/errors.js';
import { SuccessSchema } from '../../../shared/success.js';
import type { Config } from '../../config.js';
import { isAdmin } from '../../lib/admins.js';
import type { Db } from '../../db/client.js';
import type { AuthLimits } from './limits.js';
import type { OidcClient, PendingSignIn } from './oidc-client.js';
import { renderPopupDonePage } from './popup-page.js';
import { upsertUserByIdentity } from './repo.js';
import { clearSessionCookie, setSessionCookie } from './session-hooks.js';
import type { UserRow } from '../../db/schema.js';
import { requireUser, toUserDto } from '../../lib/request-user.js';
import { createSession, endAllSessions, endSession } from './sessions.js';

const PENDING_COOKIE = 'oidc_pending';
const ERROR_COOKIE = 'auth_error';
/** Set by a sign-in that created the account, so the page that opened the popup welcomes, not welcomes back. */
const NEW_ACCOUNT_COOKIE = 'auth_new_account';
const SIGN_IN_FAILED = 'Sign-in did not complete. Please try again.';

const PendingSchema = z.object({ state: z.string(), nonce: z.string(), codeVerifier: z.string() });

export interface AuthRouteDeps {
  db: Db;
  config: Config;
  oidc: OidcClient;
  /** What each route spends (limits.ts); sign-out spends nothing, so it is never refused. */
  limits: AuthLimits;
  /** Called once after a first sign-in created the account (e.g. to welcome the user). */
  onUserCreated?: (user: UserRow) => Promise<void>;
  /** Called after every sign-in, the account made or found (e.g. to renew a verification by its email). */
  onSignedIn?: (user: UserRow) => Promise<void>;
  /** Called after a sign-out ended one or all of the user's sessions (e.g. to end their live streams). */
  onSignedOut?: (userId: number) => Promise<void>;
  /** Called last in every completed sign-in, with its request and reply (e.g. to read and clear a cookie). */
  afterSignIn?: AfterSignIn;
}

/** A completed sign-in as afterSignIn sees it: `created` when it made the account. */
export type AfterSignIn = (signIn: {
  userId: number;
  created: boolean;
  request: FastifyRequest;
  reply: FastifyReply;
}) => Promise<unknown>;

export async function authRoutes(
  app: FastifyInstance,
  { db, config, oidc, limits, onUserCreated, onSignedIn, onSignedOut, afterSignIn }: AuthRouteDeps,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const appOrigin = new URL(config.publicUrl).origin;
  const shortCookie = {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    signed: true,
  } as const;

  function popupDone(reply: FastifyReply, ok: boolean, refusal?: string, newAccount = false) {
    // This tiny page is the only one with an inline script: it gets its own policy allowing just that script.
    const nonce = randomBytes(16).toString('base64');
    return reply
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        `default-src 'none'; script-src 'nonce-${nonce}';${refusal ? ` style-src 'nonce-${nonce}';` : ''} frame-ancestors 'none'`,
      )
      .type('text/html')
      .send(renderPopupDonePage({ ok, appOrigin, nonce, refusal, newAccount }));
  }

  function failSignIn(request: FastifyRequest, reply: FastifyReply, err: unknown) {
    request.log.warn({ err }, 'sign-in failed');
    reply.setCookie(ERROR_COOKIE, SIGN_IN_FAILED, { ...shortCookie, path: '/auth', maxAge: 300 });
    return popupDone(reply, false);
  }

  api.get(
    '/google',
    { onRequest: limits.signIn, schema: { tags: ['auth'], summary: 'Start sign-in (opened in a popup)' } },
    async (request, reply) => {
      try {
        const { url, pending } = await oidc.start();
        reply.setCookie(PENDING_COOKIE, JSON.stringify(pending), {
          ...shortCookie,
          path: '/auth/google/callback',
          maxAge: 600,
        });
        return reply.header('cache-control', 'no-store').redirect(url);
      } catch (err) {
        return failSignIn(request, reply, err);
      }
    },
  );

  api.get(
    '/google/callback',
    { onRequest: limits.signIn, schema: { tags: ['auth'], summary: 'Identity provider callback' } },
    async (request, reply) => {
      reply.clearCookie(PENDING_COOKIE, { path: '/auth/google/callback' });
      try {
        const pending = readPending(request);
        if (!pending) throw new Error('No sign-in is in progress in this browser.');
        const identity = await oidc.finish(new URL(request.url, config.publicUrl), pending);
        const { user, created } = await upsertUserByIdentity(db, identity);
        if (user.suspendedAt) {
          // Refused with its reason in the popup, and in /auth/status for the page that opened it.
          request.log.info({ userId: user.id }, 'sign-in refused: suspended');
          reply.setCookie(ERROR_COOKIE, SUSPENDED_SIGN_IN, { ...shortCookie, path: '/auth', maxAge: 300 });
          return popupDone(reply, false, SUSPENDED_SIGN_IN);
        }
        if (created && onUserCreated) {
          // The account exists now; a failed welcome must not turn a good sign-in into a failed one.
          await onUserCreated(user).catch((err: unknown) =>
            request.log.error({ err }, 'onUserCreated failed'),
          );
        }
        if (onSignedIn) {
          await onSignedIn(user).catch((err: unknown) => request.log.error({ err }, 'onSignedIn failed'));
        }
        // Rotation: whatever session this browser held before stops working, on this instance at once
        // (what it keeps of that session's user goes now, not when the database's announcement comes back).
        if (request.sessionToken) {
          await endSession(db, request.sessionToken);
          if (request.user) await signedOut(request, request.user.id);
        }
        setSessionCookie(reply, config, await createSession(db, user.id));
        reply.clearCookie(ERROR_COOKIE, { path: '/auth' });
        if (created) reply.setCookie(NEW_ACCOUNT_COOKIE, '1', { ...shortCookie, path: '/auth', maxAge: 300 });
        else reply.clearCookie(NEW_ACCOUNT_COOKIE, { path: '/auth' });
        if (afterSignIn) {
          await afterSignIn({ userId: user.id, created, request, reply }).catch((err: unknown) =>
            request.log.error({ err }, 'afterSignIn failed'),
          );
        }
        return popupDone(reply, true, undefined, created);
      } catch (err) {
        return failSignIn(request, reply, err);
      }
    },
  );

  api.get(
    '/status',
    {
      onRequest: limits.status,
      schema: { tags: ['auth'], summary: 'Who is signed in', response: { 200: AuthStatusSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const flagged = request.cookies[ERROR_COOKIE];
      const error = flagged ? request.unsignCookie(flagged) : undefined;
      if (flagged) reply.clearCookie(ERROR_COOKIE, { path: '/auth' });
      // Said once, to the first status read after the sign-in that created the account.
      const created = request.cookies[NEW_ACCOUNT_COOKIE];
      const isNewAccount = created ? request.unsignCookie(created).valid : false;
      if (created) reply.clearCookie(NEW_ACCOUNT_COOKIE, { path: '/auth' });
      const user = request.user ? toUserDto(request.user) : null;
      return {
        isAuthenticated: user !== null,
        user,
        isAdmin: isAdmin(config.adminEmails, request.user),
        ...(isNewAccount && user ? { isNewAccount: true } : {}),
        ...(error?.valid && !user ? { error: error.value } : {}),
      };
    },
  );

  api.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out',
        response: { 200: SuccessSchema },
      },
    },
    async (request, reply) => {
      if (request.sessionToken) await endSession(db, request.sessionToken);
      clearSessionCookie(reply, config);
      if (request.user) await signedOut(request, request.user.id);
      return { success: true as const };
    },
  );

  api.post(
    '/logout-all',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere: end every session of the signed-in user',
        response: { 200: SuccessSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await endAllSessions(db, user.id);
      clearSessionCookie(reply, config);
      await signedOut(request, user.id);
      return { success: true as const };
    },
  );

  /** The sessions are gone already; a failed follow-up must not turn the sign-out into an error. */
  async function signedOut(request: FastifyRequest, userId: number) {
    await onSignedOut?.(userId).catch((err: unknown) => request.log.error({ err }, 'onSignedOut failed'));
  }

  function readPending(request: FastifyRequest): PendingSignIn | undefined {
    const raw = request.cookies[PENDING_COOKIE];
    if (!raw) return undefined;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return undefined;
    try {
      const parsed = PendingSchema.safeParse(JSON.parse(unsigned.value));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }
}
