import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { root, serverEntry } from '../../scripts/ensure-build.mjs';

/** Every instance of the suite claims this address; the test client maps it to the instance it talks to. */
export const PUBLIC_URL = 'http://referbridge.test';

export interface Instance {
  name: string;
  baseUrl: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** A fresh, empty PostgreSQL database next to TEST_DATABASE_URL's; drop() removes it. */
export async function createDatabase(adminUrl: string) {
  const name = `referbridge_instances_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.href,
    /** One query on this database, on a connection of its own. */
    async query<Row extends Record<string, unknown>>(sql: string): Promise<Row[]> {
      const c = new pg.Client({ connectionString: url.href });
      await c.connect();
      try {
        return (await c.query<Row>(sql)).rows;
      } finally {
        await c.end();
      }
    },
    /** Ends every connection the instances hold on this database, as a failover or a restart would. */
    async terminateConnections(): Promise<number> {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      const res = await c.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      await c.end();
      return res.rowCount ?? 0;
    },
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Spawns the built server (dist/) with `env`; resolves once it listens, without waiting for health. */
export async function spawnInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL,
      LOG_LEVEL: 'warn',
      // No journey reaches the internet: these servers read no job posting at all.
      JOB_FETCH: 'allowed',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  return {
    name,
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export async function waitForHealth(instance: Instance, path = '/healthz'): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (instance.child.exitCode !== null) {
      throw new Error(`${instance.name} exited early:\n${instance.output()}`);
    }
    try {
      const res = await fetch(`${instance.baseUrl}${path}`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${instance.name} did not answer ${path}:\n${instance.output()}`);
}

interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | FormData;
}

/**
 * A browser's cookie jar over real HTTP. Every instance believes it is PUBLIC_URL, so redirects name
 * PUBLIC_URL: the client sends them to the instance it is talking to, as a load balancer would. Writes
 * carry `Origin: PUBLIC_URL`, like the app's own pages. `on(other)` is the same browser on another
 * instance: the same cookies, another process behind the load balancer.
 */
export class Client {
  constructor(
    readonly instance: Instance,
    readonly cookies = new Map<string, string>(),
  ) {}

  on(instance: Instance): Client {
    return new Client(instance, this.cookies);
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(path: string, options: RequestOptions = {}): Promise<Response> {
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = { cookie: this.cookieHeader(), ...options.headers };
    if (method !== 'GET' && method !== 'HEAD') headers.origin = PUBLIC_URL;
    const res = await fetch(new URL(path, this.instance.baseUrl), {
      method,
      headers,
      body: options.body,
      redirect: 'manual',
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const [name, value] = [pair.slice(0, eq), pair.slice(eq + 1)];
      const expired = attributes.some((a) => {
        const [k = '', v = ''] = a.split('=');
        if (k.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (k.toLowerCase() === 'expires') return new Date(v).getTime() <= Date.now();
        return false;
      });
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** Follows redirects within PUBLIC_URL (on this client's instance) and returns the last response. */
  async follow(path: string, options: RequestOptions = {}): Promise<Response> {
    let res = await this.request(path, options);
    for (let hops = 0; hops < 10 && res.status >= 300 && res.status < 400; hops++) {
      const next = new URL(res.headers.get('location') ?? '', PUBLIC_URL);
      if (next.origin !== PUBLIC_URL) return res;
      res = await this.request(next.pathname + next.search);
    }
    return res;
  }

  json(method: 'POST' | 'PUT', path: string, body: unknown): Promise<Response> {
    return this.request(path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  /** The popup sign-in through the dev identity provider; answers the new user's id. */
  async signIn(email: string, name: string): Promise<number> {
    const form = await this.follow('/auth/google');
    const html = await form.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no login form (${form.status}): ${html.slice(0, 300)}`);
    const target = new URL(action.replaceAll('&amp;', '&'), PUBLIC_URL);
    const done = await this.follow(target.pathname + target.search, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, name }).toString(),
    });
    await done.arrayBuffer();
    const status = (await (await this.request('/auth/status')).json()) as {
      isAuthenticated: boolean;
      user?: { id: number } | null;
    };
    if (!status.isAuthenticated || !status.user) throw new Error(`sign-in of ${email} made no session`);
    return status.user.id;
  }
}

/** Retries `attempt` every 100 ms until it answers true or `ms` pass; answers whether it did. */
export async function eventually(attempt: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      if (await attempt()) return true;
    } catch {
      // a refused connection counts as not yet
    }
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
}
