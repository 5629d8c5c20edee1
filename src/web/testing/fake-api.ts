import { API_ROUTE_SCHEMAS, type ApiRouteSchemas } from '@shared/api-route-schemas';
import { API_ROUTES, type ApiRouteName } from '@shared/api-routes';
import { ApiErrorSchema } from '@shared/errors';
import { onTestFinished, vi } from 'vitest';

/**
 * Test-only: the one fake `fetch` of the web tests. It answers the routes of src/shared/api-routes.ts (and
 * another origin only where a test says how). Each answer has the route's real success status and a body
 * that must parse with the route's shared schema, so a fake cannot drift from the server. A call to a route the server does not have, or an answer the real schema
 * refuses, fails the test that made it.
 */

export interface FakeRequest {
  method: string;
  /** The path and query the web asked for. */
  url: URL;
  /** The route's `:name` parameters. */
  params: Record<string, string>;
  /** The JSON body parsed, a FormData as sent, or undefined. */
  body: unknown;
}

const ERROR = Symbol('fake API error');

interface FakeError {
  [ERROR]: true;
  status: number;
  error: string;
}

/** A refusal as the server words it: `{ error }` with a 4xx status. */
export function fakeError(status: number, error: string): FakeError {
  return { [ERROR]: true, status, error };
}

/** Answers a route's success body (checked against its schema), or a fakeError; either may come later. */
export type FakeHandler = (request: FakeRequest) => unknown;
export type FakeHandlers = Partial<Record<ApiRouteName, FakeHandler>>;

export interface RecordedCall {
  method: string;
  /** The path with its query, as the web asked for it. */
  path: string;
  body: unknown;
}

const isFakeError = (value: unknown): value is FakeError =>
  typeof value === 'object' && value !== null && ERROR in value;

/** A raw JSON Response, for `overrides`: the failures a real server or a proxy can answer. */
export const jsonResponse = (status: number, body: unknown) =>
  new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const patterns = (Object.keys(API_ROUTES) as ApiRouteName[]).map((name) => {
  const { method, path } = API_ROUTES[name];
  const keys: string[] = [];
  const source = path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    keys.push(key);
    return '([^/]+)';
  });
  return { name, method, keys, regex: new RegExp(`^${source}$`) };
});

/** The route a method and path belong to, with its parameters; undefined when the server has no such route. */
export function matchApiRoute(method: string, pathname: string) {
  for (const { name, method: routeMethod, keys, regex } of patterns) {
    const found = routeMethod === method ? regex.exec(pathname) : null;
    if (found) return { name, params: Object.fromEntries(keys.map((key, i) => [key, found[i + 1]!])) };
  }
  return undefined;
}

const schemasOf = (name: ApiRouteName): ApiRouteSchemas => API_ROUTE_SCHEMAS[name];

/** The answer a handler's result stands for, checked against the route's status and schema. */
function answer(name: ApiRouteName, result: unknown): Response {
  if (isFakeError(result)) {
    if (result.status < 400) throw new Error(`fakeError for ${name} needs a 4xx or 5xx status.`);
    return jsonResponse(result.status, ApiErrorSchema.parse({ error: result.error }));
  }
  const { status } = API_ROUTES[name];
  const schemas = schemasOf(name);
  if (schemas.response === null) return new Response(null, { status });
  if (schemas.response) schemas.response.parse(result);
  return jsonResponse(status, result);
}

/**
 * Installs the fake `fetch`: every test that meets the network uses this one. `routes` answers the app's own
 * routes by name. `overrides` answers one exact call (`'PUT /api/referrals/1001/status'`) with any Response,
 * for the failures a real server or proxy can give (a 500, an HTML 502, a malformed body); it too must name
 * a route the server has. `outside` answers calls to another origin (the analytics provider); without it
 * such a call fails the test.
 */
export function fakeApi(
  routes: FakeHandlers,
  { outside }: { outside?: (url: URL, init: RequestInit | undefined) => Response } = {},
) {
  const calls: RecordedCall[] = [];
  const overrides = new Map<string, () => Response | Promise<Response>>();
  const problems: string[] = [];
  onTestFinished(() => {
    if (problems.length) throw new Error(`The fake API was misused:\n${problems.join('\n')}`);
  });

  const handle = async (method: string, url: URL, body: unknown): Promise<Response> => {
    const route = matchApiRoute(method, url.pathname);
    if (!route)
      throw new Error(`The server has no route ${method} ${url.pathname} (src/shared/api-routes.ts).`);
    const override = overrides.get(`${method} ${url.pathname}`);
    if (override) return override();
    const bodySchema = schemasOf(route.name).body;
    if (bodySchema && !bodySchema.safeParse(body).success) {
      throw new Error(`The web sent ${route.name} a body the server refuses: ${JSON.stringify(body)}.`);
    }
    const handler = routes[route.name];
    if (!handler) throw new Error(`No fake answers ${route.name} (${method} ${url.pathname}) in this test.`);
    return answer(route.name, await handler({ method, url, params: route.params, body }));
  };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    // Relative URLs are the app's own; jsdom's location is the app's origin (plain Node has none).
    const appOrigin = globalThis.location?.origin ?? 'http://localhost';
    const url = new URL(String(input), appOrigin);
    if (url.origin !== appOrigin) {
      if (outside) return outside(url, init);
      const problem = `No fake answers ${url.href}, outside the app, in this test.`;
      problems.push(problem);
      throw new Error(problem);
    }
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    calls.push({ method, path: `${url.pathname}${url.search}`, body });
    try {
      return await handle(method, url, body);
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
      throw error;
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  /** What went wrong so far; a test that provokes a misuse on purpose empties it. */
  return { calls, overrides, fetchMock, problems };
}
