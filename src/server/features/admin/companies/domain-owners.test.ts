import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminCompanyListSchema } from '../../../../shared/admin.js';
import { companies } from '../../../db/schema.js';
import { signInReferrer } from '../../../testing/referral-fixtures.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../../testing/test-app.js';

const BOSS = 'domains-boss@example.com';
/** Stripe is built in (id 4) with stripe.com. */
const STRIPE = 4;

/** Issue 46 item 3: a domain verifies one company only; the database keeps it so too. */
describe.each(testDatabases)('a domain verifies one company (%s)', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false }, { ADMIN_EMAILS: BOSS });
    admin = await t.signIn('Bo Boss', BOSS);
  });
  afterAll(() => t.close());

  async function companyNamed(name: string) {
    await signInReferrer(t, 'Rae Referrer', name);
    const found = AdminCompanyListSchema.parse(
      (await admin.get(`/api/admin/companies?q=${encodeURIComponent(name)}`)).json(),
    );
    return found.find((c) => c.name === name)!;
  }
  const domainsOf = async (id: number) =>
    (await t.database.db.select().from(companies).where(eq(companies.id, id)))[0]!.emailDomains;
  /** The database's refusal of a write, as its SQLSTATE. */
  const refusal = async (write: Promise<unknown>) => {
    const err: unknown = await write.then(
      () => undefined,
      (e: unknown) => e,
    );
    const cause = err instanceof Error && err.cause ? err.cause : err;
    return (cause as { code?: string } | undefined)?.code;
  };
  const setDomains = (id: number, emailDomains: string[]) =>
    admin.put(`/api/admin/companies/${id}`, { emailDomains });

  it('refuses a domain another company verifies with 409 naming it, or one inside or around it', async () => {
    const other = await companyNamed(`Not Stripe ${Date.now()}`);
    for (const [domains, sentence] of [
      [['stripe.com'], 'stripe.com already verifies Stripe.'],
      [['other.test', 'STRIPE.com'], 'stripe.com already verifies Stripe.'],
      [['eng.stripe.com'], 'eng.stripe.com is within stripe.com, which already verifies Stripe.'],
    ] as const) {
      const res = await setDomains(other.id, [...domains]);
      expect([res.statusCode, res.json().error], domains.join()).toEqual([409, sentence]);
    }
    expect(await domainsOf(other.id)).toEqual([]);
    expect(await domainsOf(STRIPE)).toEqual(['stripe.com']);
    // Nothing refused was written to the audit log either; a domain of its own is fine, and saving again too.
    expect((await setDomains(other.id, ['notstripe.test'])).statusCode).toBe(200);
    expect((await setDomains(other.id, ['notstripe.test', 'mail.notstripe.test'])).statusCode).toBe(200);
    expect((await setDomains(STRIPE, ['stripe.com', 'stripe.dev'])).statusCode).toBe(200);
    expect((await setDomains(other.id, ['stripe.dev'])).json()).toEqual({
      error: 'stripe.dev already verifies Stripe.',
      fieldErrors: { emailDomains: ['stripe.dev already verifies Stripe.'] },
    });
    expect((await setDomains(STRIPE, ['stripe.com'])).statusCode).toBe(200);
    // A domain around another company's: all of that company's addresses would verify here too.
    const sub = await companyNamed(`Sub Owner ${Date.now()}`);
    expect((await setDomains(sub.id, ['eng.bigco.test'])).statusCode).toBe(200);
    const around = await setDomains(other.id, ['bigco.test']);
    expect([around.statusCode, around.json().error]).toEqual([
      409,
      `bigco.test takes in eng.bigco.test, which already verifies ${sub.name}.`,
    ]);
  });

  it('so a Stripe address never verifies anyone at another company', async () => {
    const name = `Stripe Lookalike ${Date.now()}`;
    const other = await companyNamed(name);
    expect((await setDomains(other.id, ['stripe.com'])).statusCode).toBe(409);
    const impostor = await signInReferrer(t, 'Ivy Impostor', name, `ivy-${Date.now()}@stripe.com`);
    const status = await impostor.get('/api/referrer/verification');
    expect(status.json()).toMatchObject({ verified: false, companyName: name });
  });

  it('is a rule of the database: a write that shares a domain is refused whatever writes it', async () => {
    const other = await companyNamed(`Raw Writer ${Date.now()}`);
    const db = t.database.db;
    for (const domains of [['stripe.com'], ['jobs.stripe.com'], ['x.test', 'stripe.com']]) {
      const write = db.update(companies).set({ emailDomains: domains }).where(eq(companies.id, other.id));
      expect(await refusal(write), domains.join()).toBe('23505');
    }
    const clone = {
      name: 'Raw Clone',
      normalizedName: `raw clone ${Date.now()}`,
      emailDomains: ['stripe.com'],
    };
    expect(await refusal(db.insert(companies).values(clone))).toBe('23505');
    await db.execute(sql`update companies set email_domains = '{raw.test}' where id = ${other.id}`);
    expect(await domainsOf(other.id)).toEqual(['raw.test']);
  });

  it('finds a company by its id written as the console writes it, #9', async () => {
    const found = AdminCompanyListSchema.parse(
      (await admin.get(`/api/admin/companies?q=%23${STRIPE}`)).json(),
    );
    expect(found.map((c) => [c.id, c.name])).toEqual([[STRIPE, 'Stripe']]);
    expect((await admin.get('/api/admin/companies?q=%232000000000')).json()).toEqual([]);
  });

  it('keeps merging: the duplicate’s domains go with it into the company it joins', async () => {
    const dup = await companyNamed(`Dup Domains ${Date.now()}`);
    const real = await companyNamed(`Real Domains ${Date.now()}`);
    expect((await setDomains(dup.id, ['dupdomains.test'])).statusCode).toBe(200);
    expect((await setDomains(real.id, ['realdomains.test'])).statusCode).toBe(200);
    const res = await admin.post(`/api/admin/companies/${dup.id}/merge`, { intoId: real.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await domainsOf(real.id)).toEqual(['realdomains.test', 'dupdomains.test']);
  });
});
