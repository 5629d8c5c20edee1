import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes, uploadResume } from '../testing/profile-fixtures.js';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app.js';

/**
 * The headers of each kind of answer, spelled out: a change to any of them is a decision, not an accident.
 * Cookies and sign-in have their own files; this one covers what every answer carries.
 */

/** What every answer carries, whatever it is. */
function expectBaseline(res: LightMyRequestResponse): void {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(res.headers['x-powered-by']).toBeUndefined();
  expect(res.headers.server).toBeUndefined();
}

const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "script-src-attr 'none'",
];

function expectPagePolicy(res: LightMyRequestResponse): void {
  const directives = String(res.headers['content-security-policy']).split(';');
  expect(directives.sort()).toEqual([...PAGE_CSP].sort());
}

describe('response headers (pglite, http PUBLIC_URL)', () => {
  let t: TestApp;
  let owner: SignedIn;
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'referbridge-headers-'));

  beforeAll(async () => {
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await createTestApp('pglite', { webRoot });
    owner = await t.signIn('Header Owner');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('a page: the strict policy, revalidated on every visit, no HSTS over http', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expectBaseline(res);
    expectPagePolicy(res);
  });

  it('an API answer: JSON, never stored by a browser or a cache', async () => {
    const res = await owner.get('/api/user/skills');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expectBaseline(res);
    expectPagePolicy(res);
  });

  it('every API read is no-store, including the ones a route does not mark itself', async () => {
    for (const url of [
      '/api/user/experiences',
      '/api/user/education',
      '/api/notifications',
      '/auth/status',
    ]) {
      const res = await owner.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('a 404: a JSON sentence, not stored', async () => {
    const res = await owner.get('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No such endpoint: GET /api/no-such-thing' });
    expect(res.headers['cache-control']).toBe('no-store');
    expectBaseline(res);
  });

  it('a resume download: a PDF the browser shows but never sniffs, runs script in, frames elsewhere or stores', async () => {
    const uploaded = await uploadResume(owner, pdfBytes('headers'), 'my résumé "final".pdf');
    expect(uploaded.statusCode).toBe(201);
    const res = await owner.get(`/api/resumes/${uploaded.json().id}/file`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-security-policy']).toBe(
      "sandbox; default-src 'none'; frame-ancestors 'self'",
    );
    expect(String(res.headers['content-disposition'])).toMatch(
      /^inline; filename="[^"\r\n]*"; filename\*=UTF-8''/,
    );
  });

  it('a 500: one generic sentence, the same headers, nothing stored', async () => {
    // A table gone from under the app is a bug on our side, not an outage: the answer must still be clean.
    const other = await createTestApp('pglite');
    try {
      const user = await other.signIn('Broken Table');
      await other.database.db.execute(sql.raw('drop table skills cascade'));
      const res = await user.get('/api/user/skills');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'Something went wrong on our side. Please try again.' });
      expect(res.body).not.toMatch(/skills|relation|at .*\.js/);
      expect(res.headers['cache-control']).toBe('no-store');
      expectBaseline(res);
    } finally {
      await other.close();
    }
  });
});

describe('response headers (https PUBLIC_URL outside production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {}, { PUBLIC_URL: 'https://referbridge.example' });
  });
  afterAll(() => t.close());

  it('sends HSTS and asks the browser to upgrade any http sub-request', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/status' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});
