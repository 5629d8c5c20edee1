import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { chooseChromium, testDatabaseKinds } from '../../src/server/testing/test-environment';
import { ensureBuild, root, serverEntry } from '../../scripts/ensure-build.mjs';

export interface E2eServer {
  name: string;
  baseUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    servers: E2eServer[];
    /** Servers whose referrals pass on after 15 seconds (tests/e2e/handoff.test.ts only). */
    handoffServers: E2eServer[];
    chromiumPath: string;
  }
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

async function waitForHealth(baseUrl: string, child: ChildProcess, log: () => string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${log()}`);
}

/** The title the local Greenhouse answers for posting 4242 (tests/e2e/referrals.test.ts fills Position from it). */
const GREENHOUSE_POSTING = { id: 4242, title: 'Senior Search Engineer', location: 'Zurich, Switzerland' };

/**
 * A Greenhouse Job Board API of the journeys' own on loopback: the servers read postings from it (and may
 * reach nothing else, JOB_FETCH=allowed), so no journey reaches the internet.
 */
async function startGreenhouse(): Promise<{ host: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const match = /^\/v1\/boards\/[\w-]+\/jobs\/(\d+)$/.exec(req.url ?? '');
    if (match && Number(match[1]) === GREENHOUSE_POSTING.id) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: GREENHOUSE_POSTING.id,
          title: GREENHOUSE_POSTING.title,
          company_name: 'Google',
          location: { name: GREENHOUSE_POSTING.location },
        }),
      );
    } else {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"status":404}');
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as net.AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

export default async function setup(project: TestProject) {
  const chromiumPath = chooseChromium(process.env, fs.existsSync);
  // Under CI=true this throws without TEST_DATABASE_URL: the journeys must run on PostgreSQL there too.
  const databases = testDatabaseKinds(process.env);

  await ensureBuild();
  const children: ChildProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  const servers: E2eServer[] = [];
  const greenhouse = await startGreenhouse();
  cleanups.push(greenhouse.close);

  async function startServer(name: string, extraEnv: Record<string, string>, into = servers) {
    const port = await freePort();
    const baseUrl = `http://localhost:${port}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referbridge-e2e-'));
    let output = '';
    const child = spawn(process.execPath, [serverEntry], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT: '1000',
        JOB_FETCH: 'allowed',
        JOB_FETCH_ALLOWED_HOSTS: greenhouse.host,
        GREENHOUSE_API_URL: `http://${greenhouse.host}`,
        // The admin console's journey signs in as this one.
        ADMIN_EMAILS: 'admin.journey@example.com',
        // The bonus journey waits for a reminder the sweep sends (issue 50); nothing else is due on it.
        REFERRAL_SWEEP_INTERVAL: '5s',
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    children.push(child);
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    await waitForHealth(baseUrl, child, () => output);
    into.push({ name, baseUrl });
  }

  await startServer('pglite', {});
  if (databases.includes('postgres')) {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const dbName = `referbridge_e2e_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    });
    await startServer('postgres', { DATABASE_URL: url.href });
  }

  // A server of its own: a 6-second response time would pass the other journeys' requests on mid-way.
  const handoffServers: E2eServer[] = [];
  await startServer(
    'pglite',
    { REFERRAL_RESPONSE_TIME: '15s', REFERRAL_SWEEP_INTERVAL: '1s' },
    handoffServers,
  );
  project.provide('servers', servers);
  project.provide('handoffServers', handoffServers);
  project.provide('chromiumPath', chromiumPath);

  return async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))),
    );
    for (const cleanup of cleanups) await cleanup();
  };
}
