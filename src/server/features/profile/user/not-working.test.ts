import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UserSchema, AuthStatusSchema } from '../../../../shared/auth.js';
import { CompanySummarySchema } from '../../../../shared/companies.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../../testing/test-app.js';

describe.each(testDatabases)('not working, and changing company later (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const notWorking = (who: SignedIn, value: boolean, id = who.user.id) =>
    who.put(`/api/users/${id}/not-working`, { notWorking: value });
  const setCompany = (who: SignedIn, companyName: string) =>
    who.put(`/api/users/${who.user.id}/current-company`, { companyName });
  const statusUser = async (who: SignedIn) =>
    AuthStatusSchema.parse((await who.get('/auth/status')).json()).user;
  const companyNames = async (who: SignedIn) =>
    z
      .array(CompanySummarySchema)
      .parse((await who.get('/api/companies')).json())
      .map((c) => c.name);

  it('starts out not having said, and records "not working" in the auth status', async () => {
    const student = await t.signIn('Stu Dent');
    expect(student.user).toMatchObject({ notWorking: false, currentCompanyName: null });
    const res = await notWorking(student, true);
    expect(res.statusCode).toBe(200);
    expect(UserSchema.parse(res.json())).toMatchObject({ notWorking: true, currentCompanyName: null });
    expect(await statusUser(student)).toMatchObject({ notWorking: true, currentCompanyName: null });
  });

  it('clears the current company and releases an unseeded one', async () => {
    const who = await t.signIn('Left Job');
    expect((await setCompany(who, 'Tiny Gone Startup')).statusCode).toBe(200);
    expect(await companyNames(who)).toContain('Tiny Gone Startup');
    const res = await notWorking(who, true);
    expect(res.json()).toMatchObject({ notWorking: true, currentCompanyName: null });
    expect(await companyNames(who)).not.toContain('Tiny Gone Startup');
  });

  it('stops a referrer taking new referrals', async () => {
    const who = await t.signIn('Former Referrer');
    await setCompany(who, 'Netflix');
    const willing = await who.put(`/api/users/${who.user.id}/willingness-to-give-referrals`, {
      isWilling: true,
    });
    expect(willing.json()).toMatchObject({ willingToGiveReferrals: true });
    const res = await notWorking(who, true);
    expect(res.json()).toMatchObject({ currentCompanyName: null, willingToGiveReferrals: false });
  });

  it('takes "not working" back by naming a company, or with false', async () => {
    const who = await t.signIn('Back At Work');
    await notWorking(who, true);
    const employed = await setCompany(who, 'Stripe');
    expect(employed.json()).toMatchObject({ notWorking: false, currentCompanyName: 'Stripe' });
    // A later change of company (Account Settings) is saved like the first.
    expect((await setCompany(who, 'Google')).json()).toMatchObject({ currentCompanyName: 'Google' });

    await notWorking(who, true);
    const undone = await notWorking(who, false);
    expect(undone.json()).toMatchObject({ notWorking: false, currentCompanyName: null });
  });

  it("refuses another user's account, visitors and a bad body", async () => {
    const ann = await t.signIn('Ann Other');
    const ben = await t.signIn('Ben Other');
    const res = await notWorking(ben, true, ann.user.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'You can only change your own profile.' });
    expect(await statusUser(ann)).toMatchObject({ notWorking: false });
    const bad = await ben.put(`/api/users/${ben.user.id}/not-working`, { notWorking: 'yes' });
    expect(bad.statusCode).toBe(400);
    const visitor = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${ann.user.id}/not-working`,
      headers: { origin: 'http://localhost:3999', 'content-type': 'application/json' },
      payload: JSON.stringify({ notWorking: true }),
    });
    expect(visitor.statusCode).toBe(401);
  });
});
