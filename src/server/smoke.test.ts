import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main, runSmoke } from '../../scripts/smoke.mjs';
import { DEV_CLIENT_ID, registerDevIdp } from './features/auth/dev-idp.js';
import { createTestApp, type TestApp } from './testing/test-app.js';

/** npm run smoke (docs/deploy.md, "Smoke check"): a deployment's read-only check, against real servers. */

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A built web app in miniature: the page and the script and stylesheet it names. */
function webRoot(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smoke-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets/index-abc123.js'), 'console.log("app")');
  fs.writeFileSync(path.join(dir, 'assets/index-abc123.css'), 'body{margin:0}');
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><link rel="stylesheet" href="/assets/index-abc123.css">' +
      '<script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

/** The app on a real port of its own, PUBLIC_URL saying that port, as a deployment is. */
async function listening(env: Record<string, string> = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await createTestApp('pglite', { webRoot: webRoot() }, { PUBLIC_URL: base, ...env });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, base };
}

/** The app behind a proxy that drops one header from every answer, as a misconfigured one would. */
async function behindDroppingProxy(header: string) {
  const [port, appPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  const t = await createTestApp('pglite', { webRoot: webRoot() }, { PUBLIC_URL: base });
  await t.app.listen({ port: appPort, host: '127.0.0.1' });
  const proxy = http.createServer((request, response) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: appPort,
        path: request.url,
        method: request.method,
        headers: request.headers,
      },
      (answer) => {
        const { [header]: _dropped, ...headers } = answer.headers;
        response.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(response);
      },
    );
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
  return {
    base,
    close: async () => {
      await new Promise((resolve) => proxy.close(resolve));
      await t.close();
    },
  };
}

const byName = (results: { name: string; ok: boolean; detail: string }[]) =>
  Object.fromEntries(results.map((r) => [r.name, r]));

describe('npm run smoke against a development app', () => {
  let app: { t: TestApp; base: string };
  beforeAll(async () => {
    app = await listening();
  });
  afterAll(() => app.t.close());

  it('passes every check, and names each in a line', async () => {
    const results = await runSmoke(app.base);
    expect(results.map((r) => r.name)).toEqual([
      'healthz',
      'readyz',
      'landing page',
      'security headers',
      'API description',
      'sign-in redirect',
    ]);
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(byName(results)['landing page']!.detail).toBe('2 assets load');
    expect(byName(results)['sign-in redirect']!.detail).toBe(`to ${app.base}/dev-idp/auth, cookies HttpOnly`);

    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    try {
      expect(await main([app.base])).toBe(0);
    } finally {
      vi.restoreAllMocks();
    }
    expect(lines[0]).toMatch(/^ok {3}healthz: ok/);
    expect(lines.at(-1)).toBe('all 6 checks passed');
  });

  it('fails the production checks on an http development app: no HSTS, dev tools served, cookies not Secure', async () => {
    const results = byName(await runSmoke(app.base, { production: true }));
    expect(results['security headers']).toMatchObject({
      ok: false,
      detail: 'strict-transport-security missing',
    });
    expect(results['sign-in redirect']).toMatchObject({
      ok: false,
      detail: 'it goes to the development sign-in',
    });
    expect(results['no development tools']).toMatchObject({ ok: false, detail: '/dev-mail answered 200' });
  });

  it('fails a sign-in that goes to another provider than the one named', async () => {
    const results = byName(await runSmoke(app.base, { issuer: 'https://accounts.google.com' }));
    expect(results['sign-in redirect']).toMatchObject({
      ok: false,
      detail: `it goes to ${app.base}, not to https://accounts.google.com`,
    });
  });

  it('says a bad argument in a sentence and exits 2, asking nothing of any server', async () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
    try {
      expect(await main([])).toBe(2);
      expect(await main(['ftp://example.com'])).toBe(2);
      expect(await main([app.base, '--issuer', 'not a url'])).toBe(2);
      expect(await main([app.base, '--bogus'])).toBe(2);
    } finally {
      vi.restoreAllMocks();
    }
    expect(errors[0]).toMatch(/^Give the deployment's address, one http or https URL\./);
  });
});

describe('npm run smoke against an app missing a security header', () => {
  let app: { base: string; close: () => Promise<void> };
  beforeAll(async () => {
    app = await behindDroppingProxy('x-content-type-options');
  });
  afterAll(() => app.close());

  it('fails that check alone, names the header, and exits 1', async () => {
    const all = await runSmoke(app.base);
    expect(all.filter((r) => !r.ok).map((r) => r.name)).toEqual(['security headers']);
    const results = byName(all);
    expect(results['security headers']).toMatchObject({
      ok: false,
      detail: 'x-content-type-options missing',
    });
    vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      expect(await main([app.base])).toBe(1);
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe('npm run smoke --production against a production app', () => {
  let idp: FastifyInstance;
  let issuer: string;
  let app: { t: TestApp; base: string };
  beforeAll(async () => {
    const port = await freePort();
    issuer = `http://127.0.0.1:${port}/dev-idp`;
    idp = Fastify();
    registerDevIdp(idp, {
      issuer,
      clientSecret: 'smoke-secret',
      redirectUri: 'http://127.0.0.1/auth/google/callback',
      cookieKeys: ['a-smoke-provider-cookie-key-1234567'],
    });
    await idp.listen({ port, host: '127.0.0.1' });
    app = await listening({
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-smoke-session-secret-of-enough-length-1234',
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: DEV_CLIENT_ID,
      OIDC_CLIENT_SECRET: 'smoke-secret',
    });
  });
  afterAll(async () => {
    await app.t.close();
    await idp.close();
  });

  it('passes every check with HSTS, Secure cookies, its own provider and no development tools', async () => {
    const results = await runSmoke(app.base, { production: true, issuer });
    expect(results.filter((r) => !r.ok)).toEqual([]);
    const checks = byName(results);
    expect(checks['security headers']!.detail).toBe('6 present');
    expect(checks['sign-in redirect']!.detail).toBe(`to ${issuer}/auth, cookies Secure and HttpOnly`);
    expect(checks['no development tools']!.detail).toBe('/dev-mail and /dev-idp are absent');
  });
});
