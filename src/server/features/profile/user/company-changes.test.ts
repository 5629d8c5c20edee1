import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CompanySummarySchema, normalizeCompanyName } from '../../../../shared/companies.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../../testing/test-app.js';
import { TOO_MANY_COMPANY_CHANGES } from './user-routes.js';

describe.each(testDatabases)('current-company changes (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const setCompany = (who: SignedIn, companyName: string) =>
    who.put(`/api/users/${who.user.id}/current-company`, { companyName });
  const companyNames = async (who: SignedIn) =>
    z
      .array(CompanySummarySchema)
      .parse((await who.get('/api/companies')).json())
      .map((c) => normalizeCompanyName(c.name));

  it('keeps only the company a user names now, not every one they passed through', async () => {
    const who = await t.signIn('Company Hopper');
    const names = ['Hop One Ltd', 'Hop Two Ltd', 'Hop Three Ltd', 'Hop Four Ltd', 'hop  FIVE ltd '];
    for (const name of names) expect((await setCompany(who, name)).statusCode).toBe(200);
    const listed = (await companyNames(who)).filter((n) => n.startsWith('hop '));
    expect(listed).toEqual(['hop five ltd']);
  });

  it('keeps a company while another user still names it, in any spelling', async () => {
    const ann = await t.signIn('Ann');
    const ben = await t.signIn('Ben');
    await setCompany(ann, 'Shared  Startup');
    await setCompany(ben, ' shared startup ');
    await setCompany(ann, 'Ann Solo Co');
    expect(await companyNames(ann)).toContain('shared startup');
    await setCompany(ben, 'Ben Solo Co');
    expect(await companyNames(ann)).not.toContain('shared startup');
  });

  it('never removes a seeded employer', async () => {
    const who = await t.signIn('Seeded Leaver');
    for (const name of ['infosys', 'Google', 'Leaver Own Co']) {
      expect((await setCompany(who, name)).statusCode).toBe(200);
    }
    const listed = await companyNames(who);
    expect(listed).toEqual(expect.arrayContaining(['infosys', 'google', 'leaver own co']));
  });

  it('answers the 11th change within a minute with 429 and a sentence', async () => {
    const who = await t.signIn('Rapid Changer');
    const codes: number[] = [];
    for (let i = 1; i <= 10; i += 1) codes.push((await setCompany(who, `Rapid ${i} Inc`)).statusCode);
    expect(codes).toEqual(Array(10).fill(200));
    const eleventh = await setCompany(who, 'Rapid 11 Inc');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({ error: TOO_MANY_COMPANY_CHANGES });
    // The limit is per user: someone else is not held back.
    const other = await t.signIn('Calm Changer');
    expect((await setCompany(other, 'Calm Co')).statusCode).toBe(200);
  });

  it('leaves no orphan when many users leave and join the same company at once', async () => {
    const people = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => t.signIn(`Swapper ${i}`)));
    await Promise.all(people.map((p) => setCompany(p, 'Swap Alpha')));
    const res = await Promise.all(
      people.map((p, i) => setCompany(p, i % 2 === 0 ? 'Swap Beta' : 'Swap Alpha Two')),
    );
    expect(res.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const listed = await companyNames(people[0]!);
    expect(listed).not.toContain('swap alpha');
    expect(listed).toEqual(expect.arrayContaining(['swap beta', 'swap alpha two']));
  });
});
