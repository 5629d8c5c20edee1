import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminAuditPageSchema,
  AdminCompanyListSchema,
  AdminCompanySchema,
} from '../../../../shared/admin.js';
import { CompanyStatsSchema } from '../../../../shared/companies.js';
import { companies, referralRequests, referrers, users } from '../../../db/schema.js';
import { ask, companyWithReferrers } from '../../../testing/handoff-fixtures.js';
import { setCompany, setWilling, signInReferrer } from '../../../testing/referral-fixtures.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../../testing/test-app.js';

const BOSS = 'boss@example.com';

/** Issue 25 item 5: the email domains that verify a company's employees, and merging a duplicate. */
describe.each(testDatabases)('admin companies (%s)', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false }, { ADMIN_EMAILS: BOSS });
    admin = await t.signIn('Bo Boss', BOSS);
  });
  afterAll(async () => {
    await t.close();
  });

  const companyIdOf = async (name: string) => {
    const found = AdminCompanyListSchema.parse(
      (await admin.get(`/api/admin/companies?q=${encodeURIComponent(name)}`)).json(),
    );
    const company = found.find((c) => c.name === name);
    expect(company, name).toBeDefined();
    return company!;
  };

  it('sets the domains that verify employees: test names accepted, free mail refused, then a code verifies', async () => {
    const name = `Acme Test ${Date.now()}`;
    const worker = await signInReferrer(t, 'Wes Worker', name);
    const company = await companyIdOf(name);
    expect(company).toMatchObject({ emailDomains: [], referrers: 1, verifiedReferrers: 0 });
    const before = await worker.post('/api/referrer/verification', { workEmail: 'wes@acme.test' });
    expect(before.statusCode).toBe(400);
    expect(before.json().error).toBe(
      `We cannot verify ${name} automatically yet: it has no known email domain.`,
    );

    const res = await admin.put(`/api/admin/companies/${company.id}`, {
      emailDomains: [' @Acme.TEST ', 'acme-labs.test', 'acme.test'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminCompanySchema.parse(res.json()).emailDomains).toEqual(['acme.test', 'acme-labs.test']);

    const wrong = await worker.post('/api/referrer/verification', { workEmail: 'wes@elsewhere.test' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(
      `Use your ${name} email address: it must end in @acme.test or @acme-labs.test (or a subdomain of it).`,
    );
    const sent = await worker.post('/api/referrer/verification', { workEmail: 'wes@eng.acme-labs.test' });
    expect(sent.statusCode, sent.body).toBe(200);

    for (const [domains, message] of [
      [['gmail.com'], /^gmail\.com gives mailboxes to anyone/],
      [['acme.test', 'mail.yahoo.com'], /^mail\.yahoo\.com gives mailboxes to anyone/],
      [['not a domain'], /^Each domain must be a domain name/],
      [['localhost'], /^Each domain must be a domain name/],
      ['acme.test', /^The email domains must be a list/],
    ] as const) {
      const refused = await admin.put(`/api/admin/companies/${company.id}`, { emailDomains: domains });
      expect(refused.statusCode, JSON.stringify(domains)).toBe(400);
      expect(refused.json().error).toMatch(message);
    }
    expect((await companyIdOf(name)).emailDomains).toEqual(['acme.test', 'acme-labs.test']);
    expect((await admin.put('/api/admin/companies/2000000000', { emailDomains: [] })).statusCode).toBe(404);

    const audit = AdminAuditPageSchema.parse((await admin.get('/api/admin/audit?limit=1')).json());
    expect(audit[0]).toMatchObject({
      action: 'company.email_domains',
      targetId: company.id,
      reason: 'acme.test, acme-labs.test',
    });
  });

  it('folds a duplicate into another in one go: requests, referrers, current company names and stats follow', async () => {
    const {
      company: realName,
      referrers: [real],
    } = await companyWithReferrers(t, 'Ria Real');
    const dupName = `${realName} Duplicate`;
    const dupReferrer = await signInReferrer(t, 'Dan Duplicate', dupName);
    const seeker = await t.signIn('Sol Seeker');
    const request = await ask(seeker, dupName);
    const real0 = await companyIdOf(realName);
    const dup = await companyIdOf(dupName);
    await admin.put(`/api/admin/companies/${dup.id}`, { emailDomains: ['dup.test'] });
    await admin.put(`/api/admin/companies/${real0.id}`, { emailDomains: ['real.test'] });

    const res = await admin.post(`/api/admin/companies/${dup.id}/merge`, { intoId: real0.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminCompanySchema.parse(res.json())).toMatchObject({
      id: real0.id,
      name: realName,
      referrers: 2,
      requests: 1,
      emailDomains: ['real.test', 'dup.test'],
    });
    const db = t.database.db;
    expect(await db.select().from(companies).where(eq(companies.id, dup.id))).toEqual([]);
    const [moved] = await db.select().from(referralRequests).where(eq(referralRequests.id, request));
    expect(moved?.companyId).toBe(real0.id);
    const [dupRow] = await db.select().from(referrers).where(eq(referrers.userId, dupReferrer.user.id));
    expect(dupRow?.companyId).toBe(real0.id);
    const [dupUser] = await db.select().from(users).where(eq(users.id, dupReferrer.user.id));
    expect(dupUser?.currentCompanyName).toBe(realName);
    const stats = await seeker.get(`/api/companies/${real0.id}/stats`);
    expect(stats.statusCode).toBe(200);
    // Both willing referrers now count at the company that stayed.
    expect(CompanyStatsSchema.parse(stats.json()).referrers).toBe(2);
    expect(real?.user.id).not.toBe(dupReferrer.user.id);

    const audit = AdminAuditPageSchema.parse((await admin.get('/api/admin/audit?limit=1')).json());
    expect(audit[0]).toMatchObject({
      action: 'company.merge',
      targetId: real0.id,
      reason: `${dupName} (#${dup.id}) merged into ${realName} (#${real0.id})`,
    });
  });

  it("keeps a merged name as the other company's: naming it later finds that company, through a second merge too", async () => {
    const { company: keptName } = await companyWithReferrers(t, 'Kim Kept');
    const goneName = `${keptName} Inc`;
    await signInReferrer(t, 'Gus Gone', goneName);
    const keptCompany = await companyIdOf(keptName);
    const gone = await companyIdOf(goneName);
    expect(
      (await admin.post(`/api/admin/companies/${gone.id}/merge`, { intoId: keptCompany.id })).statusCode,
    ).toBe(200);
    const db = t.database.db;
    const companyCount = async () => (await db.select({ id: companies.id }).from(companies)).length;
    const before = await companyCount();

    // A new employee types the old name, spelt their own way: they are saved as working at the company kept,
    // and their referrer record is there.
    const newcomer = await t.signIn('Nia Newcomer');
    const set = await setCompany(newcomer, `  ${goneName.toUpperCase()} `);
    expect(set.json().currentCompanyName).toBe(keptName);
    expect((await setWilling(newcomer, true)).statusCode).toBe(200);
    const [record] = await db.select().from(referrers).where(eq(referrers.userId, newcomer.user.id));
    expect(record?.companyId).toBe(keptCompany.id);
    // A request naming the old name goes to the company kept (and to one of its referrers).
    const seeker = await t.signIn('Sia Seeker');
    const request = await ask(seeker, goneName);
    const [asked] = await db.select().from(referralRequests).where(eq(referralRequests.id, request));
    expect(asked?.companyId).toBe(keptCompany.id);
    // Nothing of the old name came back.
    expect(await companyCount()).toBe(before);
    const list = z.array(z.object({ name: z.string() })).parse((await seeker.get('/api/companies')).json());
    expect(list.map((c) => c.name)).not.toContain(goneName);

    // Merged again, the kept company carries the old name along to the next one.
    const { company: nextName } = await companyWithReferrers(t, 'Ned Next');
    const next = await companyIdOf(nextName);
    expect(
      (await admin.post(`/api/admin/companies/${keptCompany.id}/merge`, { intoId: next.id })).statusCode,
    ).toBe(200);
    const late = await t.signIn('Lea Late');
    expect((await setCompany(late, goneName)).json().currentCompanyName).toBe(nextName);
    expect((await setCompany(late, keptName)).json().currentCompanyName).toBe(nextName);
  });

  it('refuses merging a company into itself, into nothing, or a built-in employer away; nothing moves', async () => {
    const name = `Lonely Co ${Date.now()}`;
    await signInReferrer(t, 'Lo Lonely', name);
    const lonely = await companyIdOf(name);
    const self = await admin.post(`/api/admin/companies/${lonely.id}/merge`, { intoId: lonely.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe('A company cannot be merged into itself.');
    const nowhere = await admin.post(`/api/admin/companies/${lonely.id}/merge`, { intoId: 2_000_000_000 });
    expect(nowhere.statusCode).toBe(404);
    const google = await companyIdOf('Google');
    const builtIn = await admin.post(`/api/admin/companies/${google.id}/merge`, { intoId: lonely.id });
    expect(builtIn.statusCode).toBe(409);
    expect(builtIn.json().error).toBe(
      'Google is one of the built-in employers: merge the other company into it instead.',
    );
    expect((await companyIdOf('Google')).id).toBe(google.id);
    expect((await companyIdOf(name)).referrers).toBe(1);
    const bad = await admin.post(`/api/admin/companies/${lonely.id}/merge`, { intoId: '7' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('The company to merge into must be a company id.');
  });

  it('counts as verified only referrers whose verification has not lapsed, as the directory does', async () => {
    const name = `Lapse Test ${Date.now()}`;
    const current = await signInReferrer(t, 'Cora Current', name);
    const lapsed = await signInReferrer(t, 'Lars Lapsed', name);
    const verifiedAt = (who: SignedIn, at: Date) =>
      t.database.db
        .update(referrers)
        .set({ isVerified: true, verificationMethod: 'work-email', verifiedAt: at })
        .where(eq(referrers.userId, who.user.id));
    await verifiedAt(current, new Date(Date.now() - 30 * 86_400_000));
    // Verified 400 days ago: VERIFICATION_TTL (365 days) has run out.
    await verifiedAt(lapsed, new Date(Date.now() - 400 * 86_400_000));
    const company = await companyIdOf(name);
    expect(company).toMatchObject({ referrers: 2, verifiedReferrers: 1 });
    // The same in what a change answers (the busiest companies' list is checked against the same rule below).
    const changed = await admin.put(`/api/admin/companies/${company.id}`, { emailDomains: ['lapse.test'] });
    expect(AdminCompanySchema.parse(changed.json())).toMatchObject({ referrers: 2, verifiedReferrers: 1 });
    const stats = CompanyStatsSchema.parse((await admin.get(`/api/companies/${company.id}/stats`)).json());
    expect(stats).toMatchObject({ verifiedReferrers: 1 });
  });

  it('lists the busiest companies for an empty search, as counting company by company ranks them', async () => {
    const busy = `Busy Test ${Date.now()}`;
    await signInReferrer(t, 'Bea Busy', busy);
    await signInReferrer(t, 'Bo Busy', busy);
    await signInReferrer(t, 'Quin Quiet', `Quiet Test ${Date.now()}`);
    const listed = AdminCompanyListSchema.parse((await admin.get('/api/admin/companies?q=')).json());
    // The order and counts as a count per company gives them (issue 26 replaced that for the empty search).
    const { rows } = z.object({ rows: z.array(z.record(z.string(), z.unknown())) }).parse(
      await t.database.db.execute(sql`
          select c.id, c.name, c.listed, c.email_domains as "emailDomains",
            (select count(*) from referrers r where r.company_id = c.id)::int as referrers,
            (select count(*) from referrers r where r.company_id = c.id and r.is_verified
              and r.verified_at > now() - interval '365 days')::int as "verifiedReferrers",
            (select count(*) from referral_requests q where q.company_id = c.id)::int as requests
          from companies c
          order by (select count(*) from referrers r where r.company_id = c.id) desc, c.name, c.id
          limit 25`),
    );
    expect(listed).toEqual(rows);
    expect(listed.find((c) => c.name === busy)?.referrers).toBe(2);
  });
});
