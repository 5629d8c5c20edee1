import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes, uploadResume } from '../testing/profile-fixtures.js';
import { ORIGIN, createTestApp, testDatabases, type SignedIn, type TestApp } from '../testing/test-app.js';
import { registerErrorHandling } from './errors.js';

/**
 * The multipart parser (@fastify/busboy) throws plain errors told apart only by their text. Every text it
 * can throw is read from its sources here, so a new one in an upgrade fails this file until it is sorted:
 * bytes a client sent answer 400 with a sentence; only our own misuse of the parser may stay a 500.
 */

const busboyRoot = path.dirname(createRequire(import.meta.url).resolve('@fastify/busboy/package.json'));

/** Thrown only when our code calls the parser wrongly (no options, a bad limit), never by a client's bytes. */
const OUR_MISUSE = [
  'Busboy expected an options-Object.',
  'Busboy expected an options-Object with headers-attribute.',
  'Limit X is not a valid number',
  'The needle has to be a String or a Buffer.',
  'The needle cannot be an empty String/Buffer.',
];

/** Each `new Error(…)` text in the parser's code, with X for each variable spliced into it. */
function busboyMessages(): string[] {
  const files = fs
    .readdirSync(busboyRoot, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js') && !/(^|\/)(test|bench|benchmarks|node_modules)\//.test(f));
  const messages = new Set<string>();
  for (const file of files) {
    const text = fs.readFileSync(path.join(busboyRoot, file), 'utf8');
    for (const m of text.matchAll(/new (?:Type|Range)?Error\(([^)]*)\)/g)) {
      const pieces = m[1]!.split('+').map((p) => p.trim());
      messages.add(pieces.map((p) => (/^'.*'$/.test(p) ? p.slice(1, -1) : 'X')).join(''));
    }
  }
  return [...messages].sort();
}

describe('every error text of the multipart parser', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    registerErrorHandling(app);
    app.get<{ Querystring: { message: string } }>('/throw', async (request) => {
      throw new Error(request.query.message);
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const messages = busboyMessages();

  it('is found in its sources (the reader still reads them)', () => {
    expect(messages).toEqual(expect.arrayContaining(OUR_MISUSE));
    expect(messages).toEqual(
      expect.arrayContaining([
        'Unexpected end of multipart data',
        'X terminated early due to unexpected end of multipart data',
        'Multipart: Boundary not found',
      ]),
    );
  });

  it.each(messages.filter((m) => !OUR_MISUSE.includes(m)))(
    'answers 400 with a sentence: %s',
    async (message) => {
      for (const variant of [message, message.replaceAll('X', 'Part'), message.replaceAll('X', 'Preamble')]) {
        const res = await app.inject({ method: 'GET', url: '/throw', query: { message: variant } });
        expect(res.statusCode, variant).toBe(400);
        expect(res.json()).toEqual({ error: 'The upload is malformed or incomplete. Please try again.' });
      }
    },
  );

  it.each(OUR_MISUSE)('stays a 500 when it is our own misuse: %s', async (message) => {
    const res = await app.inject({ method: 'GET', url: '/throw', query: { message } });
    expect(res.statusCode).toBe(500);
  });
});

describe.each(testDatabases)('broken resume uploads over a real connection (%s)', (kind) => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  /** Sent over HTTP, not app.inject: only a real socket ends the body the way that once made a 500. */
  async function post(who: SignedIn, boundary: string, body: string) {
    const res = await fetch(`${baseUrl}/api/user/resume`, {
      method: 'POST',
      headers: {
        ...ORIGIN,
        cookie: who.browser.cookieHeader(),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
    });
    return { status: res.status, body: (await res.json()) as unknown };
  }
  const disposition = 'Content-Disposition: form-data; name="resume"; filename="a.pdf"\r\n';

  it('answers a part cut off in its file with 400 and keeps the resume that was active', async () => {
    const who = await t.signIn('Cut Off');
    const first = await uploadResume(who, pdfBytes('kept'));
    expect(first.statusCode).toBe(201);
    for (const partType of ['', 'Content-Type: application/pdf\r\n']) {
      // The repro, several times: which of the parser's two errors comes first is a race.
      for (let i = 0; i < 5; i++) {
        const res = await post(who, 'xyz', `--xyz\r\n${disposition}${partType}\r\n%PDF-`);
        expect(res).toEqual({
          status: 400,
          body: { error: 'The upload is malformed or incomplete. Please try again.' },
        });
      }
    }
    const active = await who.get(`/api/users/${who.user.id}/resume/active`);
    expect(active.json()).toEqual(first.json());
  });

  it('answers a part named after a prototype property with 400 and a sentence', async () => {
    const who = await t.signIn('Proto Part');
    for (const name of ['__proto__', 'constructor']) {
      const part = `Content-Disposition: form-data; name="${name}"; filename="a.pdf"\r\n`;
      const res = await post(who, 'xyz', `--xyz\r\n${part}\r\n%PDF-1\r\n--xyz--\r\n`);
      expect(res).toEqual({
        status: 400,
        body: { error: 'A form field may not be named __proto__, constructor or prototype.' },
      });
    }
  });

  it('answers a boundary longer than the parser takes with 400', async () => {
    const who = await t.signIn('Long Boundary');
    const boundary = 'b'.repeat(70 * 4);
    const res = await post(who, boundary, `--${boundary}\r\n${disposition}\r\n%PDF-1\r\n--${boundary}--\r\n`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.stringMatching(/^[A-Z].*\.$/) });
  });
});
