import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeCompanyName, WantedCompaniesSchema } from '../../../shared/companies.js';
import { companies } from '../../db/schema.js';
import { requestBody, signInReferrer } from '../../testing/referral-fixtures.js';
import { createTestApp, testDatabases, type TestApp } from '../../testing/test-app.js';

const MINUTE = 60_000;

/**
 * Issue 49 item 4 (docs/decisions/079-demand-figures-and-their-threshold.md): GET /api/companies/wanted names
 * up to ten listed companies where nobody can take a request, with the most waiting + watchers, each at 3 or
 * more; names only, and up to a minute old. REFERRER_CAPACITY is 1 here, so a referrer is full at one.
 */
describe.each(testDatabases)('GET /api/companies/wanted (%s)', (kind) => {
  let t: TestApp;
  let clock = new Date();
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { now: () => clock, referralSweep: false, livenessSweep: false },
      { REFERRER_CAPACITY: '1' },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  async function company(name: string, listed = true) {
    const [row] = await t.database.db
      .insert(companies)
      .values({ name, normalizedName: normalizeCompanyName(name), listed })
      .returning({ id: companies.id, name: companies.name });
    return row!;
  }
  async function people(n: number, suspended = false): Promise<number[]> {
    const tag = `wanted-${++seq}-`;
    const res = await t.database.db.execute(
      sql`insert into users (username, email, full_name, suspended_at)
        select ${tag} || i, ${tag} || i || '@example.com', 'Person ' || i, ${suspended ? sql`now()` : null}
        from generate_series(1, ${n}) i returning id`,
    );
    return (res as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  }
  async function waiting(companyId: number, n: number, suspended = false) {
    for (const id of await people(n, suspended)) {
      const k = ++seq;
      await t.database.db.execute(
        sql`insert into referral_requests (job_seeker_id, company_id, position, job_url, normalized_job_url, status)
          values (${id}, ${companyId}, 'Engineer', ${`https://jobs.example/w/${k}`}, ${`jobs.example/w/${k}`}, 'pending')`,
      );
    }
  }
  async function watchers(companyId: number, n: number) {
    for (const id of await people(n)) {
      await t.database.db.execute(
        sql`insert into company_watches (user_id, company_id) values (${id}, ${companyId})`,
      );
    }
  }
  async function wanted() {
    const res = await t.app.inject({ method: 'GET', url: '/api/companies/wanted' });
    expect(res.statusCode, res.body).toBe(200);
    // Names only: no count of any kind leaves the server.
    for (const item of res.json().items) expect(Object.keys(item).sort()).toEqual(['id', 'name']);
    return WantedCompaniesSchema.parse(res.json()).items;
  }
  const later = () => {
    clock = new Date(clock.getTime() + MINUTE);
  };

  it('names, to a visitor, only listed companies with nobody available wanted by 3 or more, and never a count', async () => {
    const two = await company(`Two ${kind}`);
    await waiting(two.id, 1);
    await watchers(two.id, 1);
    const three = await company(`Three ${kind}`);
    await waiting(three.id, 1);
    await watchers(three.id, 2);
    const suspendedOnes = await company(`Suspended ${kind}`);
    await waiting(suspendedOnes.id, 2, true);
    await watchers(suspendedOnes.id, 1);
    const unlisted = await company(`Unlisted ${kind}`, false);
    await waiting(unlisted.id, 5);
    const staffed = await company(`Staffed ${kind}`);
    await signInReferrer(t, 'Sara Staffed', staffed.name);
    await watchers(staffed.id, 5);
    // A referrer who is full (capacity 1) is nobody available, as matching judges them.
    const full = await company(`Full ${kind}`);
    await signInReferrer(t, 'Fred Full', full.name);
    const seeker = await t.signIn('Sam Seeker');
    expect(
      (await seeker.post('/api/referral-requests', requestBody({ companyId: full.id }))).statusCode,
    ).toBe(201);
    await watchers(full.id, 3);

    expect(await wanted()).toEqual([
      { id: full.id, name: full.name },
      { id: three.id, name: three.name },
    ]);
  });

  it('may be up to a minute old, then shows the change', async () => {
    later();
    const before = await wanted();
    const fresh = await company(`Fresh ${kind}`);
    await watchers(fresh.id, 4);
    expect(await wanted()).toEqual(before);
    clock = new Date(clock.getTime() + MINUTE - 1);
    expect(await wanted()).toEqual(before);
    clock = new Date(clock.getTime() + 1);
    expect((await wanted())[0]).toEqual({ id: fresh.id, name: fresh.name });
  });

  it('names ten at most, most waiting + watchers first, then by name', async () => {
    const big = [];
    for (let i = 0; i < 11; i++) {
      const c = await company(`Big ${String.fromCharCode(75 - i)} ${kind}`);
      await waiting(c.id, 10 + Math.floor(i / 2));
      big.push(c);
    }
    later();
    const items = await wanted();
    expect(items).toHaveLength(10);
    // Scores 15, 15, 14, 14, 13, 13, 12, 12, 11, 11 (and 10 left out); a tie goes by name.
    const expected = big
      .map((c, i) => ({ c, score: 10 + Math.floor(i / 2) }))
      .sort((a, b) => b.score - a.score || (a.c.name < b.c.name ? -1 : 1))
      .slice(0, 10)
      .map(({ c }) => ({ id: c.id, name: c.name }));
    expect(items).toEqual(expected);
  });
});
