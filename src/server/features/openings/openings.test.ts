import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_OPEN_OPENINGS,
  OPENING_ERRORS,
  OpeningListSchema,
  OpeningSchema,
  type Opening,
} from '../../../shared/openings.js';
import { CreateReferralRequestResultSchema } from '../../../shared/referrals.js';
import { AccountExportSchema } from '../../../shared/account.js';
import { normalizeCompanyName } from '../../../shared/companies.js';
import { companies, referralRequests, referrerOpenings, userBlocks } from '../../db/schema.js';
import { currentReferral } from '../../testing/handoff-fixtures.js';
import { livenessSweeper } from '../../testing/liveness-fixtures.js';
import { requestBody, setCompany, setWilling, signInReferrer } from '../../testing/referral-fixtures.js';
import { createTestApp, ORIGIN, testDatabases, type SignedIn, type TestApp } from '../../testing/test-app.js';
import { sweepOpenings } from './service.js';

const BOSS = 'boss@openings.example';

/**
 * A local Greenhouse API and careers pages on loopback, so no test reaches the internet. A Greenhouse
 * posting answers its title and location (404, closed, once told so); a page `/{company}/jobs/{n}` names its
 * company as og:site_name.
 */
const gone = new Set<string>();
/** A Greenhouse posting whose title is longer than a referrer may type. */
const LONG_ID = '777001';
const server = http.createServer((req, res) => {
  const path = req.url ?? '/';
  if (gone.has(path)) return res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
  if (path.startsWith('/v1/boards/')) {
    const id = /\/jobs\/(\d+)$/.exec(path)?.[1];
    return res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        title: id === LONG_ID ? 'Long '.repeat(80) : `Engineer ${id}`,
        location: { name: 'Berlin' },
      }),
    );
  }
  const company = decodeURIComponent(path.split('/')[1] ?? '');
  res
    .writeHead(200, { 'content-type': 'text/html' })
    .end(
      `<html><head><meta property="og:title" content="Designer"><meta property="og:site_name" content="${company}"></head></html>`,
    );
});

beforeAll(async () => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

/**
 * Issue 49 item 2 (docs/decisions/081-openings-route-to-their-referrer.md): a willing referrer posts openings
 * at their own company, at most 20; signed-in users list them; the liveness sweep and the referrer's leaving
 * close them; a request asked through one goes to its referrer first when they can take it now.
 * REFERRER_CAPACITY is 1 here, so a referrer with one open referral is full.
 */
describe.each(testDatabases)('openings posted by referrers (%s)', (kind) => {
  let t: TestApp;
  let host: string;
  let admin: SignedIn;
  let seq = 0;
  beforeAll(async () => {
    host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestApp(
      kind,
      { referralSweep: false, livenessSweep: false },
      {
        ADMIN_EMAILS: BOSS,
        REFERRER_CAPACITY: '1',
        JOB_FETCH_ALLOWED_HOSTS: host,
        GREENHOUSE_API_URL: `http://${host}`,
      },
    );
    admin = await t.signIn('Boss Admin', BOSS);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A fresh company name that is also its Greenhouse board. */
  const companyName = () => {
    seq += 1;
    return `Openco${seq}${kind}`;
  };
  const board = (company: string) => company.toLowerCase();
  let jobSeq = 0;
  const greenhouse = (company: string) => {
    jobSeq += 1;
    return `https://boards.greenhouse.io/${board(company)}/jobs/${jobSeq}`;
  };
  const post = (who: SignedIn, body: Record<string, unknown>) => who.post('/api/openings', body);
  const list = async (who: SignedIn, query = '') => {
    const res = await who.get(`/api/openings${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return OpeningListSchema.parse(res.json());
  };
  const idsOf = (items: Opening[]) => items.map((o) => o.id);
  async function posted(who: SignedIn, body: Record<string, unknown>): Promise<Opening> {
    const res = await post(who, body);
    expect(res.statusCode, res.body).toBe(201);
    return OpeningSchema.parse(res.json());
  }
  const rowsOf = (referrerId: number) =>
    t.database.db.select().from(referrerOpenings).where(eq(referrerOpenings.referrerId, referrerId));
  const openRowsOf = (referrerId: number) =>
    t.database.db
      .select()
      .from(referrerOpenings)
      .where(and(eq(referrerOpenings.referrerId, referrerId), isNull(referrerOpenings.closedAt)));
  const requestCount = async () => (await t.database.db.select().from(referralRequests)).length;

  it('posts an opening at the referrer’s own company, read from the posting, and lists it', async () => {
    const company = companyName();
    const rita = await signInReferrer(t, 'Rita Referrer', company);
    const jobUrl = greenhouse(company);
    const opening = await posted(rita, { jobUrl, note: 'Happy to chat first.' });
    expect(opening).toMatchObject({
      company: { name: company },
      title: `Engineer ${jobSeq}`,
      location: 'Berlin',
      jobUrl,
      note: 'Happy to chat first.',
      referrerFirstName: 'Rita',
      referrerVerified: false,
    });
    const seeker = await t.signIn('Sam Seeker');
    expect((await list(seeker, `?companyId=${opening.company.id}`)).items).toEqual([opening]);
    expect((await list(rita, '?mine=true')).items).toEqual([opening]);
    expect((await list(seeker, '?mine=true')).items).toEqual([]);
  });

  it('takes the referrer’s title and location over the posting’s', async () => {
    const company = companyName();
    const rita = await signInReferrer(t, 'Rita Corrects', company);
    const opening = await posted(rita, {
      jobUrl: greenhouse(company),
      title: 'Staff Engineer',
      location: 'Remote',
    });
    expect(opening).toMatchObject({ title: 'Staff Engineer', location: 'Remote', note: null });
  });

  it('keeps a title read from the posting within 200 characters', async () => {
    const company = companyName();
    const rita = await signInReferrer(t, 'Rita Long', company);
    const opening = await posted(rita, {
      jobUrl: `https://boards.greenhouse.io/${board(company)}/jobs/${LONG_ID}`,
    });
    expect(opening.title).toBe('Long '.repeat(80).trim().slice(0, 200));
  });

  it('reads the company from the posting when the URL does not say it', async () => {
    const company = companyName();
    const rita = await signInReferrer(t, 'Rita Pages', company);
    const opening = await posted(rita, { jobUrl: `http://${host}/${company}/jobs/1` });
    expect(opening).toMatchObject({ title: 'Designer', company: { name: company } });
    const elsewhere = await post(rita, { jobUrl: `http://${host}/Elsewhere%20Inc/jobs/2` });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error).toBe(OPENING_ERRORS.notYourCompany(company));
  });

  it('refuses a posting at another company with a sentence, and keeps nothing', async () => {
    const company = companyName();
    const rita = await signInReferrer(t, 'Rita Elsewhere', company);
    const res = await post(rita, { jobUrl: greenhouse('someothercompany') });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(OPENING_ERRORS.notYourCompany(company));
    expect(await rowsOf(rita.user.id)).toEqual([]);
  });

  it('answers 403 to anyone but a willing referrer, and 401 to visitors', async () => {
    const company = companyName();
    const seeker = await t.signIn('Sid Seeker');
    const res = await post(seeker, { jobUrl: greenhouse(company) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(OPENING_ERRORS.needsReferrer);
    const former = await signInReferrer(t, 'Fay Former', company);
    expect((await setWilling(former, false)).statusCode).toBe(200);
    expect((await post(former, { jobUrl: greenhouse(company) })).statusCode).toBe(403);
    for (const [method, url] of [
      ['GET', '/api/openings'],
      ['POST', '/api/openings'],
      ['DELETE', '/api/openings/1'],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: ORIGIN })).statusCode).toBe(401);
    }
    expect(await rowsOf(seeker.user.id)).toEqual([]);
    expect(await rowsOf(former.user.id)).toEqual([]);
  });

  it('refuses bad input with a sentence: a note offering money, long texts, no URL', async () => {
    const company = companyName();
    const rita = await signInReferrer(t, 'Rita Rules', company);
    const money = await post(rita, {
      jobUrl: greenhouse(company),
      note: 'I will pay you $200 for a referral',
    });
    expect(money.statusCode).toBe(400);
    expect(money.json().error).toBe(OPENING_ERRORS.notePayment);
    const cases: Record<string, unknown>[] = [
      { jobUrl: greenhouse(company), note: 'x'.repeat(501) },
      { jobUrl: greenhouse(company), title: 'x'.repeat(201) },
      { jobUrl: greenhouse(company), location: 'x'.repeat(201) },
      { jobUrl: 'not a url' },
      {},
    ];
    for (const body of cases) {
      const res = await post(rita, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    expect(await rowsOf(rita.user.id)).toEqual([]);
  });

  it(`allows ${MAX_OPEN_OPENINGS} open openings a referrer, then 409; a removed one makes room`, async () => {
    const company = companyName();
    const rita = await signInReferrer(t, 'Rita Many', company);
    const made: Opening[] = [];
    for (let i = 0; i < MAX_OPEN_OPENINGS; i += 1) {
      made.push(await posted(rita, { jobUrl: greenhouse(company), title: `Role ${i}`, location: 'Remote' }));
    }
    const res = await post(rita, { jobUrl: greenhouse(company), title: 'One more', location: 'Remote' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(OPENING_ERRORS.limit);
    expect(await rowsOf(rita.user.id)).toHaveLength(MAX_OPEN_OPENINGS);
    expect((await rita.del(`/api/openings/${made[0]!.id}`)).statusCode).toBe(200);
    await posted(rita, { jobUrl: greenhouse(company), title: 'One more', location: 'Remote' });
  });

  it('counts two posts at once one after the other: the 20th and a 21st never both open', async () => {
    const company = companyName();
    const rita = await signInReferrer(t, 'Rita Racing', company);
    for (let i = 0; i < MAX_OPEN_OPENINGS - 1; i += 1) {
      await posted(rita, { jobUrl: greenhouse(company), title: `Role ${i}`, location: 'Remote' });
    }
    const both = await Promise.all([
      post(rita, { jobUrl: greenhouse(company), title: 'Last A', location: 'Remote' }),
      post(rita, { jobUrl: greenhouse(company), title: 'Last B', location: 'Remote' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await openRowsOf(rita.user.id)).toHaveLength(MAX_OPEN_OPENINGS);
  });

  it('refuses the same posting twice while it is open', async () => {
    const company = companyName();
    const rita = await signInReferrer(t, 'Rita Twice', company);
    const jobUrl = greenhouse(company);
    await posted(rita, { jobUrl, title: 'Twice', location: null });
    const res = await post(rita, { jobUrl, title: 'Twice', location: null });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(OPENING_ERRORS.duplicate);
  });

  it('lets only its referrer remove an opening: others and unknown ids get 404', async () => {
    const company = companyName();
    const rita = await signInReferrer(t, 'Rita Owner', company);
    const rob = await signInReferrer(t, 'Rob Colleague', company);
    const opening = await posted(rita, { jobUrl: greenhouse(company), title: 'Mine', location: null });
    for (const res of [
      await rob.del(`/api/openings/${opening.id}`),
      await rob.del('/api/openings/2147483647'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(OPENING_ERRORS.noSuchOpening);
    }
    expect((await rob.del('/api/openings/abc')).statusCode).toBe(400);
    expect(await openRowsOf(rita.user.id)).toHaveLength(1);
    expect((await rita.del(`/api/openings/${opening.id}`)).json()).toEqual({ success: true });
    expect(idsOf((await list(rob, `?companyId=${opening.company.id}`)).items)).toEqual([]);
    expect((await rita.del(`/api/openings/${opening.id}`)).statusCode).toBe(404);
  });

  it('lists newest first, searches title or company, filters by company and pages by cursor', async () => {
    const company = companyName();
    const rita = await signInReferrer(t, 'Rita Lists', company);
    const a = await posted(rita, { jobUrl: greenhouse(company), title: 'Quokka Wrangler', location: null });
    const b = await posted(rita, { jobUrl: greenhouse(company), title: 'Backend Engineer', location: null });
    const c = await posted(rita, { jobUrl: greenhouse(company), title: 'Quokka Tamer', location: null });
    const seeker = await t.signIn('Lee Lister');
    const at = `companyId=${a.company.id}`;
    expect(idsOf((await list(seeker, `?${at}`)).items)).toEqual([c.id, b.id, a.id]);
    expect(idsOf((await list(seeker, `?${at}&q=quokka`)).items)).toEqual([c.id, a.id]);
    expect(idsOf((await list(seeker, `?q=${company.toUpperCase()}`)).items)).toEqual([c.id, b.id, a.id]);
    expect(idsOf((await list(seeker, `?q=${encodeURIComponent('%')}&${at}`)).items)).toEqual([]);
    const first = await list(seeker, `?${at}&limit=2`);
    expect(idsOf(first.items)).toEqual([c.id, b.id]);
    const second = await list(seeker, `?${at}&limit=2&cursor=${first.nextCursor}`);
    expect(idsOf(second.items)).toEqual([a.id]);
    expect(second.nextCursor).toBeNull();
    for (const bad of [
      '?limit=0',
      '?limit=51',
      '?cursor=abc',
      '?cursor=99999999999',
      '?companyId=x',
      '?mine=yes',
    ]) {
      const res = await seeker.get(`/api/openings${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
  });

  it('closes an opening when the liveness sweep reads its posting closed', async () => {
    const company = companyName();
    const rita = await signInReferrer(t, 'Rita Sweeps', company);
    const jobUrl = greenhouse(company);
    const opening = await posted(rita, { jobUrl, title: 'Closing soon', location: null });
    const kept = await posted(rita, { jobUrl: greenhouse(company), title: 'Stays', location: null });
    gone.add(`/v1/boards/${board(company)}/jobs/${/\d+$/.exec(jobUrl)![0]}`);
    const { at, deps, sweep } = livenessSweeper(t);
    // The referral feature's own job reader: the jobs feature's, with its pace and its guard.
    const ports = { checkPosting: deps.jobs!.check, jobCheckMs: deps.jobCheckMs };
    // Not due yet: nothing is read.
    expect(await sweepOpenings(t.database.db, ports, at(0))).toEqual({ closed: 0, unread: 0 });
    expect(idsOf((await list(rita, '?mine=true')).items)).toEqual([kept.id, opening.id]);
    // Earlier tests' openings are not due in this run: the sweep paces one reading a second per host.
    await t.database.db
      .update(referrerOpenings)
      .set({ jobNextCheckAt: at(100 * deps.jobCheckMs) })
      .where(ne(referrerOpenings.referrerId, rita.user.id));
    // The liveness sweep, an interval on, reads both and closes the one whose posting is gone.
    await sweep(deps.jobCheckMs + 1000, {
      ...deps,
      sweepOpenings: (now, signal) => sweepOpenings(t.database.db, ports, now, signal),
    });
    expect(idsOf((await list(rita, '?mine=true')).items)).toEqual([kept.id]);
    expect((await openRowsOf(rita.user.id)).map((r) => r.id)).toEqual([kept.id]);
  });

  it('closes a referrer’s openings when they stop being willing, move, are suspended or leave', async () => {
    const company = companyName();
    const seeker = await t.signIn('Vera Viewer');
    const visible = async (id: number) => idsOf((await list(seeker, `?companyId=${id}`)).items).length > 0;

    const unwilling = await signInReferrer(t, 'Una Unwilling', company);
    const u = await posted(unwilling, { jobUrl: greenhouse(company), title: 'A', location: null });
    expect(await visible(u.company.id)).toBe(true);
    expect((await setWilling(unwilling, false)).statusCode).toBe(200);
    expect(await visible(u.company.id)).toBe(false);
    expect((await setWilling(unwilling, true)).statusCode).toBe(200);
    expect(await visible(u.company.id)).toBe(false);
    expect(await openRowsOf(unwilling.user.id)).toEqual([]);

    // Not working any more: they stop being willing; the openings leave the list, and stay closed.
    const student = await signInReferrer(t, 'Stu Student', company);
    await posted(student, { jobUrl: greenhouse(company), title: 'N', location: null });
    const res0 = await student.put(`/api/users/${student.user.id}/not-working`, { notWorking: true });
    expect(res0.statusCode, res0.body).toBe(200);
    expect(await visible(u.company.id)).toBe(false);
    await setCompany(student, company);
    expect((await setWilling(student, true)).statusCode).toBe(200);
    expect(await visible(u.company.id)).toBe(false);
    expect(await openRowsOf(student.user.id)).toEqual([]);

    const mover = await signInReferrer(t, 'Mo Mover', company);
    await posted(mover, { jobUrl: greenhouse(company), title: 'B', location: null });
    await setCompany(mover, companyName());
    expect(await visible(u.company.id)).toBe(false);
    expect(await openRowsOf(mover.user.id)).toEqual([]);

    const suspended = await signInReferrer(t, 'Sue Suspended', company);
    await posted(suspended, { jobUrl: greenhouse(company), title: 'C', location: null });
    const res = await admin.post(`/api/admin/users/${suspended.user.id}/suspend`, { reason: 'Checking' });
    expect(res.statusCode).toBe(200);
    expect(await visible(u.company.id)).toBe(false);
    expect(await openRowsOf(suspended.user.id)).toEqual([]);

    const leaver = await signInReferrer(t, 'Lou Leaver', company);
    await posted(leaver, { jobUrl: greenhouse(company), title: 'D', location: null });
    const deleted = await leaver.browser.request({
      method: 'DELETE',
      url: '/api/user',
      headers: { ...ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ confirmEmail: leaver.user.email }),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await visible(u.company.id)).toBe(false);
    expect(await rowsOf(leaver.user.id)).toEqual([]);
  });

  it('moves openings with a company an admin merges into another, and exports them', async () => {
    const dup = companyName();
    const rita = await signInReferrer(t, 'Rita Merged', dup);
    const opening = await posted(rita, { jobUrl: greenhouse(dup), title: 'Merged', location: null });
    const keptName = companyName();
    const [kept] = await t.database.db
      .insert(companies)
      .values({ name: keptName, normalizedName: normalizeCompanyName(keptName), listed: true })
      .returning({ id: companies.id });
    const res = await admin.post(`/api/admin/companies/${opening.company.id}/merge`, { intoId: kept!.id });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list(rita, '?mine=true')).items).toEqual([
      { ...opening, company: { id: kept!.id, name: keptName } },
    ]);
    const exported = AccountExportSchema.parse((await rita.get('/api/user/export')).json());
    expect(exported.openings).toEqual([
      {
        companyName: keptName,
        title: 'Merged',
        location: 'Berlin',
        jobUrl: opening.jobUrl,
        note: null,
        postedAt: expect.any(String),
        closedAt: null,
      },
    ]);
  });

  describe('a request asked through an opening', () => {
    /** Two referrers at a fresh company; the first ranks first in matching, the second posts an opening. */
    async function world() {
      const company = companyName();
      const first = await signInReferrer(t, 'Fiona First', company);
      const second = await signInReferrer(t, 'Oscar Opening', company);
      const opening = await posted(second, { jobUrl: greenhouse(company), title: 'Via', location: null });
      const seeker = await t.signIn('Asha Asker');
      return { company, first, second, opening, seeker };
    }
    const askThrough = async (seeker: SignedIn, opening: Opening, openingId: unknown = opening.id) =>
      seeker.post(
        '/api/referral-requests',
        requestBody({ companyId: opening.company.id, jobUrl: opening.jobUrl, openingId }),
      );
    const referrerOf = async (t: TestApp, res: { statusCode: number; body: string; json(): unknown }) => {
      expect(res.statusCode, res.body).toBe(201);
      const id = CreateReferralRequestResultSchema.parse(res.json()).id;
      return (await currentReferral(t, id))?.referrerId;
    };

    it('goes to the opening’s referrer first, where matching alone would pick another', async () => {
      const w = await world();
      expect(await referrerOf(t, await askThrough(w.seeker, w.opening))).toBe(w.second.user.id);
      const other = await t.signIn('Noor NoOpening');
      const plain = await other.post(
        '/api/referral-requests',
        requestBody({ companyId: w.opening.company.id }),
      );
      expect(await referrerOf(t, plain)).toBe(w.first.user.id);
    });

    it('goes to matching when the opening’s referrer is full', async () => {
      const w = await world();
      const before = await t.signIn('Bea Before');
      expect(await referrerOf(t, await askThrough(before, w.opening))).toBe(w.second.user.id);
      expect(await referrerOf(t, await askThrough(w.seeker, w.opening))).toBe(w.first.user.id);
    });

    it('goes to matching when the opening’s referrer is paused', async () => {
      const w = await world();
      const until = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
      const res = await w.second.put('/api/user/settings', { referralsPausedUntil: until });
      expect(res.statusCode, res.body).toBe(200);
      expect(await referrerOf(t, await askThrough(w.seeker, w.opening))).toBe(w.first.user.id);
    });

    it('goes to matching when the opening’s referrer is at their monthly cap, though they have room', async () => {
      const w = await world();
      const capped = await w.second.put('/api/user/settings', { monthlyReferralCap: 1 });
      expect(capped.statusCode, capped.body).toBe(200);
      const before = await t.signIn('Cal Capped');
      const res = await askThrough(before, w.opening);
      expect(await referrerOf(t, res)).toBe(w.second.user.id);
      // Withdrawn: a free slot again, but this month's one assignment is spent.
      const id = CreateReferralRequestResultSchema.parse(res.json()).id;
      expect((await before.post(`/api/referral-requests/${id}/withdraw`)).statusCode).toBe(200);
      expect(await referrerOf(t, await askThrough(w.seeker, w.opening))).toBe(w.first.user.id);
    });

    it('goes to matching when a block stands between the two', async () => {
      const w = await world();
      await t.database.db
        .insert(userBlocks)
        .values({ blockerId: w.second.user.id, blockedId: w.seeker.user.id });
      expect(await referrerOf(t, await askThrough(w.seeker, w.opening))).toBe(w.first.user.id);
    });

    it('goes to matching when the opening’s referrer is gone', async () => {
      const w = await world();
      expect((await setWilling(w.second, false)).statusCode).toBe(200);
      expect(await referrerOf(t, await askThrough(w.seeker, w.opening))).toBe(w.first.user.id);
    });

    it('refuses an unknown opening, or one at another company, and keeps nothing', async () => {
      const w = await world();
      const count = await requestCount();
      const unknown = await askThrough(w.seeker, w.opening, 2_147_483_647);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toBe(OPENING_ERRORS.noSuchOpening);
      const elsewhere = await w.seeker.post(
        '/api/referral-requests',
        requestBody({ companyId: 1, openingId: w.opening.id }),
      );
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().error).toBe(OPENING_ERRORS.otherCompany);
      for (const openingId of [0, -1, 'x', 1.5]) {
        expect((await askThrough(w.seeker, w.opening, openingId)).statusCode).toBe(400);
      }
      expect(await requestCount()).toBe(count);
    });
  });
});

describe.each(testDatabases)('posting openings is limited per user (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { referralSweep: false, livenessSweep: false },
      { JOB_PREVIEW_RATE_LIMIT: '2' },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 with a sentence past JOB_PREVIEW_RATE_LIMIT posts a minute, and keeps nothing', async () => {
    const company = `Ratelimited${kind}`;
    const rita = await signInReferrer(t, 'Rita Rapid', company);
    const body = (n: number) => ({
      jobUrl: `https://boards.greenhouse.io/${company.toLowerCase()}/jobs/${n}`,
      title: `Role ${n}`,
      location: null,
    });
    expect((await rita.post('/api/openings', body(1))).statusCode).toBe(201);
    expect((await rita.post('/api/openings', body(2))).statusCode).toBe(201);
    const res = await rita.post('/api/openings', body(3));
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatch(/^[A-Z].*\.$/);
    const rows = await t.database.db
      .select()
      .from(referrerOpenings)
      .where(eq(referrerOpenings.referrerId, rita.user.id));
    expect(rows.map((r) => r.title).sort()).toEqual(['Role 1', 'Role 2']);
    // Reading is not limited by it.
    expect((await rita.get('/api/openings?mine=true')).statusCode).toBe(200);
  });
});
