/**
 * Two (and four) real app processes on one PostgreSQL database and one Redis, as behind a load balancer
 * without sticky sessions (docs/deploy.md). Every instance is told the same PUBLIC_URL and
 * SESSION_SECRET; the test client (./instances-helpers.ts) sends each request to the instance it chooses
 * and maps PUBLIC_URL redirects back to it (the sign-in flow runs on one instance, whose dev provider keeps
 * its interaction in memory; the session it makes is then used on the other).
 *
 * Two pairs start at the same moment, each on an empty database: A/B for everything that needs signed-in
 * users (REFERRER_CAPACITY=3), and limit-A/limit-B with AUTH_RATE_LIMIT=6, because one sign-in alone
 * spends about six requests of the sign-in budget and would leave nothing to count.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, type StreamEvent } from '../../src/server/testing/event-stream';
import { REFERRAL_REQUEST_ERRORS } from '../../src/shared/referral-texts';
import { ensureBuild, root } from '../../scripts/ensure-build.mjs';
import {
  Client,
  createDatabase,
  eventually,
  spawnInstance,
  waitForHealth,
  type Instance,
} from './instances-helpers';

const { TEST_DATABASE_URL, TEST_REDIS_URL, CI } = process.env;
const missing = !TEST_DATABASE_URL || !TEST_REDIS_URL;
if (missing && CI) {
  throw new Error(
    'CI=true but TEST_DATABASE_URL or TEST_REDIS_URL is not set: the instances suite must run.',
  );
}
if (missing) {
  console.warn(
    '\n[e2e] SKIPPED: tests/e2e/instances.test.ts needs TEST_DATABASE_URL and TEST_REDIS_URL. ' +
      'Several instances on one database did not run.\n',
  );
}

const SECRET = `instances-${randomUUID()}-${randomUUID()}`;
const CAPACITY = 3;
const AUTH_LIMIT = 6;

type Db = Awaited<ReturnType<typeof createDatabase>>;

describe.skipIf(missing)('two instances on one PostgreSQL and one Redis', () => {
  let main: Db;
  let limited: Db;
  let a: Instance;
  let b: Instance;
  let limitA: Instance;
  let limitB: Instance;
  const instances: Instance[] = [];
  let failed = false;
  let seq = 0;

  const email = (who: string) => `${who}-${++seq}-${randomUUID().slice(0, 8)}@example.com`;
  async function signedIn(on: Instance, who: string): Promise<{ client: Client; id: number }> {
    const client = new Client(on);
    return { client, id: await client.signIn(email(who), `${who} Person`) };
  }
  async function referrer(on: Instance, who: string, company: string) {
    const r = await signedIn(on, who);
    expect(
      (await r.client.json('PUT', `/api/users/${r.id}/current-company`, { companyName: company })).status,
    ).toBe(200);
    const willing = await r.client.json('PUT', `/api/users/${r.id}/willingness-to-give-referrals`, {
      isWilling: true,
    });
    expect(willing.status).toBe(200);
    return r;
  }
  const requestBody = (company: string) => ({
    jobUrl: `https://jobs.example.com/${randomUUID()}`,
    position: 'Software Engineer',
    message: '',
    detectedCompanyName: company,
  });

  beforeAll(async () => {
    await ensureBuild();
    [main, limited] = await Promise.all([
      createDatabase(TEST_DATABASE_URL!),
      createDatabase(TEST_DATABASE_URL!),
    ]);
    const shared = (db: Db, extra: Record<string, string>) => ({
      DATABASE_URL: db.url,
      REDIS_URL: TEST_REDIS_URL!,
      REDIS_KEY_PREFIX: `referbridge-e2e-${db.name}:`,
      SESSION_SECRET: SECRET,
      ...extra,
    });
    const mainEnv = shared(main, { REFERRER_CAPACITY: String(CAPACITY), AUTH_RATE_LIMIT: '10000' });
    const limitEnv = shared(limited, { AUTH_RATE_LIMIT: String(AUTH_LIMIT) });
    // All four at the same moment, each pair on an empty database: both of a pair migrate at once.
    [a, b, limitA, limitB] = await Promise.all([
      spawnInstance('A', mainEnv),
      spawnInstance('B', mainEnv),
      spawnInstance('limit-A', limitEnv),
      spawnInstance('limit-B', limitEnv),
    ]);
    instances.push(a, b, limitA, limitB);
    await Promise.all(instances.map((i) => waitForHealth(i)));
  });

  afterAll(async () => {
    if (failed) {
      for (const i of instances) console.error(`\n----- ${i.name} output -----\n${i.output()}`);
    }
    await Promise.all(instances.map((i) => i.stop()));
    await Promise.all([main?.drop(), limited?.drop()]);
  });

  /** Marks the suite failed (children's output printed in afterAll) when `body` throws. */
  const check = (name: string, body: () => Promise<void>) =>
    it(name, async () => {
      try {
        await body();
      } catch (err) {
        failed = true;
        throw err;
      }
    });

  check(
    'two pairs started at the same moment on empty databases all come up, migrated and seeded once',
    async () => {
      for (const i of instances) expect((await fetch(`${i.baseUrl}/readyz`)).status, i.name).toBe(200);
      const journal = JSON.parse(fs.readFileSync(path.join(root, 'drizzle/meta/_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      for (const db of [main, limited]) {
        const [migrations = { n: '0' }] = await db.query<{ n: string }>(
          'select count(*) as n from drizzle.__drizzle_migrations',
        );
        expect(Number(migrations.n)).toBe(journal.entries.length);
        const [companies = { n: '0', names: '0' }] = await db.query<{ n: string; names: string }>(
          'select count(*) as n, count(distinct normalized_name) as names from companies',
        );
        expect(Number(companies.n)).toBeGreaterThan(0);
        expect(companies.names).toBe(companies.n);
      }
    },
  );

  check('a session made on A works on B', async () => {
    const { client, id } = await signedIn(a, 'session');
    const status = (await (await client.on(b).request('/auth/status')).json()) as {
      isAuthenticated: boolean;
      user: { id: number } | null;
    };
    expect(status.isAuthenticated).toBe(true);
    expect(status.user?.id).toBe(id);
  });

  check('a resume uploaded through A downloads through B, byte for byte', async () => {
    const { client } = await signedIn(a, 'resume');
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(randomUUID().repeat(200))]);
    const form = new FormData();
    form.append('resume', new Blob([bytes], { type: 'application/pdf' }), 'cv.pdf');
    const upload = await client.request('/api/user/resume', { method: 'POST', body: form });
    expect(upload.status, await upload.clone().text()).toBeLessThan(300);
    const onB = client.on(b);
    const active = await onB.request('/api/user/resume/active');
    expect(active.status).toBe(200);
    const { fileUrl } = (await active.json()) as { fileUrl: string };
    const file = await onB.request(new URL(fileUrl, 'http://x').pathname);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
  });

  check('a notification caused on A arrives on a stream held open on B within a second', async () => {
    const company = `Streamco ${randomUUID().slice(0, 8)}`;
    const held = await referrer(b, 'streamer', company);
    const stream = await openEventStream(b.baseUrl, held.client.cookieHeader());
    try {
      expect(stream.status).toBe(200);
      expect((await stream.next(2000)).event).toBe('unread-count');
      const seeker = await signedIn(a, 'seeker');
      const started = Date.now();
      const created = await seeker.client.json('POST', '/api/referral-requests', requestBody(company));
      expect(created.status).toBe(201);
      let event: StreamEvent;
      do event = await stream.next(Math.max(1, 1000 - (Date.now() - started)));
      while (event.event !== 'notification');
      expect(Date.now() - started).toBeLessThan(1000);
      expect(JSON.stringify(event.data)).toContain(company);
    } finally {
      stream.close();
    }
  });

  check('40 concurrent requests split across A and B never exceed two referrers at capacity 3', async () => {
    const company = `Capacityco ${randomUUID().slice(0, 8)}`;
    await Promise.all([referrer(a, 'cap-one', company), referrer(b, 'cap-two', company)]);
    const seekers = await Promise.all(Array.from({ length: 40 }, (_, n) => signedIn(n % 2 ? b : a, 'crowd')));
    const answers = await Promise.all(
      seekers.map(async ({ client }) => {
        const res = await client.json('POST', '/api/referral-requests', requestBody(company));
        return { status: res.status, body: (await res.json()) as { error?: string } };
      }),
    );
    const created = answers.filter((x) => x.status === 201);
    const refused = answers.filter((x) => x.status === 409);
    expect(created).toHaveLength(2 * CAPACITY);
    expect(refused).toHaveLength(40 - 2 * CAPACITY);
    for (const r of refused) expect(r.body.error).toBe(REFERRAL_REQUEST_ERRORS.capacity(company));
  });

  check(`the sign-in rate limit (${AUTH_LIMIT}/min) counts across both instances`, async () => {
    const statuses: number[] = [];
    for (let n = 0; n <= AUTH_LIMIT; n++) {
      // Starting a sign-in spends the budget (the session check has a larger one of its own).
      const res = await fetch(`${(n % 2 ? limitB : limitA).baseUrl}/auth/google`, { redirect: 'manual' });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array<number>(AUTH_LIMIT).fill(302), 429]);
  });

  check('both instances survive PostgreSQL ending all their connections while serving', async () => {
    const company = `Failoverco ${randomUUID().slice(0, 8)}`;
    const held = await referrer(b, 'failover', company);
    const seeker = await signedIn(a, 'survivor');
    // Requests in flight on both instances while every connection is ended: each answers 200 or 503.
    const burst = Promise.all(
      Array.from({ length: 20 }, async (_, n) => {
        const res = await seeker.client.on(n % 2 ? b : a).request('/api/notifications');
        await res.arrayBuffer();
        return res.status;
      }),
    );
    expect(await main.terminateConnections()).toBeGreaterThan(0);
    expect((await burst).filter((s) => s !== 200 && s !== 503)).toEqual([]);
    for (const i of [a, b]) {
      const ready = await eventually(async () => (await fetch(`${i.baseUrl}/readyz`)).status === 200, 5000);
      expect(ready, `${i.name} /readyz`).toBe(true);
      const on = seeker.client.on(i);
      const seen: number[] = [];
      const authenticated = await eventually(async () => {
        const res = await on.request('/api/notifications');
        await res.arrayBuffer();
        seen.push(res.status);
        return res.status === 200;
      }, 5000);
      // Right after the kill a request may answer 503 (the database is not answering), nothing else.
      expect(seen.filter((s) => s !== 200 && s !== 503)).toEqual([]);
      expect(authenticated, `${i.name} authenticated GET`).toBe(true);
    }
    // B's LISTEN connection was ended too: it listens again, so A's notifications still reach B's streams.
    const stream = await openEventStream(b.baseUrl, held.client.cookieHeader());
    try {
      expect(stream.status).toBe(200);
      // Each attempt assigns one more of the referrer's CAPACITY slots and so notifies them.
      let delivered = false;
      for (let attempt = 0; attempt < CAPACITY && !delivered; attempt++) {
        const res = await seeker.client.json('POST', '/api/referral-requests', requestBody(company));
        expect(res.status).toBe(201);
        const until = Date.now() + 1500;
        while (!delivered && Date.now() < until) {
          const event = await stream.next(until - Date.now()).catch(() => null);
          if (!event) break;
          delivered = event.event === 'notification';
        }
      }
      expect(delivered).toBe(true);
    } finally {
      stream.close();
    }
  });
});
