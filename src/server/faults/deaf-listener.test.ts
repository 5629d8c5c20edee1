import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../features/notifications/service.js';
import { openEventStream, type EventStream } from '../testing/event-stream.js';
import { openLookout } from '../testing/lookout.js';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app.js';
import { startTcpRelay, type TcpRelay } from './tcp-relay.js';

const adminUrl = process.env.TEST_DATABASE_URL;
const BOSS = 'boss@example.com';

/**
 * Two instances on one PostgreSQL database, the first reaching it through a relay of the test's own. Its
 * listening connection goes silent, as one a NAT or a firewall forgets does: no FIN, no RST, no error. The
 * instance notices by its own heartbeat (docs/decisions/057-listener-heartbeat.md), keeps nothing meanwhile,
 * and listens again on a fresh connection. PGlite lives inside the process and has no connection to lose.
 */
describe.skipIf(!adminUrl)('a silent listening connection (runs only when TEST_DATABASE_URL is set)', () => {
  /** Straight to PostgreSQL; where the admin acts. */
  let second: TestApp;
  /** Through the relay, with a heartbeat every second. */
  let first: TestApp;
  let relay: TcpRelay;
  let firstUrl: string;
  const streams: EventStream[] = [];

  beforeAll(async () => {
    second = await createTestApp('postgres', { referralSweep: false }, { ADMIN_EMAILS: BOSS });
    const direct = new URL(second.database.url!);
    relay = await startTcpRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
    const throughRelay = (url: string) => {
      const relayed = new URL(url);
      relayed.host = `127.0.0.1:${relay.port}`;
      return relayed.href;
    };
    first = await createTestApp(
      'postgres',
      { referralSweep: false, databaseUrl: throughRelay },
      { LISTEN_HEARTBEAT: '1s' },
      second,
    );
    firstUrl = await first.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await first?.close();
    await relay?.close();
    await second?.close();
  });

  /** The local ports of every connection listening for notifications, as PostgreSQL sees them (each
   * instance also listens for company numbers, on a connection of its own). */
  async function listenerPorts(): Promise<number[]> {
    const client = new pg.Client({ connectionString: second.database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ port: number }>(
        `select client_port as port from pg_stat_activity
          where datname = current_database() and query like 'LISTEN "referbridge_notifications"%'`,
      );
      return rows.map((row) => row.port);
    } finally {
      await client.end();
    }
  }
  async function streamOf(who: SignedIn): Promise<EventStream> {
    const stream = await openEventStream(firstUrl, who.browser.cookieHeader());
    streams.push(stream);
    expect(await stream.next()).toEqual({ event: 'unread-count', data: { count: 1 } });
    return stream;
  }
  const note = (userId: number, title: string) =>
    notify(second.database.db, { userId, title, message: 'm', type: 'test' });

  it(
    'refuses a user suspended elsewhere within seconds, then hears changes again',
    { timeout: 90_000 },
    async () => {
      const admin = await second.signIn('Bo Boss', BOSS);
      const lookout = await openLookout(first, firstUrl);
      streams.push(lookout.stream);
      const [sam, wes, nia] = [await lookout.signIn(), await lookout.signIn(), await lookout.signIn()];
      // Kept in memory on the first instance from here on: Sam's user and his bell's count.
      expect((await sam!.get('/api/user/settings')).statusCode).toBe(200);
      expect((await sam!.get('/api/notifications/unread-count')).json()).toEqual({ count: 1 });
      const heldThroughout = await streamOf(wes!);

      expect(relay.blackhole(await listenerPorts())).toBe(1);
      // Never heard by the first instance: its listener is silent.
      await note(wes!.user.id, 'Missed');
      const suspended = await admin.post(`/api/admin/users/${sam!.user.id}/suspend`, {
        reason: 'Asked for money',
      });
      expect(suspended.statusCode, suspended.body).toBe(200);

      await expect
        .poll(async () => (await sam!.get('/api/user/settings')).statusCode, {
          interval: 100,
          timeout: 30_000,
        })
        .toBe(401);
      expect((await sam!.get('/api/notifications/unread-count')).statusCode).toBe(401);

      // Listening again, it sends the streams it held throughout the count they may have missed.
      expect(await heldThroughout.next(60_000)).toEqual({ event: 'unread-count', data: { count: 2 } });
      expect(first.database.hearing?.()).toBe(true);
      const openedAfter = await streamOf(nia!);
      const forNia = await note(nia!.user.id, 'Heard');
      expect(await openedAfter.next(5000)).toEqual({ event: 'notification', data: forNia });
      expect(await openedAfter.next()).toEqual({ event: 'unread-count', data: { count: 2 } });
      const forWes = await note(wes!.user.id, 'Heard too');
      expect(await heldThroughout.next(5000)).toEqual({ event: 'notification', data: forWes });
      expect(await heldThroughout.next()).toEqual({ event: 'unread-count', data: { count: 3 } });
    },
  );
});
