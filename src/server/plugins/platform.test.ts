import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, createTestApp, type TestApp } from '../testing/test-app.js';

describe('platform: security headers, write guards, errors, SPA serving', () => {
  let t: TestApp;
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'referbridge-web-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp('pglite', { webRoot });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves the SPA for every non-API path so the client shows its own 404', async () => {
    for (const url of ['/', '/dashboard', '/no/such/page?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache and no traversal outside the web root', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const escape = await t.app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd' });
    expect(escape.body).not.toContain('root:');
  });

  it('answers unknown API paths and non-GET unknown paths with JSON 404', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'No such endpoint: GET /api/nothing-here' });
    const post = await t.app.inject({ method: 'POST', url: '/somewhere', headers: ORIGIN, payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('sends a real CSP and keeps popups able to reach their opener', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses writes without our Origin or Referer', async () => {
    const noOrigin = await t.app.inject({ method: 'POST', url: '/auth/logout' });
    expect(noOrigin.statusCode).toBe(403);
    const foreign = await t.app.inject({
      method: 'PUT',
      url: '/api/anything',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: 'Cross-origin requests are not allowed.' });
    const referer = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { referer: 'http://localhost:3999/dashboard' },
    });
    expect(referer.statusCode).toBe(200);
  });

  it('accepts JSON bodies only, with a clear sentence', async () => {
    const text = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { ...ORIGIN, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ error: 'This request body type is not accepted; send JSON.' });
    const form = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { ...ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=b',
    });
    expect(form.statusCode).toBe(415);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { ...ORIGIN, 'content-type': 'application/json' },
      payload: '{"oops":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: 'The request body is not valid JSON.' });
  });

  it('answers health checks and documents the API', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toMatchObject({ ok: true });
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    expect(Object.keys(spec.json().paths)).toEqual(expect.arrayContaining(['/auth/status', '/auth/logout']));
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('rate limiting on /auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {}, { AUTH_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 with a sentence past the limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push((await t.app.inject({ method: 'GET', url: '/auth/google' })).statusCode);
    expect(codes).toEqual([302, 302, 302, 429]);
    const res = await t.app.inject({ method: 'GET', url: '/auth/google' });
    expect(res.json()).toEqual({ error: 'Too many requests. Please wait a moment and try again.' });
  });
});
