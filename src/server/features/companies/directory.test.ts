import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CompanyDirectoryPageSchema,
  CompanyStatsSchema,
  DIRECTORY_PAGE_SIZE,
} from '../../../shared/companies.js';
import { companies, referralRequests, referrals, referrers } from '../../db/schema.js';
import { jobUrl, setWilling, signInReferrer } from '../../testing/referral-fixtures.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../testing/test-app.js';
import { directoryPageQuery, readDirectoryPage, type DirectoryPageArgs } from './stats-repo.js';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/** Issue 25 item 8: GET /api/companies/directory. */
describe.each(testDatabases)('company directory (%s)', (kind) => {
  let t: TestApp;
  let reader: SignedIn;
  /** A prefix of this run's own, so the seeded employers and other tests' companies stay out of the way. */
  const tag = `zq${randomUUID().slice(0, 6)}`;
  const name = (suffix: string) => `${tag.toUpperCase()} ${suffix}`;
  const people: SignedIn[] = [];
  let alphaId = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    reader = await t.signIn('Dora Directory');
    // Alpha: Ann (verified now), Ben (verified long ago: lapsed), Cid (paused), Dee (not willing any more).
    const ann = await signInReferrer(t, 'Ann Alpha', name('Alpha'), `ann-${tag}@alpha.example`);
    const ben = await signInReferrer(t, 'Ben Alpha', name('Alpha'), `ben-${tag}@alpha.example`);
    const cid = await signInReferrer(t, 'Cid Alpha', name('Alpha'), `cid-${tag}@alpha.example`);
    const dee = await signInReferrer(t, 'Dee Alpha', name('Alpha'), `dee-${tag}@alpha.example`);
    await setWilling(dee, false);
    const db = t.database.db;
    await db
      .update(referrers)
      .set({ isVerified: true, verifiedAt: new Date() })
      .where(eq(referrers.userId, ann.user.id));
    await db
      .update(referrers)
      .set({ isVerified: true, verifiedAt: new Date(Date.now() - 3 * 365 * DAY) })
      .where(eq(referrers.userId, ben.user.id));
    expect((await cid.put('/api/user/settings', { referralsPausedUntil: '2099-01-01' })).statusCode).toBe(
      200,
    );
    // Beta and Gamma have one willing referrer each; Delta only a paused one, Epsilon only an unwilling one.
    const bea = await signInReferrer(t, 'Bea Beta', name('Beta'));
    const gus = await signInReferrer(t, 'Gus Gamma', name('Gamma'));
    const dan = await signInReferrer(t, 'Dan Delta', name('Delta'));
    expect((await dan.put('/api/user/settings', { referralsPausedUntil: '2099-01-01' })).statusCode).toBe(
      200,
    );
    const eve = await signInReferrer(t, 'Eve Epsilon', name('Epsilon'));
    await setWilling(eve, false);
    people.push(ann, ben, cid, dee, bea, gus, dan, eve);

    // Alpha's last 90 days: three answered requests (2, 4 and 6 hours) and one passed on unanswered.
    const [alpha] = await db
      .select()
      .from(companies)
      .where(eq(companies.normalizedName, `${tag} alpha`));
    alphaId = alpha!.id;
    for (const [age, hours, status] of [
      [1, 2, 'accepted'],
      [2, 4, 'declined'],
      [3, 6, 'accepted'],
      [4, undefined, 'expired'],
    ] as const) {
      const createdAt = new Date(Date.now() - age * DAY);
      const url = jobUrl('jobs.example');
      const [request] = await db
        .insert(referralRequests)
        .values({
          jobSeekerId: reader.user.id,
          companyId: alphaId,
          position: 'Engineer',
          jobUrl: url,
          normalizedJobUrl: url,
          status,
          createdAt,
        })
        .returning();
      await db.insert(referrals).values({
        requestId: request!.id,
        referrerId: ann.user.id,
        status,
        createdAt,
        answeredAt: hours === undefined ? null : new Date(createdAt.getTime() + hours * HOUR),
      });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const page = async (who: SignedIn, query: string) => {
    const res = await who.get(`/api/companies/directory?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return { body: res.body, ...CompanyDirectoryPageSchema.parse(res.json()) };
  };

  it('lists the companies where someone can take a request now, with counts and answers as the stats say', async () => {
    const { items, nextCursor } = await page(reader, `q=${tag}`);
    expect(items.map((c) => c.name)).toEqual([name('Alpha'), name('Beta'), name('Gamma')]);
    expect(nextCursor).toBeNull();
    // Paused Cid and unwilling Dee do not count; lapsed Ben counts, but not as verified.
    expect(items[0]).toEqual({
      id: alphaId,
      name: name('Alpha'),
      referrers: 2,
      verifiedReferrers: 1,
      responseRate: 0.75,
      medianResponseHours: 4,
    });
    expect(items[1]).toMatchObject({ referrers: 1, verifiedReferrers: 0, responseRate: null });
    // The same numbers as the company's own stats.
    const stats = await reader.get(`/api/companies/${alphaId}/stats`);
    const { id: _id, name: _name, ...fromDirectory } = items[0]!;
    expect(CompanyStatsSchema.parse(stats.json())).toEqual(fromDirectory);
  });

  it('names no referrer anywhere in the answer: no name, email or id', async () => {
    const { body, items } = await page(reader, `q=${tag}`);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(
        ['id', 'medianResponseHours', 'name', 'referrers', 'responseRate', 'verifiedReferrers'].sort(),
      );
    }
    for (const who of people) {
      expect(body).not.toContain(who.user.email);
      expect(body).not.toContain(who.user.fullName);
      expect(body).not.toContain(who.user.fullName.split(' ')[0]);
      for (const item of items) expect(item.id).not.toBe(who.user.id);
    }
    expect(body).not.toMatch(/userId|referrerId|email|fullName/i);
  });

  it('finds companies by the start of their name, ignoring case and extra spaces', async () => {
    const upper = await page(reader, `q=${encodeURIComponent(`  ${tag.toUpperCase()}   be`)}`);
    expect(upper.items.map((c) => c.name)).toEqual([name('Beta')]);
    // A prefix, not anywhere in the name.
    expect(
      (await page(reader, `q=${encodeURIComponent('eta')}&limit=50`)).items.map((c) => c.name),
    ).not.toContain(name('Beta'));
    expect((await page(reader, `q=${tag}%20delta`)).items).toEqual([]);
    expect((await page(reader, `q=${tag}x`)).items).toEqual([]);
    // Underscore and percent are plain characters, not patterns.
    expect((await page(reader, `q=${tag}%25`)).items).toEqual([]);
    expect((await page(reader, `q=${tag.slice(0, 2)}_`)).items).toEqual([]);
  });

  it('pages by name with the cursor it gives, to the end', async () => {
    const first = await page(reader, `q=${tag}&limit=2`);
    expect(first.items.map((c) => c.name)).toEqual([name('Alpha'), name('Beta')]);
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const second = await page(reader, `q=${tag}&limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((c) => c.name)).toEqual([name('Gamma')]);
    expect(second.nextCursor).toBeNull();
    // Without a search, the default page of 20 and a cursor that ends somewhere.
    const all = await page(reader, '');
    expect(all.items.length).toBeLessThanOrEqual(20);
    const names = all.items.map((c) => c.name.toLowerCase());
    expect([...names].sort()).toEqual(names);
  });

  // A page of the usual size comes from a prepared statement, any other size is built per call: both read
  // the same rows for every shape of page (the whole directory or a prefix, from the start or a cursor).
  it('reads the same page through its prepared statement as built per call', async () => {
    const db = t.database.db;
    const now = new Date();
    const since = new Date(now.getTime() - 24 * 3600 * 1000);
    const rows = DIRECTORY_PAGE_SIZE + 1;
    const whole = await directoryPageQuery(db, { rows }, now, since);
    const shapes: DirectoryPageArgs[] = [
      { rows },
      { rows, after: whole.at(2)?.key ?? '' },
      { rows, prefix: tag },
      { rows, prefix: tag, after: `${tag} alpha` },
    ];
    for (const shape of shapes) {
      const prepared = await readDirectoryPage(db, shape, now, since);
      expect(prepared, JSON.stringify(shape)).toEqual(await directoryPageQuery(db, shape, now, since));
    }
    expect((await readDirectoryPage(db, { rows, prefix: tag }, now, since)).map((c) => c.name)).toEqual([
      name('Alpha'),
      name('Beta'),
      name('Gamma'),
    ]);
    expect(
      (await readDirectoryPage(db, { rows, prefix: tag, after: `${tag} alpha` }, now, since)).length,
    ).toBe(2);
  });

  it('refuses a bad limit, cursor or search with a sentence', async () => {
    for (const query of [
      'limit=0',
      'limit=51',
      'limit=1.5',
      'limit=x',
      'cursor=%2F%2F',
      'cursor=',
      `q=${'a'.repeat(101)}`,
    ]) {
      const res = await reader.get(`/api/companies/directory?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toMatch(/^[A-Z].*\.$/);
    }
    // Well-formed base64url that no page gave out (not the canonical encoding of its bytes).
    const forged = await reader.get('/api/companies/directory?cursor=_w');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toBe('The cursor must be the nextCursor of an earlier page.');
  });

  it('shows visitors the same page as signed-in users: it is public (/companies)', async () => {
    const visitor = await t.app.inject({ url: `/api/companies/directory?q=${tag}` });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['cache-control']).toBe('no-store');
    const signedIn = await page(reader, `q=${tag}`);
    expect(signedIn.items).toHaveLength(3);
    expect(CompanyDirectoryPageSchema.parse(visitor.json())).toEqual({
      items: signedIn.items,
      nextCursor: signedIn.nextCursor,
    });
  });
});
