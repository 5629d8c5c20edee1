import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { CompanySummarySchema, FIXED_COMPANIES, normalizeCompanyName } from '../../../shared/companies.js';
import { EMPLOYERS } from '../../../shared/employers.js';
import { companies, referrers } from '../../db/schema.js';
import { seed } from '../../db/seed.js';
import { type Browser, createTestApp, testDatabases, type TestApp } from '../../testing/test-app.js';
import { deleteCompanyIfUnreferenced } from './repo.js';
import { findOrCreateCompanyByName, releaseCompany } from './service.js';

describe.each(testDatabases)('companies (%s)', (kind) => {
  let t: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    browser = (await t.signIn('Company Reader')).browser;
  });
  afterAll(async () => {
    await t.close();
  });

  const listCompanies = async () => {
    const res = await browser.request({ method: 'GET', url: '/api/companies' });
    expect(res.statusCode).toBe(200);
    return z.array(CompanySummarySchema).parse(res.json());
  };

  it('refuses visitors', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/companies' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Please sign in to continue.' });
  });

  it('lists every seeded employer as {id, name}, ordered by name, with the fixed ids in place', async () => {
    const list = await listCompanies();
    expect(list.length).toBeGreaterThanOrEqual(EMPLOYERS.length);
    expect(Object.keys(list[0]!).sort()).toEqual(['id', 'name']);
    for (const fixed of FIXED_COMPANIES) expect(list).toContainEqual({ id: fixed.id, name: fixed.name });
    expect(list.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Tata Consultancy Services', 'Infosys', 'Wipro']),
    );
    const keys = list.map((c) => normalizeCompanyName(c.name));
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('finds an existing company by its normalised name instead of creating a second one', async () => {
    const google = await findOrCreateCompanyByName(t.database.db, '  GOOGLE ');
    expect(google).toMatchObject({ id: 1, name: 'Google' });
  });

  it('creates an unknown company once, keeping the name as typed, even under concurrent calls', async () => {
    const created = await Promise.all(
      ['Acme  Rockets', 'acme rockets', ' ACME ROCKETS ', 'Acme Rockets', 'acme   rockets'].map((n) =>
        findOrCreateCompanyByName(t.database.db, n),
      ),
    );
    expect(new Set(created.map((c) => c.id)).size).toBe(1);
    const rows = await t.database.db
      .select()
      .from(companies)
      .where(eq(companies.normalizedName, 'acme rockets'));
    expect(rows).toHaveLength(1);
    expect(created[0]!.id).toBeGreaterThan(13);
    expect((await listCompanies()).find((c) => c.id === created[0]!.id)?.name).toMatch(/^acme rockets$/i);
  });

  it('seeds idempotently: a second run adds nothing, restores a missing employer and keeps ids 1-13', async () => {
    const db = t.database.db;
    const before = await db.$count(companies);
    await seed(db);
    expect(await db.$count(companies)).toBe(before);

    await db.delete(companies).where(eq(companies.normalizedName, 'infosys'));
    await seed(db);
    expect(await db.$count(companies)).toBe(before);
    const [infosys] = await db.select().from(companies).where(eq(companies.normalizedName, 'infosys'));
    expect(infosys).toMatchObject({ name: 'Infosys', domain: 'infosys.com', website: 'https://infosys.com' });

    const fixed = await db.select().from(companies).where(eq(companies.id, 4));
    expect(fixed[0]).toMatchObject({ name: 'Stripe', isPartner: true });
    // The serial moved past every seeded id, so a new company does not collide with them.
    const fresh = await findOrCreateCompanyByName(db, 'Brand New Employer Ltd');
    expect(fresh.id).toBeGreaterThan(infosys!.id);
  });

  it('keeps a company that a referral request or a referrer record points at', async () => {
    const db = t.database.db;
    const owner = await t.signIn('Founder Fay');
    const setCompany = (companyName: string) =>
      owner.put(`/api/users/${owner.user.id}/current-company`, { companyName });
    expect((await setCompany('Tiny Widgets Co')).statusCode).toBe(200);
    const [tiny] = await db.select().from(companies).where(eq(companies.normalizedName, 'tiny widgets co'));
    const seeker = await t.signIn('Applicant Al');
    const asked = await seeker.post('/api/referral-requests', {
      jobUrl: 'https://tinywidgets.example/jobs/1',
      position: 'Engineer',
      message: '',
      companyId: tiny!.id,
    });
    expect(asked.statusCode).toBe(201);
    // The founder moves on: the company stays for the request instead of failing on its foreign key.
    expect((await setCompany('Google')).statusCode).toBe(200);
    expect(await db.$count(companies, eq(companies.id, tiny!.id))).toBe(1);
    // Nobody works there any more: it leaves the shared list and stays private to the request.
    expect((await listCompanies()).map((c) => c.name)).not.toContain('Tiny Widgets Co');

    const lone = await findOrCreateCompanyByName(db, 'Lone Referrer Inc');
    await db.insert(referrers).values({ userId: owner.user.id, companyId: lone.id });
    expect(await deleteCompanyIfUnreferenced(db, 'lone referrer inc', [])).toBe(false);
    await db.delete(referrers).where(eq(referrers.userId, owner.user.id));
    await releaseCompany(db, 'Lone Referrer Inc');
    expect(await db.$count(companies, eq(companies.id, lone.id))).toBe(0);
  });

  it('keeps a name typed on a request private to it until someone works there, and drops it with the account', async () => {
    const db = t.database.db;
    const spam = `Call +1-555-0100 to claim your referral ${kind}`;
    const seeker = await t.signIn('Spammy Sam');
    const asked = await seeker.post('/api/referral-requests', {
      jobUrl: `https://claim.example/jobs/${kind}`,
      position: 'Engineer',
      message: '',
      companyId: null,
      detectedCompanyName: spam,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const [row] = await db.select().from(companies).where(eq(companies.name, spam));
    expect(row).toMatchObject({ listed: false });
    expect((await listCompanies()).map((c) => c.name)).not.toContain(spam);
    const mine = (await seeker.get('/api/referral-requests')).json();
    expect(JSON.stringify(mine)).toContain(spam);

    // Another seeker cannot aim a request at it by id, nor does detection offer it.
    const other = await t.signIn('Other Olga');
    const byId = await other.post('/api/referral-requests', {
      jobUrl: `https://claim.example/jobs/${kind}-2`,
      position: 'Engineer',
      message: '',
      companyId: row!.id,
    });
    expect(byId.statusCode).toBe(400);

    // Someone names it as their current company: now everyone sees it; they move on: private again.
    const employee = await t.signIn('Employee Emma');
    const setCompany = (companyName: string) =>
      employee.put(`/api/users/${employee.user.id}/current-company`, { companyName });
    expect((await setCompany(spam.toUpperCase())).statusCode).toBe(200);
    expect((await listCompanies()).map((c) => c.id)).toContain(row!.id);
    expect((await setCompany('Google')).statusCode).toBe(200);
    expect((await listCompanies()).map((c) => c.id)).not.toContain(row!.id);

    // The request's last use ends with its seeker's account.
    const deleted = await seeker.browser.request({
      method: 'DELETE',
      url: '/api/user',
      headers: { origin: t.config.publicUrl, 'content-type': 'application/json' },
      payload: JSON.stringify({ confirmEmail: seeker.user.email }),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await db.$count(companies, eq(companies.id, row!.id))).toBe(0);
  });

  it("drops a user-created current company with its only employee's account", async () => {
    const db = t.database.db;
    const founder = await t.signIn('Solo Founder');
    const name = `Solo Startup ${kind}`;
    expect(
      (await founder.put(`/api/users/${founder.user.id}/current-company`, { companyName: name })).statusCode,
    ).toBe(200);
    expect((await listCompanies()).map((c) => c.name)).toContain(name);
    const deleted = await founder.browser.request({
      method: 'DELETE',
      url: '/api/user',
      headers: { origin: t.config.publicUrl, 'content-type': 'application/json' },
      payload: JSON.stringify({ confirmEmail: founder.user.email }),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await db.$count(companies, eq(companies.name, name))).toBe(0);
  });
});
