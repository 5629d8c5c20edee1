import { createHash, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { z } from 'zod';
import { PRODUCT_NAME } from '../../../shared/brand.js';
import { badRequest } from '../../lib/errors.js';
import { hijackWithHeaders } from '../../lib/hijack.js';
import { renderDevLoginPage } from './dev-idp-page.js';

const INTERACTION_GONE =
  'This sign-in has expired or was already finished. Close this window and sign in again.';

export const DEV_IDP_PATH = '/dev-idp';
export const DEV_CLIENT_ID = 'referbridge-web';

interface DevAccount {
  email: string;
  name: string;
}

const LoginFormSchema = z.object({
  email: z
    .email('Enter a valid email address.')
    .max(254)
    .transform((v) => v.toLowerCase()),
  name: z.string().trim().min(1, 'Enter your name.').max(100, 'Use at most 100 characters for the name.'),
});

let key: KeyObject | undefined;

/**
 * The provider's signing key, made once per process: an RSA key takes a few hundred milliseconds to make,
 * which every start (and every test app) would otherwise spend. The provider's state is in memory anyway.
 */
function signingKey(): KeyObject {
  key ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  return key;
}

export interface DevIdpOptions {
  issuer: string;
  clientSecret: string;
  redirectUri: string;
  cookieKeys: string[];
}

/**
 * A real OpenID Connect provider (oidc-provider) for development and tests: any email signs in as that
 * person. It only knows our one client, requires PKCE, and keeps its state in memory.
 */
export function registerDevIdp(app: FastifyInstance, options: DevIdpOptions): void {
  const accounts = new Map<string, DevAccount>();
  const privateKey = signingKey();

  const configuration: Configuration = {
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'dev', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: options.cookieKeys },
    pkce: { required: () => true },
    // Short lives: the provider only has to outlast one popup sign-in.
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
      Interaction: 600,
      Grant: 3600,
      Session: 86_400,
    },
    features: { devInteractions: { enabled: false } },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The relying party reads profile claims from the ID token, as it does with Google's.
    conformIdTokenClaims: false,
    interactions: { url: (_ctx, interaction) => `${DEV_IDP_PATH}/interaction/${interaction.uid}` },
    // First-party client: no consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, provider } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return provider.Grant.find(grantId);
      const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({ sub: id, email: account.email, email_verified: true, name: account.name }),
      };
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = renderDevLoginPage({
        title: 'Sign-in error',
        error: String(out.error_description ?? out.error),
      });
    },
  };

  const provider = new Provider(options.issuer, configuration);
  // The provider builds its URLs from the request's host and protocol. Those come from the client (Host,
  // X-Forwarded-*), so they are pinned to the issuer's before it sees a request: discovery and redirects
  // name our origin whatever a client or proxy says. proxy = true makes it read the pinned forwarded values.
  provider.proxy = true;
  const issuerUrl = new URL(options.issuer);
  const pinOrigin = (raw: IncomingMessage) => {
    raw.headers.host = issuerUrl.host;
    raw.headers['x-forwarded-host'] = issuerUrl.host;
    raw.headers['x-forwarded-proto'] = issuerUrl.protocol.slice(0, -1);
    delete raw.headers.forwarded;
    delete raw.headers['x-forwarded-port'];
  };
  const callback = provider.callback();

  /** The sign-in in progress, or a sentence when it has expired or never existed (the provider's codes). */
  async function interactionOf(request: FastifyRequest, reply: FastifyReply) {
    try {
      return await provider.interactionDetails(request.raw, reply.raw);
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (status !== undefined && status >= 400 && status < 500) throw badRequest(INTERACTION_GONE);
      throw err;
    }
  }

  app.register(async (scope) => {
    // Leave the request body unread: oidc-provider parses its own.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));

    scope.all(
      `${DEV_IDP_PATH}/*`,
      { schema: { hide: true }, config: { originOptional: true } },
      (request, reply) => {
        hijackWithHeaders(reply);
        const raw = request.raw as typeof request.raw & { originalUrl?: string };
        raw.originalUrl = raw.url;
        pinOrigin(raw);
        raw.url = raw.url!.slice(DEV_IDP_PATH.length) || '/';
        void callback(raw, reply.raw);
      },
    );
  });

  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get<{ Params: { uid: string } }>(
      `${DEV_IDP_PATH}/interaction/:uid`,
      { schema: { hide: true } },
      async (request, reply) => {
        pinOrigin(request.raw);
        const details = await interactionOf(request, reply);
        const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
        return reply
          .header('referrer-policy', LOGIN_PAGE_REFERRER_POLICY)
          .type('text/html')
          .send(renderDevLoginPage({ action: loginAction(details.uid), email: hint }));
      },
    );

    scope.post<{ Params: { uid: string } }>(
      `${DEV_IDP_PATH}/interaction/:uid/login`,
      { schema: { hide: true }, config: { originOptional: true } },
      async (request, reply) => {
        pinOrigin(request.raw);
        const details = await interactionOf(request, reply);
        const form = LoginFormSchema.safeParse(request.body ?? {});
        if (!form.success) {
          const body = (request.body ?? {}) as Record<string, unknown>;
          return reply
            .status(400)
            .header('referrer-policy', LOGIN_PAGE_REFERRER_POLICY)
            .type('text/html')
            .send(
              renderDevLoginPage({
                action: loginAction(details.uid),
                email: typeof body.email === 'string' ? body.email : '',
                name: typeof body.name === 'string' ? body.name : '',
                error: form.error.issues[0]!.message,
              }),
            );
        }
        const accountId = createHash('sha256').update(form.data.email).digest('hex').slice(0, 32);
        accounts.set(accountId, form.data);
        const redirectTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId } },
          { mergeWithLastSubmission: false },
        );
        // Same server: keep the browser on the origin it is using rather than the one the provider guessed.
        const resume = new URL(redirectTo, options.issuer);
        return reply.redirect(resume.pathname + resume.search, 303);
      },
    );
  });

  app.log.info(`${PRODUCT_NAME} development identity provider mounted at ${options.issuer}`);
}

/**
 * Under the app-wide 'no-referrer' a browser posts a form with 'Origin: null', which the write guard
 * refuses; 'same-origin' lets the login form's post carry our origin (and still tells other sites nothing).
 */
const LOGIN_PAGE_REFERRER_POLICY = 'same-origin';

const loginAction = (uid: string) => `${DEV_IDP_PATH}/interaction/${uid}/login`;
