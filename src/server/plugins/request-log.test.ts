import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { RequestLog, SLOW_REQUEST_MS } from './request-log.js';

interface Line {
  level: number;
  msg: string;
  res?: { statusCode: number };
  req?: { method: string; url: string };
}

async function appLoggingAt(level: 'info' | 'debug') {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Line);
      done();
    },
  });
  const app = Fastify({ loggerInstance: pino({ level }, stream), logController: new RequestLog() });
  app.get('/fast', async () => ({ ok: true }));
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, SLOW_REQUEST_MS + 50));
    return { ok: true };
  });
  app.get('/broken', async () => {
    throw new Error('boom');
  });
  return { app, lines };
}

const INFO = 30;
const DEBUG = 20;

describe('request log', () => {
  it('writes nothing at info for a fast success, and one debug line when debug is on', async () => {
    const quiet = await appLoggingAt('info');
    expect((await quiet.app.inject({ url: '/fast' })).statusCode).toBe(200);
    expect(quiet.lines).toEqual([]);

    const chatty = await appLoggingAt('debug');
    await chatty.app.inject({ url: '/fast' });
    expect(chatty.lines).toMatchObject([
      {
        level: DEBUG,
        msg: 'request completed',
        req: { method: 'GET', url: '/fast' },
        res: { statusCode: 200 },
      },
    ]);
  });

  it('logs refusals, failures and slow answers at info or above, one line each', async () => {
    const { app, lines } = await appLoggingAt('info');
    await app.inject({ url: '/missing' });
    await app.inject({ url: '/slow' });
    await app.inject({ url: '/broken' });
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(completed.map((l) => [l.req?.url, l.res?.statusCode, l.level >= INFO])).toEqual([
      ['/missing', 404, true],
      ['/slow', 200, true],
      ['/broken', 500, true],
    ]);
    expect(lines.some((l) => l.msg === 'incoming request')).toBe(false);
  });
});
