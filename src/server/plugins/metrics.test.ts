import net from 'node:net';
import { mailOutbox } from '../db/schema.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../testing/test-app.js';
import { trackOpenStream } from './metrics.js';

const opened: TestApp[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.close()));
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const gauge = (text: string, name: string) =>
  new RegExp(`^${name}(\\{[^}]*\\})? (\\d+)$`, 'm').exec(text)?.[2];

describe.each(testDatabases)('metrics (%s)', (kind) => {
  it('are served on METRICS_PORT only, with route timings, pool, listening, outbox and open streams', async () => {
    const port = await freePort();
    const t = await createTestApp(kind, {}, { METRICS_PORT: String(port), HOST: '127.0.0.1' });
    opened.push(t);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    const scrape = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      return res.text();
    };
    let text = await scrape();
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{.*route="\/healthz".*status_code="200"/m);
    expect(gauge(text, 'referbridge_open_streams')).toBe('0');
    expect(gauge(text, 'referbridge_mail_outbox_depth')).toBe('0');
    if (kind === 'postgres') {
      expect(text).toMatch(/^referbridge_db_pool_connections\{state="total"\} \d+$/m);
      expect(gauge(text, 'referbridge_db_listening')).toBe('1');
    } else {
      expect(text).not.toMatch(/referbridge_db_pool_connections|referbridge_db_listening/);
    }

    const closeA = trackOpenStream();
    const closeB = trackOpenStream();
    closeB();
    closeB();
    const mail = { to: 'a@example.com', subject: 's', text: 't' };
    await t.database.db
      .insert(mailOutbox)
      .values([mail, mail, { ...mail, sentAt: new Date() }, { ...mail, failedAt: new Date() }]);
    text = await scrape();
    expect(gauge(text, 'referbridge_open_streams')).toBe('1');
    expect(gauge(text, 'referbridge_mail_outbox_depth')).toBe('2');
    closeA();
    expect(gauge(await scrape(), 'referbridge_open_streams')).toBe('0');
  });

  it("count each kind of kept answer's hits and misses: the bell's count read three times is one miss and two hits", async () => {
    const port = await freePort();
    const t = await createTestApp(kind, {}, { METRICS_PORT: String(port), HOST: '127.0.0.1' });
    opened.push(t);
    // Counted per process since it started (kept/counts.ts): other apps of this worker add to it.
    const counted = async (outcome: 'hit' | 'miss') => {
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      const line = new RegExp(
        `^referbridge_kept_answers_total\\{kind="unread count",outcome="${outcome}"\\} (\\d+)$`,
        'm',
      ).exec(text);
      return Number(line?.[1] ?? 0);
    };
    const browser = await t.signIn('Bell Watcher');
    const before = { hit: await counted('hit'), miss: await counted('miss') };
    for (let i = 0; i < 3; i++) {
      expect((await browser.get('/api/notifications/unread-count')).statusCode).toBe(200);
    }
    expect((await counted('miss')) - before.miss).toBe(1);
    expect((await counted('hit')) - before.hit).toBe(2);
  });
});

describe('without METRICS_PORT', () => {
  it('collects and serves nothing', async () => {
    const t = await createTestApp('pglite');
    opened.push(t);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect(t.app.hasDecorator('metrics')).toBe(false);
  });
});
