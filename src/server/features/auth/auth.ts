import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { injectFetch } from '../../lib/inject-fetch.js';
import type { HearsChanges } from '../../kept/session-memo.js';
import type { RateLimitStore } from '../../plugins/rate-limit-store.js';
import { DEV_CLIENT_ID, DEV_IDP_PATH, registerDevIdp } from './dev-idp.js';
import { createAuthLimits } from './limits.js';
import { createOidcClient, type OidcClient } from './oidc-client.js';
import { authRoutes, type AfterSignIn } from './routes.js';
import { clearSessionCookie, registerSessionLoading } from './session-hooks.js';
import { endAllSessions, readSession, resolveSession, signedInMemo, unchangedUntil } from './sessions.js';

/** `GET /auth/status` may be asked this many times as often as a sign-in may start (every tab, every load). */
const STATUS_CHECKS_PER_SIGN_IN = 10;

export interface AuthCollaborators {
  db: Db;
  rateLimits: RateLimitStore;
  /** Replaces the relying party (tests of failure paths); by default it is built from the config. */
  oidc?: OidcClient;
  /** A first sign-in made this user (the notifications feature welcomes them). */
  onUserCreated: (userId: number) => Promise<unknown>;
  /** This user signed in (the referrals feature renews a verification by the sign-in email). */
  onSignedIn?: (userId: number) => Promise<unknown>;
  /** This user's sessions ended (their open streams re-check and close). */
  onSignedOut: (userId: number) => Promise<unknown>;
  /** Last in every completed sign-in (the invitations feature counts a new account made through one). */
  afterSignIn?: AfterSignIn;
  /**
   * What other features keep of a user's (the request lists): like the signed-in user, dropped once a write
   * of theirs has committed, before the notification channel brings the change back.
   */
  keptOfUsers?: Pick<HearsChanges, 'changed'>;
}

/**
 * Sign-in (docs/architecture.md, Sign-in and sessions): the session on every request, the /auth routes behind their own limits,
 * and the development provider when no real one is configured. Its ports are the session rules other
 * features need.
 */
export function createAuth(
  config: Config,
  {
    db,
    rateLimits,
    oidc,
    onUserCreated,
    onSignedIn,
    onSignedOut,
    afterSignIn,
    keptOfUsers,
  }: AuthCollaborators,
) {
  const redirectUri = `${config.publicUrl}/auth/google/callback`;
  const signedIn = signedInMemo(db, config.keptAnswers);
  return {
    /** Reads the session cookie of every /api and /auth request (at the root: every route sees it). */
    loadSessions: (app: FastifyInstance) => registerSessionLoading(app, db, config, signedIn, keptOfUsers),
    /** The memo of signed-in users, to be told of every change the notification channel brings. */
    signedInUsers: signedIn,
    isSessionLive: async (token: string) => (await resolveSession(db, token)) !== null,
    /** Reads a live session's row with a query of the caller's own, under every session rule. */
    readSession: <Row extends { lastSeenAt: Date }>(
      token: string,
      read: (tokenHash: string, now: Date) => Promise<Row | undefined>,
    ) => readSession(db, token, new Date(), read),
    /** Until when a session so read stays as it is (a cache of what was read with it keeps it no longer). */
    sessionUnchangedUntil: unchangedUntil,
    clearSession: (reply: FastifyReply) => clearSessionCookie(reply, config),
    /** Ends every session of the user in the caller's transaction (the admin feature's suspension). */
    endSessions: (tx: Db, userId: number) => endAllSessions(tx, userId),
    routes: async (app: FastifyInstance) => {
      // The relying party's own in-process calls to the dev provider carry a per-process secret: they are
      // the server's, not the client's, and must not spend the client's budget.
      const internalCall = { 'x-referbridge-internal': randomBytes(16).toString('hex') };
      const limits = await createAuthLimits(app, rateLimits, {
        signInPerMinute: config.authRateLimit,
        statusPerMinute: config.authRateLimit * STATUS_CHECKS_PER_SIGN_IN,
        isInternal: (request) =>
          request.headers['x-referbridge-internal'] === internalCall['x-referbridge-internal'],
      });
      let client = oidc;
      if (!client && config.oidc) {
        // Google lets the user pick among signed-in accounts; other issuers may not know that prompt value.
        const isGoogle = new URL(config.oidc.issuer).hostname === 'accounts.google.com';
        client = createOidcClient({
          ...config.oidc,
          redirectUri,
          prompt: isGoogle ? 'select_account' : undefined,
        });
      }
      if (!client) {
        const issuer = `${config.publicUrl}${DEV_IDP_PATH}`;
        const clientSecret = `dev-${config.sessionSecret}`;
        // The development sign-in, every page of it, spends the sign-in budget.
        await app.register(async (devIdp) => {
          devIdp.addHook('onRequest', limits.signIn);
          registerDevIdp(devIdp, { issuer, clientSecret, redirectUri, cookieKeys: [config.sessionSecret] });
        });
        client = createOidcClient({
          issuer,
          clientId: DEV_CLIENT_ID,
          clientSecret,
          redirectUri,
          prompt: 'login',
          fetch: injectFetch(app, internalCall),
        });
      }
      await app.register(authRoutes, {
        prefix: '/auth',
        db,
        config,
        oidc: client,
        limits,
        onUserCreated: async (user) => {
          await onUserCreated(user.id);
        },
        onSignedIn: async (user) => {
          await onSignedIn?.(user.id);
        },
        onSignedOut: async (userId) => {
          await onSignedOut(userId);
        },
        afterSignIn,
      });
    },
  };
}
