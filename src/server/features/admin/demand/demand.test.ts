import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeCompanyName } from '../../../../shared/companies.js';
import { AdminDemandPageSchema, type CompanyDemand } from '../../../../shared/demand.js';
import { companies } from '../../../db/schema.js';
import { requestBody, signInReferrer } from '../../../testing/referral-fixtures.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../../testing/test-app.js';
import { csvField, demandCsv } from './demand.js';

const BOSS = 'boss@demand.example';

/**
 * Issue 49 item 4 (docs/decisions/079-demand-figures-and-their-threshold.md): the admin's exact demand per
 * company, a page at a time and as CSV. REFERRER_CAPACITY is 2 here, so a referrer is full at two.
 */
describe.each(testDatabases)('GET /api/admin/demand (%s)', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let someone: SignedIn;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { referralSweep: false, livenessSweep: false },
      { ADMIN_EMAILS: BOSS, REFERRER_CAPACITY: '2' },
    );
    admin = await t.signIn('Boss Admin', BOSS);
    someone = await t.signIn('Sam Someone');
  });
  afterAll(async () => {
    await t.close();
  });

  async function company(name = `Demandco ${++seq}`) {
    const [row] = await t.database.db
      .insert(companies)
      .values({ name, normalizedName: normalizeCompanyName(name) })
      .returning({ id: companies.id, name: companies.name });
    return row!;
  }
  /** `n` users who exist only as rows, for requests and watches. */
  async function people(n: number, suspended = false): Promise<number[]> {
    const tag = `demand-${++seq}-`;
    const res = await t.database.db.execute(
      sql`insert into users (username, email, full_name, suspended_at)
        select ${tag} || i, ${tag} || i || '@example.com', 'Person ' || i, ${suspended ? sql`now()` : null}
        from generate_series(1, ${n}) i returning id`,
    );
    return (res as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  }
  /** A request per person at the company, with a status and (for ended ones) when it closed. */
  async function requests(companyId: number, who: number[], status: string, closedDaysAgo?: number) {
    for (const id of who) {
      const n = ++seq;
      await t.database.db.execute(
        sql`insert into referral_requests (job_seeker_id, company_id, position, job_url, normalized_job_url, status, closed_at)
          values (${id}, ${companyId}, 'Engineer', ${`https://jobs.example/d/${n}`}, ${`jobs.example/d/${n}`}, ${status},
            ${closedDaysAgo === undefined ? null : sql`now() - ${closedDaysAgo} * interval '1 day'`})`,
      );
    }
  }
  async function watches(companyId: number, who: number[]) {
    for (const id of who) {
      await t.database.db.execute(
        sql`insert into company_watches (user_id, company_id) values (${id}, ${companyId})`,
      );
    }
  }
  async function all(): Promise<CompanyDemand[]> {
    const res = await admin.get('/api/admin/demand?limit=100');
    expect(res.statusCode, res.body).toBe(200);
    return AdminDemandPageSchema.parse(res.json()).items;
  }
  const row = async (companyId: number) => (await all()).find((r) => r.companyId === companyId);

  it('answers anyone but an admin, a visitor too, as at an unknown endpoint, as the other admin routes do', async () => {
    for (const url of ['/api/admin/demand', '/api/admin/demand?format=csv']) {
      const visitor = await t.app.inject({ method: 'GET', url });
      expect(visitor.statusCode).toBe(404);
      expect(visitor.json()).toEqual({ error: 'No such endpoint: GET /api/admin/demand' });
      const refused = await someone.get(url);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ error: 'No such endpoint: GET /api/admin/demand' });
    }
  });

  it('refuses a bad limit, cursor or format with a sentence', async () => {
    const cases: [string, string][] = [
      ['limit=0', 'The limit must be a whole number from 1 to 100.'],
      ['limit=101', 'The limit must be a whole number from 1 to 100.'],
      ['limit=abc', 'The limit must be a whole number from 1 to 100.'],
      ['cursor=not!base64', 'The cursor must be the nextCursor of an earlier page.'],
      [
        `cursor=${Buffer.from('[1,2]').toString('base64url')}`,
        'The cursor must be the nextCursor of an earlier page.',
      ],
      [
        `cursor=${Buffer.from('nope').toString('base64url')}`,
        'The cursor must be the nextCursor of an earlier page.',
      ],
      ['format=xml', 'The format must be json or csv.'],
    ];
    for (const [query, sentence] of cases) {
      const res = await admin.get(`/api/admin/demand?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toContain(sentence);
    }
  });

  it('counts exactly, however small: waiting, expired unanswered in 90 days, watchers and available referrers', async () => {
    const c = await company();
    const [waitingOne] = await people(1);
    await requests(c.id, [waitingOne!], 'pending');
    const expect1 = {
      companyId: c.id,
      name: c.name,
      waiting: 1,
      expiredUnanswered: 0,
      watchers: 0,
      availableReferrers: 0,
    };
    expect(await row(c.id)).toEqual(expect1);

    // Expired in the window counts; one expired 100 days ago, a declined one and a suspended seeker's do not.
    const [e1, e2, old, declined, held] = await people(5);
    await requests(c.id, [e1!, e2!], 'expired', 10);
    await requests(c.id, [old!], 'expired', 100);
    await requests(c.id, [declined!], 'declined', 5);
    await requests(c.id, [held!], 'held');
    await requests(c.id, await people(1, true), 'pending');
    await watches(c.id, await people(2));
    expect(await row(c.id)).toEqual({ ...expect1, expiredUnanswered: 2, watchers: 2 });

    // A willing referrer takes the waiting request: it is no longer waiting, they still have room, and the
    // watches ended when they told their watchers (docs/decisions/078-a-watch-tells-once.md).
    const referrer = await signInReferrer(t, 'Rita Referrer', c.name);
    expect(await row(c.id)).toEqual({ ...expect1, waiting: 0, expiredUnanswered: 2, availableReferrers: 1 });
    // A second request fills them (capacity 2): nobody available, nothing waiting.
    const seeker = await t.signIn('Sid Seeker');
    expect((await seeker.post('/api/referral-requests', requestBody({ companyId: c.id }))).statusCode).toBe(
      201,
    );
    expect(await row(c.id)).toMatchObject({ waiting: 0, availableReferrers: 0 });
    // A third is refused then (everyone at capacity), so waiting stays as it was.
    const third = await t.signIn('Tia Third');
    expect((await third.post('/api/referral-requests', requestBody({ companyId: c.id }))).statusCode).toBe(
      409,
    );
    expect(await row(c.id)).toMatchObject({ waiting: 0, availableReferrers: 0 });
    // Not willing any more: their referrals pass on, and nobody is there.
    expect(
      (
        await referrer.put(`/api/users/${referrer.user.id}/willingness-to-give-referrals`, {
          isWilling: false,
        })
      ).statusCode,
    ).toBe(200);
    expect(await row(c.id)).toMatchObject({ availableReferrers: 0 });
  });

  it('sorts by waiting + watchers, then name, and pages by the cursor without repeating or skipping', async () => {
    const b = await company(`Sortco B ${kind}`);
    const a = await company(`Sortco A ${kind}`);
    const top = await company(`Sortco Z ${kind}`);
    const expiredOnly = await company(`Sortco E ${kind}`);
    await requests(a.id, await people(2), 'pending');
    await watches(b.id, await people(2));
    await requests(top.id, await people(2), 'pending');
    await watches(top.id, await people(1));
    await requests(expiredOnly.id, await people(1), 'expired', 1);
    const mine = [top.id, a.id, b.id, expiredOnly.id];
    const order = (await all()).map((r) => r.companyId).filter((id) => mine.includes(id));
    expect(order).toEqual([top.id, a.id, b.id, expiredOnly.id]);

    const everything = (await all()).map((r) => r.companyId);
    const paged: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await admin.get(`/api/admin/demand?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = AdminDemandPageSchema.parse(res.json());
      expect(page.items.length).toBeLessThanOrEqual(2);
      paged.push(...page.items.map((r) => r.companyId));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    expect(paged).toEqual(everything);
    expect(pages).toBe(Math.ceil(everything.length / 2));
  });

  it('answers the same page as CSV, quoting a name with a comma and a quote', async () => {
    const c = await company(`Acme, "The" Widget Co ${kind}`);
    await requests(c.id, await people(50), 'pending');
    const json = AdminDemandPageSchema.parse((await admin.get('/api/admin/demand?limit=3')).json());
    const res = await admin.get('/api/admin/demand?limit=3&format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="referbridge-demand.csv"');
    expect(res.body).toBe(demandCsv(json.items));
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('companyId,name,waiting,expiredUnanswered,watchers,availableReferrers');
    expect(lines[1]).toBe(`${c.id},"Acme, ""The"" Widget Co ${kind}",50,0,0,0`);
    expect(lines).toHaveLength(json.items.length + 2);
    expect(lines.at(-1)).toBe('');
  });
});

describe('a CSV field', () => {
  it('is left alone when plain, quoted with its quotes doubled when it must be, and never a formula', () => {
    expect(csvField('Acme')).toBe('Acme');
    expect(csvField(12)).toBe('12');
    expect(csvField('A, B')).toBe('"A, B"');
    expect(csvField('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@home')).toBe("'@home");
  });
});
