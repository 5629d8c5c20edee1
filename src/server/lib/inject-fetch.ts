import type { FastifyInstance, InjectOptions } from 'fastify';
import type { CustomFetch } from 'openid-client';

/**
 * A fetch that answers from this same app in-process. The relying party uses it to talk to the embedded
 * identity provider, so sign-in works without the server calling itself over the network.
 */
export function injectFetch(app: FastifyInstance, extraHeaders: Record<string, string> = {}): CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const body = options.body;
    const res = await app.inject({
      method: options.method as InjectOptions['method'],
      url: target.pathname + target.search,
      headers: {
        ...options.headers,
        ...extraHeaders,
        host: target.host,
        'x-forwarded-proto': target.protocol.slice(0, -1),
      },
      payload: typeof body === 'string' || body instanceof URLSearchParams ? body.toString() : undefined,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (typeof value === 'number') headers.set(name, String(value));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };
}
