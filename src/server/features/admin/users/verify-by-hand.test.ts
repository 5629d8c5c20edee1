import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminAuditPageSchema, AdminUserSchema } from '../../../../shared/admin.js';
import { companyWithReferrers } from '../../../testing/handoff-fixtures.js';
import { signInReferrer } from '../../../testing/referral-fixtures.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../../testing/test-app.js';

const BOSS = 'hand-boss@example.com';

/** Issue 46 item 3: an admin undoes a verification made by hand (DELETE /api/admin/users/{id}/verify). */
describe.each(testDatabases)('verification by hand, and its undo (%s)', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false }, { ADMIN_EMAILS: BOSS });
    admin = await t.signIn('Bo Boss', BOSS);
  });
  afterAll(() => t.close());

  const verify = (id: number) => admin.post(`/api/admin/users/${id}/verify`);
  const unverify = (id: number) => admin.del(`/api/admin/users/${id}/verify`);
  const statusOf = async (who: SignedIn) => (await who.get('/api/referrer/verification')).json();

  it('undoes a verification by hand: unverified again, audited, the console says how they were verified', async () => {
    const { referrers } = await companyWithReferrers(t, 'Hana Hand');
    const [hana] = referrers as [SignedIn];
    const verified = await verify(hana.user.id);
    expect(AdminUserSchema.parse(verified.json())).toMatchObject({
      verified: true,
      verificationMethod: 'admin',
    });
    const res = await unverify(hana.user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminUserSchema.parse(res.json())).toMatchObject({
      id: hana.user.id,
      verified: false,
      verificationMethod: null,
    });
    expect(await statusOf(hana)).toMatchObject({ verified: false, method: null });
    const audit = AdminAuditPageSchema.parse((await admin.get('/api/admin/audit?limit=2')).json());
    expect(audit.map((a) => [a.action, a.targetId])).toEqual([
      ['user.unverify', hana.user.id],
      ['user.verify', hana.user.id],
    ]);
    // Twice is refused: there is nothing left to undo, and nothing more is audited.
    const again = await unverify(hana.user.id);
    expect([again.statusCode, again.json()]).toEqual([
      409,
      { error: 'This referrer is not verified, so there is nothing to undo.' },
    ]);
  });

  it('keeps the admin’s note with a verification by hand, and takes none, or {}, as well', async () => {
    const { referrers } = await companyWithReferrers(t, 'Noa Noted', 'Ned Bare', 'Nia Empty');
    const [noa, ned, nia] = referrers as [SignedIn, SignedIn, SignedIn];
    const noted = await admin.post(`/api/admin/users/${noa.user.id}/verify`, {
      note: '  Met her at their office.  ',
    });
    expect(noted.statusCode, noted.body).toBe(200);
    expect((await verify(ned.user.id)).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/users/${nia.user.id}/verify`, {})).statusCode).toBe(200);
    const audit = AdminAuditPageSchema.parse((await admin.get('/api/admin/audit?limit=3')).json());
    expect(audit.map((a) => [a.targetId, a.reason])).toEqual([
      [nia.user.id, null],
      [ned.user.id, null],
      [noa.user.id, 'Met her at their office.'],
    ]);
    const bad = await admin.post(`/api/admin/users/${noa.user.id}/verify`, { note: 'x'.repeat(1001) });
    expect(bad.statusCode).toBe(400);
    const extra = await admin.post(`/api/admin/users/${noa.user.id}/verify`, { verified: true });
    expect(extra.statusCode).toBe(400);
  });

  it('refuses a verification the referrer earned themselves, someone who refers nowhere, and nobody', async () => {
    const company = `Own Domain ${Date.now()}`;
    const byEmail = await signInReferrer(t, 'Sol Signin', company, `sol-${Date.now()}@owndomain.test`);
    const set = await admin.put(`/api/admin/companies/${await companyIdOf(company)}`, {
      emailDomains: [`owndomain.test`],
    });
    expect(set.statusCode, set.body).toBe(200);
    // Verified by the sign-in email once the company has the domain and they say again where they work.
    await byEmail.put(`/api/users/${byEmail.user.id}/willingness-to-give-referrals`, { isWilling: true });
    await byEmail.put(`/api/users/${byEmail.user.id}/current-company`, { companyName: company });
    expect(await statusOf(byEmail)).toMatchObject({ verified: true, method: 'sign-in-email' });
    const own = await unverify(byEmail.user.id);
    expect([own.statusCode, own.json()]).toEqual([
      409,
      {
        error: 'This referrer is verified by their sign-in email, not by hand, so there is nothing to undo.',
      },
    ]);
    expect(await statusOf(byEmail)).toMatchObject({ verified: true });

    const seeker = await t.signIn('Nora Nobody');
    const nowhere = await unverify(seeker.user.id);
    expect([nowhere.statusCode, nowhere.json()]).toEqual([
      409,
      { error: 'This user does not refer at any company, so there is no verification to undo.' },
    ]);
    const unknown = await unverify(2_000_000_000);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: 'There is no such user.' }]);
    expect((await unverify(-1)).statusCode).toBe(400);
  });

  async function companyIdOf(name: string): Promise<number> {
    const res = await admin.get(`/api/admin/companies?q=${encodeURIComponent(name)}`);
    return (res.json() as { id: number; name: string }[]).find((c) => c.name === name)!.id;
  }
});
