import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase } from '../db/client.js';
import type { Listen } from '../db/listen.js';
import { AuthStatusSchema, type User } from '../../shared/auth.js';
import { multipart, type FormPart } from './profile-fixtures.js';
import { testDatabaseKinds } from './test-environment.js';
import { openTestDatabase, type TestDatabase } from './test-database.js';

export const PUBLIC_URL = 'http://localhost:3999';
export const ORIGIN = { origin: PUBLIC_URL };

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (each test app gets a fresh database). */
export const testDatabases = testDatabaseKinds(process.env);

/**
 * Another app instance on the same database, as behind a load balancer: on PostgreSQL its own pool and
 * listener (reached through `through(url)` when given); PGlite, being in process, is shared as it is.
 * Closing it leaves the database to its owner.
 */
async function openSharedDatabase(
  owner: TestDatabase,
  {
    through = (url: string) => url,
    listenHeartbeatMs,
  }: { through?: (url: string) => string; listenHeartbeatMs: number },
): Promise<TestDatabase> {
  if (!owner.url) return { ...owner, close: async () => {} };
  const url = through(owner.url);
  return { ...(await openDatabase({ url, listenHeartbeatMs })), url };
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** Signs a new account in through the real popup flow (a fresh email unless one is given). */
  signIn(name?: string, email?: string): Promise<SignedIn>;
  close(): Promise<void>;
}

/** A signed-in browser and what the API tests do with it: reads, and writes that carry our Origin. */
export interface SignedIn {
  user: User;
  browser: Browser;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  del(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** A multipart/form-data POST, as the browser's FormData sends it. */
  upload(url: string, parts: FormPart[]): Promise<LightMyRequestResponse>;
}

let accountSeq = 0;

async function signInAs(app: FastifyInstance, name: string, email?: string): Promise<SignedIn> {
  accountSeq += 1;
  const browser = new Browser(app);
  await browser.signIn(email ?? `user${accountSeq}-${randomUUID().slice(0, 8)}@example.com`, name);
  const status = AuthStatusSchema.parse(
    (await browser.request({ method: 'GET', url: '/auth/status' })).json(),
  );
  if (!status.user) throw new Error(`sign-in of ${name} did not create a session`);
  const json =
    (method: 'POST' | 'PUT' | 'DELETE') =>
    (url: string, body?: unknown, headers = {}) =>
      browser.request({
        method,
        url,
        headers: { ...ORIGIN, 'content-type': 'application/json', ...headers },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
  return {
    user: status.user,
    browser,
    get: (url, headers = {}) => browser.request({ method: 'GET', url, headers }),
    post: json('POST'),
    put: json('PUT'),
    del: (url, headers) => json('DELETE')(url, undefined, headers),
    upload: (url, parts) => {
      const form = multipart(parts);
      return browser.request({
        method: 'POST',
        url,
        headers: { ...ORIGIN, ...form.headers },
        payload: form.payload,
      });
    },
  };
}

export async function createTestApp(
  kind: 'pglite' | 'postgres',
  overrides: Partial<Omit<AppDeps, 'db' | 'listen'>> & {
    /** What the app hears the database's announcements through, given the database's own (held-announcements.ts). */
    wrapListen?: (listen: Listen) => Listen;
    /** A second instance reaches the database at this address instead, given its own (a test's TCP relay). */
    databaseUrl?: (url: string) => string;
  } = {},
  env: Record<string, string> = {},
  /** Builds a second instance on this app's database instead of a fresh one. */
  sameDatabaseAs?: TestApp,
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '1000',
    // No test reaches the internet: job postings come from the tests' own servers, named in the env.
    JOB_FETCH: 'allowed',
    ...env,
  });
  const { wrapListen = (listen: Listen) => listen, databaseUrl, ...deps } = overrides;
  const { listenHeartbeatMs } = config;
  const database = sameDatabaseAs
    ? await openSharedDatabase(sameDatabaseAs.database, { through: databaseUrl, listenHeartbeatMs })
    : await openTestDatabase(kind, undefined, { listenHeartbeatMs });
  const app = await buildApp(config, {
    db: database.db,
    listen: wrapListen(database.listen),
    poolStats: database.poolStats,
    hearing: database.hearing,
    webRoot: '/nonexistent',
    ...deps,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    signIn: (name = 'Test User', email) => signInAs(app, name, email),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The same browser's session, presented to another instance on the same database, as behind a load balancer. */
export function sameBrowserOn(app: FastifyInstance, user: SignedIn): Browser {
  const browser = new Browser(app);
  browser.cookies.set('sid', user.browser.cookies.get('sid')!);
  return browser;
}

/** A tiny cookie jar over app.inject, enough to walk a redirect-based sign-in like a browser. */
export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    /** The app's PUBLIC_URL: redirects elsewhere are not followed. */
    private readonly publicUrl = PUBLIC_URL,
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      ...options,
      headers: { host: new URL(this.publicUrl).host, ...options.headers, cookie: this.cookieHeader() },
    });
    for (const c of res.cookies) {
      const expired = (c.expires && c.expires.getTime() <= Date.now()) || c.maxAge === 0;
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  /** Follows redirects within the app, as a popup would, and returns the last response. */
  async follow(url: string, options: Omit<InjectOptions, 'url'> = {}): Promise<LightMyRequestResponse> {
    let res = await this.request({ ...options, url });
    for (let hops = 0; hops < 10 && res.statusCode >= 300 && res.statusCode < 400; hops++) {
      const next = new URL(String(res.headers.location), this.publicUrl);
      if (next.origin !== this.publicUrl) return res;
      res = await this.request({ method: 'GET', url: next.pathname + next.search });
    }
    return res;
  }

  /** The whole popup flow: /auth/google, the dev provider's form, the callback. */
  async signIn(email: string, name = 'Test User'): Promise<LightMyRequestResponse> {
    const form = await this.follow('/auth/google');
    const action = /action="([^"]+)"/.exec(form.body)?.[1];
    if (!action) throw new Error(`no login form in: ${form.body.slice(0, 300)}`);
    return this.follow(action.replaceAll('&amp;', '&'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email, name }).toString(),
    });
  }
}
