import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths that are the server's own, never the web app's: an unknown one answers JSON, not the app's page. */
export const isApiPath = (url: string) => /^\/(api|auth|dev-idp|dev-mail|mail|metrics)(\/|$|\?)/.test(url);

/** Whether a request no route serves gets the JSON 404 (an API path, or a write anywhere), not the page. */
export function answersNoSuchEndpoint(request: FastifyRequest): boolean {
  return (request.method !== 'GET' && request.method !== 'HEAD') || isApiPath(request.url);
}

/** The one answer of an endpoint that does not exist. */
export function noSuchEndpoint(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .status(404)
    .send({ error: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` });
}

/**
 * Before any body is read, a request no route serves, and one a route hides from its asker (`hides`: the
 * admins' routes from everyone else), get the answer of an endpoint that does not exist. Both at the same
 * point of every request, after the checks all requests pass (origin, encoding, the session), so nothing a
 * client sends tells a hidden route from a missing one (issue 46). Registered after the session is loaded.
 */
export function registerHiddenEndpoints(
  app: FastifyInstance,
  hides: (request: FastifyRequest) => boolean,
): void {
  app.addHook('onRequest', async (request, reply) => {
    if ((request.is404 && answersNoSuchEndpoint(request)) || hides(request)) {
      return noSuchEndpoint(request, reply);
    }
  });
}
