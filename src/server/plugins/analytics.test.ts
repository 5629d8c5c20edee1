import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

const DOMAIN = 'referbridge.example';

function connectSrc(csp: unknown): string {
  return /connect-src ([^;]*)/.exec(String(csp))?.[1] ?? '';
}

describe('analytics configuration (docs/decisions/014-analytics-adapter.md)', () => {
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'referbridge-analytics-'));
  let off: TestApp;
  let on: TestApp;
  beforeAll(async () => {
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head><title>ReferBridge</title></head><body><div id="root"></div></body></html>',
    );
    off = await createTestApp('pglite', { webRoot });
    on = await createTestApp(
      'pglite',
      { webRoot },
      { ANALYTICS_PLAUSIBLE_DOMAIN: DOMAIN, ANALYTICS_PLAUSIBLE_HOST: 'https://stats.example.org/' },
    );
  });
  afterAll(async () => {
    await off?.close();
    await on?.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('is off by default: no meta tag and connect-src is self only', async () => {
    expect(off.config.analytics).toBeUndefined();
    for (const url of ['/', '/dashboard', '/index.html']) {
      const res = await off.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('referbridge-analytics');
      expect(connectSrc(res.headers['content-security-policy'])).toBe("'self'");
    }
  });

  it('when configured, every page carries the settings and the CSP allows exactly that host', async () => {
    for (const url of ['/', '/dashboard', '/index.html', '/blog/some-post?x=1']) {
      const res = await on.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain(
        '<meta name="referbridge-analytics" content="{&quot;provider&quot;:&quot;plausible&quot;,&quot;domain&quot;:&quot;referbridge.example&quot;,&quot;apiHost&quot;:&quot;https://stats.example.org&quot;}" /></head>',
      );
      expect(connectSrc(res.headers['content-security-policy'])).toBe("'self' https://stats.example.org");
    }
    // API answers carry the same policy.
    const api = await on.app.inject({ method: 'GET', url: '/api/companies' });
    expect(connectSrc(api.headers['content-security-policy'])).toBe("'self' https://stats.example.org");
  });

  it('defaults the host to plausible.io', () => {
    const config = loadConfig({ NODE_ENV: 'test', ANALYTICS_PLAUSIBLE_DOMAIN: 'ReferBridge.com' });
    expect(config.analytics).toEqual({
      provider: 'plausible',
      domain: 'referbridge.com',
      apiHost: 'https://plausible.io',
    });
  });

  it.each([
    [{ ANALYTICS_PLAUSIBLE_DOMAIN: 'not a domain' }, /ANALYTICS_PLAUSIBLE_DOMAIN must be a domain name/],
    [{ ANALYTICS_PLAUSIBLE_DOMAIN: '"><script>' }, /ANALYTICS_PLAUSIBLE_DOMAIN/],
    [{ ANALYTICS_PLAUSIBLE_HOST: 'ftp://plausible.io' }, /ANALYTICS_PLAUSIBLE_HOST must be an http\(s\) URL/],
    [{ ANALYTICS_PLAUSIBLE_HOST: 'https://plausible.io/api' }, /ANALYTICS_PLAUSIBLE_HOST must be an origin/],
  ])('refuses a bad value with one line naming the variable: %o', (env, message) => {
    expect(() => loadConfig({ NODE_ENV: 'test', ...env })).toThrow(message);
  });
});
