import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, ORIGIN, createTestApp, type TestApp } from '../testing/test-app.js';

/**
 * Whatever a client sends, the API answers with a 2xx or a 4xx carrying a sentence: never a 500.
 * Random JSON bodies and random id segments go to every JSON write and to the id-taking reads.
 */
describe('no input makes a 500', () => {
  let t: TestApp;
  let browser: Browser;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    const fuzz = await t.signIn('Fuzz');
    browser = fuzz.browser;
    userId = fuzz.user.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const writes = (): [string, string][] => [
    ['POST', '/api/user/experiences'],
    ['PUT', '/api/user/experiences/1'],
    ['POST', '/api/user/education'],
    ['PUT', '/api/user/education/1'],
    ['POST', '/api/user/skills'],
    ['PUT', `/api/users/${userId}/profile-status`],
    ['PUT', `/api/users/${userId}/current-company`],
    ['PUT', '/api/notifications/1/read'],
    ['PUT', '/api/notifications/read-all'],
  ];

  function expectSentence(status: number, body: string) {
    expect(status).toBeLessThan(500);
    if (status >= 400)
      expect(JSON.parse(body)).toEqual(expect.objectContaining({ error: expect.any(String) }));
  }

  it('answers random JSON bodies with 2xx or a 4xx sentence', async () => {
    for (const [method, url] of writes()) {
      await fc.assert(
        fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (body) => {
          const res = await browser.request({
            method: method as 'POST' | 'PUT',
            url,
            headers: { ...ORIGIN, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          expectSentence(res.statusCode, res.body);
        }),
        { numRuns: 25 },
      );
    }
  });

  it('answers random id segments with 2xx or a 4xx sentence', async () => {
    const segment = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('0', '-1', '1.5', '1e9', '99999999999999999999', 'NaN', '%00', '..', 'null'),
    );
    await fc.assert(
      fc.asyncProperty(segment, async (raw) => {
        const id = encodeURIComponent(raw);
        for (const [method, url] of [
          ['GET', `/api/users/${id}`],
          ['GET', `/api/users/${id}/experiences`],
          ['GET', `/api/resumes/${id}/file`],
          ['DELETE', `/api/user/skills/${id}`],
          ['DELETE', `/api/notifications/${id}`],
          ['PUT', `/api/users/${id}/profile-status`],
        ] as const) {
          const res = await browser.request({
            method,
            url,
            headers: { ...ORIGIN, 'content-type': 'application/json' },
            payload: method === 'PUT' ? '{"isCompleted":false}' : undefined,
          });
          expectSentence(res.statusCode, res.body);
        }
      }),
      { numRuns: 40 },
    );
  });
});
