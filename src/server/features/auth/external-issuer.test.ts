import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExternalIssuer, type ExternalIssuer } from '../../testing/external-issuer.js';
import { Browser, PUBLIC_URL, type TestApp } from '../../testing/test-app.js';

/**
 * The configuration used for Google (OIDC_ISSUER + client id/secret), pointed at a separate provider on a
 * real port: discovery and the token exchange go over HTTP, and the embedded provider is not mounted.
 */
describe('sign-in with an external OpenID Connect issuer', () => {
  let external: ExternalIssuer;
  let t: TestApp;
  let issuer: string;
  let idpHost: string;

  beforeAll(async () => {
    external = await startExternalIssuer();
    ({ t, issuer, idpHost } = external);
  });
  afterAll(async () => {
    await external?.close();
  });

  it('does not mount the development provider', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev-idp/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(404);
  });

  it('walks the whole flow against the external issuer and keys the user by that issuer', async () => {
    const app = new Browser(t.app);
    const provider = new Browser(external.idp);
    const onProvider = (url: string) => ({
      url: new URL(url, issuer).pathname + new URL(url, issuer).search,
      headers: { host: idpHost },
    });

    const start = await app.request({ method: 'GET', url: '/auth/google' });
    expect(start.statusCode).toBe(302);
    const authorize = String(start.headers.location);
    expect(authorize.startsWith(`${issuer}/auth?`)).toBe(true);
    // Only Google is sent prompt=select_account; other issuers get the standard request.
    expect(new URL(authorize).searchParams.get('prompt')).toBeNull();

    let res = await provider.request({ method: 'GET', ...onProvider(authorize) });
    res = await provider.request({ method: 'GET', ...onProvider(String(res.headers.location)) });
    const action = /action="([^"]+)"/.exec(res.body)![1]!;
    res = await provider.request({
      method: 'POST',
      url: action,
      headers: { host: idpHost, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=lin%40example.com&name=Lin',
    });
    res = await provider.request({ method: 'GET', ...onProvider(String(res.headers.location)) });
    const callback = new URL(String(res.headers.location));
    expect(callback.origin + callback.pathname).toBe(`${PUBLIC_URL}/auth/google/callback`);

    const done = await app.request({ method: 'GET', url: callback.pathname + callback.search });
    expect(done.body).toContain('AUTH_SUCCESS');
    const status = await app.request({ method: 'GET', url: '/auth/status' });
    expect(status.json()).toMatchObject({
      isAuthenticated: true,
      user: { email: 'lin@example.com', fullName: 'Lin' },
    });
  });
});
