import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../../testing/test-app.js';
import { TOO_MANY_DIRECTORY_PAGES, TOO_MANY_DIRECTORY_PAGES_SIGNED_IN } from './routes.js';

/**
 * Issue 46 item 8: each directory search is a kept answer of its own, so the directory is limited per
 * visitor's address and per signed-in account: one user's flood of unique searches stops at the limit,
 * and nobody else is slowed by it.
 */
describe.each(testDatabases)('the directory limits (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("stops one signed-in user's flood of unique searches, and leaves everyone else alone", async () => {
    const flooder = await t.signIn('Flo Flood');
    const other = await t.signIn('Otto Other');
    for (let i = 0; i < t.config.directoryRateLimit; i++) {
      const res = await flooder.get(`/api/companies/directory?q=flood${i}`);
      expect(res.statusCode, `search ${i}`).toBe(200);
    }
    const refused = await flooder.get('/api/companies/directory?q=one-more');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: TOO_MANY_DIRECTORY_PAGES_SIGNED_IN });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await other.get('/api/companies/directory?q=mine')).statusCode).toBe(200);
  });

  it("limits a visitor's address with its own sentence", async () => {
    let last = 200;
    for (let i = 0; i <= t.config.directoryVisitorRateLimit && last === 200; i++) {
      last = (
        await t.app.inject({ url: `/api/companies/directory?q=visit${i}`, remoteAddress: '203.0.113.9' })
      ).statusCode;
    }
    const refused = await t.app.inject({ url: '/api/companies/directory', remoteAddress: '203.0.113.9' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: TOO_MANY_DIRECTORY_PAGES });
  });
});
