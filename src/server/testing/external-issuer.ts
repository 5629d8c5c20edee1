import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { DEV_CLIENT_ID, registerDevIdp } from '../features/auth/dev-idp.js';
import { PUBLIC_URL, createTestApp, type TestApp } from './test-app.js';

const CLIENT_SECRET = 'external-secret';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ExternalIssuer {
  /** The provider, listening on its own port. */
  idp: FastifyInstance;
  /** Its issuer URL, `http://127.0.0.1:<port>/dev-idp`. */
  issuer: string;
  /** The Host header its requests must carry, `127.0.0.1:<port>`. */
  idpHost: string;
  /** The app (PGlite), configured as for Google: OIDC_ISSUER, client id and secret. */
  t: TestApp;
  close(): Promise<void>;
}

/**
 * The configuration used for Google, pointed at a separate provider on a real port: discovery and the
 * token exchange go over HTTP, as in production, and the embedded provider is not mounted.
 */
export async function startExternalIssuer(): Promise<ExternalIssuer> {
  const port = await freePort();
  const idpHost = `127.0.0.1:${port}`;
  const issuer = `http://${idpHost}/dev-idp`;
  const idp = Fastify();
  registerDevIdp(idp, {
    issuer,
    clientSecret: CLIENT_SECRET,
    redirectUri: `${PUBLIC_URL}/auth/google/callback`,
    cookieKeys: ['an-external-provider-cookie-key-123456'],
  });
  await idp.listen({ port, host: '127.0.0.1' });
  const t = await createTestApp(
    'pglite',
    {},
    { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: DEV_CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET },
  );
  return {
    idp,
    issuer,
    idpHost,
    t,
    close: async () => {
      await t.close();
      await idp.close();
    },
  };
}
