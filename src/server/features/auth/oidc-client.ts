import * as client from 'openid-client';

export interface OidcClientOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** 'login' for the dev provider (always show its form), 'select_account' for Google, else none. */
  prompt?: string;
  /** Lets the embedded provider be reached in-process instead of over the network. */
  fetch?: client.CustomFetch;
}

/** What the popup must carry from /auth/google to the callback, kept in a signed cookie. */
export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string;
  fullName: string;
  picture: string | null;
}

export interface OidcClient {
  start(): Promise<{ url: string; pending: PendingSignIn }>;
  finish(callbackUrl: URL, pending: PendingSignIn): Promise<VerifiedIdentity>;
}

/** The relying party: authorization code flow with PKCE, state and nonce (openid-client does the checks). */
export function createOidcClient(options: OidcClientOptions): OidcClient {
  let configuration: Promise<client.Configuration> | undefined;

  // Discovery is lazy: the embedded provider lives in this same server, which is not up yet at boot.
  function getConfiguration(): Promise<client.Configuration> {
    configuration ??= client
      .discovery(new URL(options.issuer), options.clientId, options.clientSecret, undefined, {
        execute: new URL(options.issuer).protocol === 'http:' ? [client.allowInsecureRequests] : [],
        ...(options.fetch ? { [client.customFetch]: options.fetch } : {}),
      })
      .catch((err: unknown) => {
        configuration = undefined;
        throw err;
      });
    return configuration;
  }

  return {
    async start() {
      const config = await getConfiguration();
      const pending: PendingSignIn = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: options.redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
        ...(options.prompt ? { prompt: options.prompt } : {}),
      });
      return { url: url.href, pending };
    },

    async finish(callbackUrl, pending) {
      const config = await getConfiguration();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The identity provider returned no ID token.');
      const email = typeof claims.email === 'string' ? claims.email : undefined;
      if (!email || claims.email_verified !== true) {
        throw new Error('The identity provider did not confirm an email address.');
      }
      const name =
        typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : email.split('@')[0]!;
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email,
        fullName: name,
        picture: typeof claims.picture === 'string' ? claims.picture : null,
      };
    },
  };
}
