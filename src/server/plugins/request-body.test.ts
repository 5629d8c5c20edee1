import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors.js';
import { registerRequestBodies } from './request-body.js';

/**
 * The request-body rules on their own, on a bare Fastify with one echoing route and no database, fast
 * enough for mutation testing (docs/quality.md). body-tampering.test.ts and hostile-input.test.ts check
 * the same rules on the real routes.
 */

const UNSTORABLE = { error: 'The request contains characters that cannot be stored.' };
const TOO_DEEP = { error: 'The request body is nested too deeply.' };
const COMPRESSED = {
  error: 'Compressed request bodies are not accepted; send the body uncompressed.',
};

// Built anew for each test, not once in a beforeAll: a mutant that breaks the registration must fail the
// tests, and vitest skips (rather than fails) the tests of a file whose beforeAll threw.
let app: FastifyInstance;
beforeEach(async () => {
  app = Fastify();
  registerErrorHandling(app);
  registerRequestBodies(app);
  app.route({
    method: ['GET', 'POST'],
    url: '/echo',
    handler: async (request) => ({ body: request.body === undefined ? 'none' : request.body }),
  });
  await app.ready();
});
afterEach(() => app.close());

const postJson = (payload: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/echo',
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });

/** `depth` arrays, one inside the other: depth 1 is `[]`. */
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('compressed bodies', () => {
  it('are refused before the body is read, whatever the coding or its case', async () => {
    for (const encoding of ['gzip', 'GZIP', 'deflate', 'br', 'identity, gzip', 'gzip, identity', 'x']) {
      const res = await postJson('{"a":1}', { 'content-encoding': encoding });
      expect(res.statusCode, encoding).toBe(415);
      expect(res.json(), encoding).toEqual(COMPRESSED);
    }
  });

  it('are refused on a read too: the header alone is enough', async () => {
    const res = await app.inject({ method: 'GET', url: '/echo', headers: { 'content-encoding': 'gzip' } });
    expect(res.statusCode).toBe(415);
  });

  it('identity, in any case and spacing, or an empty coding, is no compression', async () => {
    for (const encoding of ['identity', 'Identity', ' IDENTITY ', 'identity,', ', identity', ' , ', '']) {
      const res = await postJson('{"a":1}', { 'content-encoding': encoding });
      expect(res.statusCode, JSON.stringify(encoding)).toBe(200);
      expect(res.json(), JSON.stringify(encoding)).toEqual({ body: { a: 1 } });
    }
  });
});

describe('body types', () => {
  it('plain text is refused: a cross-site form could send it without a preflight', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'text/plain' },
      payload: '{"a":1}',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: 'This request body type is not accepted; send JSON.' });
  });

  it('JSON is parsed as it was sent', async () => {
    const body = { name: 'Ada', tags: ['a', 'b'], n: 1.5, yes: true, none: null, inner: { x: [1, {}] } };
    const res = await postJson(JSON.stringify(body));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ body });
  });

  it('an empty or blank JSON body is no body at all', async () => {
    for (const payload of ['', '   ', '\n\t ']) {
      const res = await postJson(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(200);
      expect(res.json(), JSON.stringify(payload)).toEqual({ body: 'none' });
    }
  });

  it('JSON that does not parse is a 400 in a sentence', async () => {
    for (const payload of ['{', '{"a":}', 'nope', '{"a":1}x']) {
      const res = await postJson(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toEqual({ error: 'The request body is not valid JSON.' });
    }
  });

  it('JSON that would poison a prototype is refused', async () => {
    for (const payload of ['{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}']) {
      const res = await postJson(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).not.toHaveProperty('body');
    }
  });

  it('a top-level string, number or null passes through', async () => {
    expect((await postJson('"text"')).json()).toEqual({ body: 'text' });
    expect((await postJson('7')).json()).toEqual({ body: 7 });
    expect((await postJson('null')).json()).toEqual({ body: null });
  });
});

describe('JSON depth', () => {
  it('32 levels of nesting pass, 33 are refused', async () => {
    const deepest = await postJson(nested(32));
    expect(deepest.statusCode).toBe(200);
    const tooDeep = await postJson(nested(33));
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toEqual(TOO_DEEP);
  });

  it('objects count like arrays, and a scalar at the 33rd level is fine', async () => {
    const objects = (depth: number, leaf: string) => '{"a":'.repeat(depth) + leaf + '}'.repeat(depth);
    expect((await postJson(objects(32, '1'))).statusCode).toBe(200);
    expect((await postJson(objects(32, 'null'))).statusCode).toBe(200);
    expect((await postJson(objects(32, '"x"'))).statusCode).toBe(200);
    expect((await postJson(objects(32, '{}'))).json()).toEqual(TOO_DEEP);
  });

  it('a body nested far past any stack is refused, not a crash', async () => {
    const res = await postJson(nested(100_000));
    expect(res.statusCode).toBe(400);
  });

  it('wide is not deep: many siblings at a shallow level pass', async () => {
    const wide = JSON.stringify({ list: Array.from({ length: 40 }, (_, i) => [[i]]) });
    expect((await postJson(wide)).statusCode).toBe(200);
  });
});

describe('characters the database cannot store', () => {
  it('a NUL or a lone surrogate in any value is refused', async () => {
    for (const payload of [
      '{"a":"x\\u0000y"}',
      '{"a":"\\ud800"}',
      '{"a":"\\udc00x"}',
      '"\\u0000"',
      '[["ok", "\\u0000"]]',
      '{"a":{"b":{"c":["\\ud83d"]}}}',
      '{"a":"fine","b":"\\u0000"}',
    ]) {
      const res = await postJson(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toEqual(UNSTORABLE);
    }
  });

  it('a NUL or a lone surrogate in any key is refused', async () => {
    for (const payload of ['{"a\\u0000":1}', '{"ok":{"\\ud800":1}}', '[{"\\udfff":null}]']) {
      const res = await postJson(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toEqual(UNSTORABLE);
    }
  });

  it('whole surrogate pairs and other control characters are kept', async () => {
    const res = await postJson('{"emoji":"\\ud83d\\ude00","tab":"a\\tb","\\ud83d\\ude00":1}');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ body: { emoji: '😀', tab: 'a\tb', '😀': 1 } });
  });
});
