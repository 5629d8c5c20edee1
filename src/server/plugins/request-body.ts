import type { FastifyInstance } from 'fastify';
import { hasForbiddenCharacters } from '../../shared/text.js';
import { AppError, badRequest } from '../lib/errors.js';

/** Deeper than any payload of ours; deep enough nesting overflows the stack of whatever walks it. */
const MAX_JSON_DEPTH = 32;

/** Walks a parsed JSON value without recursion: the depth check must not overflow on what it checks. */
function checkJson(value: unknown): AppError | undefined {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (hasForbiddenCharacters(v))
        return badRequest('The request contains characters that cannot be stored.');
    } else if (v !== null && typeof v === 'object') {
      if (depth >= MAX_JSON_DEPTH) return badRequest('The request body is nested too deeply.');
      for (const [key, child] of Object.entries(v)) {
        if (hasForbiddenCharacters(key))
          return badRequest('The request contains characters that cannot be stored.');
        stack.push({ value: child, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

/**
 * Request bodies: uncompressed, and JSON only (multipart where a route opts in), so a cross-site HTML form
 * can produce none of them; JSON is bounded in depth and holds only text the database can store.
 */
export function registerRequestBodies(app: FastifyInstance): void {
  // A compressed body would be inflated past the body limit (a 20 MB gzip bomb stalled the server), so it
  // is refused before a byte of it is read. Browsers never compress what they send.
  app.addHook('onRequest', async (request) => {
    const encoding = request.headers['content-encoding'];
    if (encoding === undefined) return;
    const codings = encoding.split(',').map((c) => c.trim().toLowerCase());
    if (codings.some((c) => c !== 'identity' && c !== '')) {
      throw new AppError(415, 'Compressed request bodies are not accepted; send the body uncompressed.');
    }
  });

  app.removeContentTypeParser(['text/plain']);
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, (err, parsed) => {
      if (err) return done(err);
      const problem = checkJson(parsed);
      return problem ? done(problem) : done(null, parsed);
    });
  });
}
