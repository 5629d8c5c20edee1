import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorContractProblem } from '../testing/error-contract.js';
import { bodyArbitrary, contentType, pathParam, queryArbitrary } from '../testing/fuzz-arbitraries.js';
import { signInReferrer } from '../testing/referral-fixtures.js';
import { ORIGIN, createTestApp, testDatabases, type SignedIn, type TestApp } from '../testing/test-app.js';

/**
 * Every route the app registers, fuzzed as a visitor, a seeker and a referrer: bodies shaped by the route's
 * own schema with hostile values mixed in, path parameters, query strings and content types. Each answer is
 * a 2xx/3xx, or a 4xx whose `{error}` is a sentence with nothing of the server's insides; never a 5xx.
 * FUZZ_RUNS sets the runs per route (20 by default; a few hundred finds more, slowly).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

/** Not ours to fuzz, or not answerable by inject: said why, each. */
const SKIPPED: Record<string, string> = {
  // The embedded OpenID provider (oidc-provider) exists outside production only; its own project tests it.
  '/dev-idp/*': 'third-party development provider',
  // Static files of the API docs (swagger-ui's own assets).
  '/api/docs/static/*': 'static files',
  // Never ends by design; features/notifications/stream.test.ts covers it over real HTTP.
  '/api/notifications/stream': 'an endless stream',
};
/** Would end the fuzzing actor's session or account: fuzzed as a visitor only. */
const VISITOR_ONLY = new Set(['POST /auth/logout', 'POST /auth/logout-all', 'DELETE /api/user']);

interface FuzzRoute {
  method: string;
  url: string;
  body?: z.ZodType;
  queryKeys: string[];
}

describe.each(testDatabases)('fuzzing every route (%s)', (kind) => {
  const routes: FuzzRoute[] = [];
  let t: TestApp;
  let actors: { name: string; who: SignedIn | null }[];

  beforeAll(async () => {
    t = await createTestApp(kind, {
      onRoute: (route: RouteOptions) => {
        if (SKIPPED[route.url]) return;
        const schema = route.schema as { body?: z.ZodType; querystring?: z.ZodObject } | undefined;
        for (const method of [route.method].flat()) {
          if (method === 'HEAD') continue;
          routes.push({
            method,
            url: route.url,
            body: schema?.body,
            queryKeys: Object.keys(schema?.querystring?.shape ?? {}),
          });
        }
      },
    });
    actors = [
      { name: 'visitor', who: null },
      { name: 'seeker', who: await t.signIn('Fuzzy Seeker') },
      { name: 'referrer', who: await signInReferrer(t, 'Fuzzy Referrer', 'Google') },
    ];
  });
  afterAll(() => t.close());

  it('learns the routes from the app', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  // What the fuzzer found once, kept as fixed examples so they stay fixed whatever the random seed.
  it.each([
    ['GET', '/dev-mail?to=%00', 'The address contains characters that are not allowed.'],
    ['GET', '/dev-mail/messages?to=a%00b', 'The address contains characters that are not allowed.'],
    [
      'GET',
      '/dev-idp/interaction/nope',
      'This sign-in has expired or was already finished. Close this window and sign in again.',
    ],
    ['GET', '/api/companies/-SA/stats', 'There is no such company.'],
    ['POST', '/api/user/experiences', 'The request body must be a JSON object.'],
    ['POST', '/api/referrer/verification', 'The request body has a field it does not take: "role".'],
    // PostgreSQL cannot hold a NUL in text, so the search reached the query and failed there.
    ['GET', '/api/companies/directory?q=%00', 'The search contains characters that are not allowed.'],
  ])('answers %s %s with a sentence (found by fuzzing)', async (method, url, sentence) => {
    const seeker = actors.find((a) => a.name === 'seeker')!.who!;
    const body =
      method !== 'POST'
        ? undefined
        : url.includes('verification')
          ? '{"workEmail":"me@example.com","role":"admin"}'
          : '"a string"';
    const res = await seeker.browser.request({
      method: method as 'GET',
      url,
      headers: { ...ORIGIN, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: body } : {}),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(sentence);
  });

  it(`answers ${RUNS} fuzzed requests per route with a 2xx, 3xx or a 4xx sentence, never a 5xx`, async () => {
    for (const route of routes) {
      const request = fc.record({
        // By name: a counterexample then prints the actor, not the app behind its browser.
        actor: fc.constantFrom(
          ...actors
            .filter((a) => !a.who || !VISITOR_ONLY.has(`${route.method} ${route.url}`))
            .map((a) => a.name),
        ),
        params: fc.array(pathParam, { minLength: 4, maxLength: 4 }),
        query: queryArbitrary(route.queryKeys),
        body: bodyArbitrary(route.body),
        type: contentType,
        raw: fc.boolean(),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ actor: name, params, query, body, type, raw }) => {
          const actor = actors.find((a) => a.name === name)!;
          let i = 0;
          const url = route.url.replace(/:\w+/g, () => params[i++]!) + query;
          const hasBody = !['GET', 'DELETE', 'OPTIONS'].includes(route.method) || raw;
          const payload = hasBody
            ? raw && typeof body === 'string'
              ? body
              : JSON.stringify(body)
            : undefined;
          const headers: Record<string, string> = {
            ...ORIGIN,
            ...(hasBody && type ? { 'content-type': type } : {}),
          };
          const options = {
            method: route.method as 'GET',
            url,
            headers,
            ...(payload === undefined ? {} : { payload }),
          };
          const res = actor.who ? await actor.who.browser.request(options) : await t.app.inject(options);
          const problem = errorContractProblem(res);
          if (problem) throw new Error(`${route.method} ${url} as ${actor.name}: ${problem}`);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    }
  });
});
