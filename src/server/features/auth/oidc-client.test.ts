import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { createOidcClient, type OidcClientOptions, type PendingSignIn } from './oidc-client.js';

/**
 * The relying party against a fake provider it reaches through its `fetch` option: discovery, the token
 * exchange and the ID token are all the test's to shape, so every claim the client reads is checked.
 * No server, no database: fast enough for mutation testing. auth.test.ts and external-issuer.test.ts walk
 * the real flow against the real development provider.
 */

const ISSUER = 'https://idp.example';
const REDIRECT = 'http://localhost:3999/auth/google/callback';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

function idToken(claims: Record<string, unknown>): string {
  const head = b64url(JSON.stringify({ alg: 'RS256', kid: 'k1', typ: 'JWT' }));
  const body = b64url(JSON.stringify(claims));
  const signature = sign('sha256', Buffer.from(`${head}.${body}`), privateKey);
  return `${head}.${body}.${b64url(signature)}`;
}

interface TokenRequest {
  url: string;
  body: URLSearchParams;
}

/** A provider answering discovery, its keys and its token endpoint; `claims` shapes the next ID token. */
function fakeProvider(issuer = ISSUER, endpointBase = issuer) {
  const state = {
    discoveries: 0,
    failDiscoveries: 0,
    tokenRequests: [] as TokenRequest[],
    claims: {} as Record<string, unknown>,
    nonce: '',
    idToken: true,
  };
  const json = (value: unknown, status = 200) =>
    new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
  const fetch: OidcClientOptions['fetch'] = async (url, options) => {
    const { pathname } = new URL(url);
    if (pathname.endsWith('/.well-known/openid-configuration')) {
      state.discoveries += 1;
      if (state.failDiscoveries > 0) {
        state.failDiscoveries -= 1;
        return json({ error: 'unavailable' }, 503);
      }
      return json({
        issuer,
        authorization_endpoint: `${endpointBase}/authorize`,
        token_endpoint: `${endpointBase}/token`,
        jwks_uri: `${endpointBase}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    if (pathname.endsWith('/jwks')) {
      return json({
        keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' }],
      });
    }
    if (pathname.endsWith('/token')) {
      state.tokenRequests.push({
        url,
        body: new URLSearchParams(String(options.body)),
      });
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        iss: issuer,
        aud: 'client-1',
        sub: 'subject-1',
        iat: now,
        exp: now + 300,
        nonce: state.nonce,
        email: 'ada@example.com',
        email_verified: true,
        name: 'Ada Lovelace',
        ...state.claims,
      };
      return json({
        access_token: 'access',
        token_type: 'Bearer',
        expires_in: 300,
        ...(state.idToken ? { id_token: idToken(claims) } : {}),
      });
    }
    return json({ error: 'not found' }, 404);
  };
  return { state, fetch };
}

describe('createOidcClient', () => {
  let provider: ReturnType<typeof fakeProvider>;
  const client = (extra: Partial<OidcClientOptions> = {}) =>
    createOidcClient({
      issuer: ISSUER,
      clientId: 'client-1',
      clientSecret: 'secret-1',
      redirectUri: REDIRECT,
      fetch: provider.fetch,
      ...extra,
    });

  /** start(), then the callback the provider would send back with a code. */
  async function signIn(claims: Record<string, unknown>, oidc = client()) {
    const { pending } = await oidc.start();
    provider.state.nonce = pending.nonce;
    provider.state.claims = claims;
    return oidc.finish(new URL(`${REDIRECT}?code=the-code&state=${pending.state}`), pending);
  }

  beforeEach(() => {
    provider = fakeProvider();
  });

  describe('start', () => {
    it('sends the browser to the provider with PKCE, state, nonce and our scopes', async () => {
      const { url, pending } = await client().start();
      const sent = new URL(url);
      expect(sent.origin + sent.pathname).toBe(`${ISSUER}/authorize`);
      expect(Object.fromEntries(sent.searchParams)).toEqual({
        client_id: 'client-1',
        response_type: 'code',
        redirect_uri: REDIRECT,
        scope: 'openid email profile',
        code_challenge: createHash('sha256').update(pending.codeVerifier).digest('base64url'),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
    });

    it('asks for the prompt it was given, and none otherwise', async () => {
      const { url } = await client({ prompt: 'select_account' }).start();
      expect(new URL(url).searchParams.get('prompt')).toBe('select_account');
      const plain = await client({ prompt: '' }).start();
      expect(new URL(plain.url).searchParams.has('prompt')).toBe(false);
    });

    it('makes fresh, distinct secrets for every sign-in', async () => {
      const oidc = client();
      const one = (await oidc.start()).pending;
      const two = (await oidc.start()).pending;
      const all = [one.state, one.nonce, one.codeVerifier, two.state, two.nonce, two.codeVerifier];
      expect(new Set(all).size).toBe(6);
      for (const value of all) expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('discovers the provider once, on first use, and again after a failed discovery', async () => {
      provider.state.failDiscoveries = 1;
      const oidc = client();
      expect(provider.state.discoveries).toBe(0);
      await expect(oidc.start()).rejects.toThrow();
      await oidc.start();
      await oidc.start();
      expect(provider.state.discoveries).toBe(2);
    });

    it('talks plain http to an http issuer (the development provider)', async () => {
      provider = fakeProvider('http://localhost:3999/dev-idp');
      const { url } = await client({ issuer: 'http://localhost:3999/dev-idp' }).start();
      expect(url.startsWith('http://localhost:3999/dev-idp/authorize?')).toBe(true);
    });

    it('an https issuer may not send the browser or the code over http', async () => {
      provider = fakeProvider(ISSUER, 'http://idp.example');
      await expect(client().start()).rejects.toThrow('only requests to HTTPS are allowed');
    });
  });

  describe('finish', () => {
    it('exchanges the code with the verifier and client secret, and returns who signed in', async () => {
      const oidc = client();
      const { pending } = await oidc.start();
      provider.state.nonce = pending.nonce;
      const identity = await oidc.finish(
        new URL(`${REDIRECT}?code=the-code&state=${pending.state}`),
        pending,
      );
      expect(identity).toEqual({
        issuer: ISSUER,
        subject: 'subject-1',
        email: 'ada@example.com',
        fullName: 'Ada Lovelace',
        picture: null,
      });
      const [request] = provider.state.tokenRequests;
      expect(Object.fromEntries(request!.body)).toEqual({
        grant_type: 'authorization_code',
        code: 'the-code',
        code_verifier: pending.codeVerifier,
        redirect_uri: REDIRECT,
        client_id: 'client-1',
        client_secret: 'secret-1',
      });
    });

    it('takes the picture when it is a string', async () => {
      expect((await signIn({ picture: 'https://img.example/a.png' })).picture).toBe(
        'https://img.example/a.png',
      );
      expect((await signIn({ picture: 42 })).picture).toBeNull();
    });

    it('trims the name, and falls back to the email’s local part when there is none', async () => {
      expect((await signIn({ name: '  Ada  ' })).fullName).toBe('Ada');
      expect((await signIn({ name: '   ' })).fullName).toBe('ada');
      expect((await signIn({ name: undefined })).fullName).toBe('ada');
      expect((await signIn({ name: 7, email: 'grace.h@example.com' })).fullName).toBe('grace.h');
    });

    it('refuses an email the provider did not verify, or no email at all', async () => {
      const unconfirmed = 'The identity provider did not confirm an email address.';
      await expect(signIn({ email_verified: false })).rejects.toThrow(unconfirmed);
      await expect(signIn({ email_verified: 'true' })).rejects.toThrow(unconfirmed);
      await expect(signIn({ email_verified: undefined })).rejects.toThrow(unconfirmed);
      await expect(signIn({ email: undefined })).rejects.toThrow(unconfirmed);
      await expect(signIn({ email: '' })).rejects.toThrow(unconfirmed);
      await expect(signIn({ email: ['ada@example.com'] })).rejects.toThrow(unconfirmed);
    });

    it('refuses a callback whose state or nonce is not the pending sign-in’s', async () => {
      const oidc = client();
      const { pending } = await oidc.start();
      provider.state.nonce = pending.nonce;
      await expect(oidc.finish(new URL(`${REDIRECT}?code=c&state=someone-else`), pending)).rejects.toThrow();
      expect(provider.state.tokenRequests).toEqual([]);
      provider.state.nonce = 'another-nonce';
      await expect(
        oidc.finish(new URL(`${REDIRECT}?code=c&state=${pending.state}`), pending),
      ).rejects.toThrow();
    });

    it('refuses an answer without an ID token in the token exchange itself', async () => {
      provider.state.idToken = false;
      // openid-client refuses it (idTokenExpected); the client's own check after it is a second line.
      await expect(signIn({})).rejects.toThrow('invalid response encountered');
    });

    it('sends the verifier of the pending sign-in it is given', async () => {
      const oidc = client();
      const { pending } = await oidc.start();
      provider.state.nonce = pending.nonce;
      const other: PendingSignIn = { ...pending, codeVerifier: 'v'.repeat(43) };
      await oidc.finish(new URL(`${REDIRECT}?code=c&state=${pending.state}`), other);
      expect(provider.state.tokenRequests[0]?.body.get('code_verifier')).toBe('v'.repeat(43));
    });
  });
});
