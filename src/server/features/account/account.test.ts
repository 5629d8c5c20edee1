import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExportSchema, DELETE_EMAIL_MISMATCH } from '../../../shared/account.js';
import { mailOutbox, resumes, users } from '../../db/schema.js';
import { ask, companyWithReferrers, currentReferral } from '../../testing/handoff-fixtures.js';
import { experience, pdfBytes, uploadResume } from '../../testing/profile-fixtures.js';
import { notificationsOf, signInReferrer } from '../../testing/referral-fixtures.js';
import { createTestApp, ORIGIN, testDatabases, type SignedIn, type TestApp } from '../../testing/test-app.js';

/** docs/product.md, Privacy: export of everything stored about the user; deletion with hand-offs. */
describe.each(testDatabases)('account export and deletion (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false });
  });
  afterAll(async () => {
    await t.close();
  });

  const deleteAccount = (who: SignedIn, confirmEmail: unknown) =>
    who.browser.request({
      method: 'DELETE',
      url: '/api/user',
      headers: { ...ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ confirmEmail }),
    });
  const userExists = async (id: number) =>
    (await t.database.db.select().from(users).where(eq(users.id, id))).length === 1;

  it("exports the user's data as a download, and no one else's", async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Rex Referrer');
    const seeker = await t.signIn('Erin Export');
    const other = await t.signIn('Otto Other');
    expect((await seeker.post('/api/user/experiences', experience)).statusCode).toBe(201);
    expect(
      (await other.post('/api/user/experiences', { ...experience, jobTitle: 'Secret' })).statusCode,
    ).toBe(201);
    const bytes = pdfBytes('erin');
    expect((await uploadResume(seeker, bytes, 'erin.pdf')).statusCode).toBe(201);
    expect((await uploadResume(other, pdfBytes('otto'), 'otto.pdf')).statusCode).toBe(201);
    const requestId = await ask(seeker, company);

    const res = await seeker.get('/api/user/export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="referbridge-export.json"');
    const data = AccountExportSchema.parse(res.json());
    expect(data.user).toMatchObject({
      id: seeker.user.id,
      email: seeker.user.email,
      fullName: 'Erin Export',
    });
    expect(data.experiences).toMatchObject([{ jobTitle: 'Engineer' }]);
    expect(data.resumes).toMatchObject([{ fileName: 'erin.pdf', bytes: bytes.toString('base64') }]);
    expect(data.referralRequests).toMatchObject([
      { id: requestId, companyName: company, referrals: [{ status: 'pending' }] },
    ]);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(data.sessions.length).toBe(1);
    expect(JSON.stringify(data.sessions)).not.toMatch(/tokenHash|token_hash/);
    const text = res.body;
    expect(text).not.toContain('Secret');
    expect(text).not.toContain('otto.pdf');
    expect(text).not.toContain(other.user.email);

    const referrerExport = AccountExportSchema.parse((await referrers[0]!.get('/api/user/export')).json());
    expect(referrerExport.referrer).toMatchObject({ companyName: company });
    expect(referrerExport.referralsAsReferrer).toMatchObject([{ requestId, status: 'pending' }]);
  });

  it('refuses a wrong email with 400 and deletes nothing', async () => {
    const who = await t.signIn('Wendy Wrong');
    const res = await deleteAccount(who, 'someone-else@example.com');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(DELETE_EMAIL_MISMATCH);
    expect((await deleteAccount(who, '')).statusCode).toBe(400);
    expect(await userExists(who.user.id)).toBe(true);
    expect((await who.get('/auth/status')).json()).toMatchObject({ isAuthenticated: true });
  });

  it('deletes the account with its data; the old cookie then gets 401', async () => {
    const who = await t.signIn('Dee Delete');
    expect((await uploadResume(who, pdfBytes('dee'))).statusCode).toBe(201);
    const cookie = who.browser.cookieHeader();
    const res = await deleteAccount(who, ` ${who.user.email.toUpperCase()} `);
    expect(res.statusCode, res.body).toBe(204);
    expect(await userExists(who.user.id)).toBe(false);
    expect(await t.database.db.select().from(resumes).where(eq(resumes.userId, who.user.id))).toEqual([]);
    const after = await t.app.inject({ method: 'GET', url: '/api/user/export', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } })).statusCode,
    ).toBe(401);
  });

  it("exports and deletes the mail sent to a work address with the account (mail is the user's, not the address's)", async () => {
    const ref = await signInReferrer(t, 'Wanda Work', 'Google');
    const workEmail = `wanda-${kind}@mail.google.com`;
    expect((await ref.post('/api/referrer/verification', { workEmail })).statusCode).toBe(200);
    const exported = AccountExportSchema.parse((await ref.get('/api/user/export')).json());
    expect(exported.mail.map((m) => m.to)).toEqual(expect.arrayContaining([ref.user.email, workEmail]));

    expect((await deleteAccount(ref, ref.user.email)).statusCode).toBe(204);
    const left = await t.database.db
      .select()
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.to}) in (${workEmail}, ${ref.user.email.toLowerCase()})`);
    expect(left).toEqual([]);
  });

  it('keeps two accounts with one email apart: each exports only its own mail, and a deletion takes only its own', async () => {
    const shared = `shared-${kind}@example.com`;
    const first = await t.signIn('First Holder', shared);
    // Another sign-in identity (another issuer or subject) with the same address is another user.
    const [second] = await t.database.db
      .insert(users)
      .values({ username: 'second-holder', email: shared, fullName: 'Second Holder' })
      .returning();
    await t.database.db
      .insert(mailOutbox)
      .values({ userId: second!.id, to: shared, subject: 'For the second holder', text: 'token=SECOND' });

    const exported = AccountExportSchema.parse((await first.get('/api/user/export')).json());
    expect(exported.mail.length).toBeGreaterThan(0);
    expect(JSON.stringify(exported.mail)).not.toContain('SECOND');

    expect((await deleteAccount(first, shared)).statusCode).toBe(204);
    const kept = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, second!.id));
    expect(kept.map((m) => m.subject)).toEqual(['For the second holder']);
  });

  it("passes the deleted referrer's open referral on to another referrer, and tells the seeker", async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Lea Leaving', 'Sam Staying');
    const [lea, sam] = referrers as [SignedIn, SignedIn];
    const seeker = await t.signIn('Paula Pending');
    const requestId = await ask(seeker, company);
    expect((await currentReferral(t, requestId))?.referrerId).toBe(lea.user.id);
    expect((await deleteAccount(lea, lea.user.email)).statusCode).toBe(204);
    expect(await currentReferral(t, requestId)).toMatchObject({ referrerId: sam.user.id, status: 'pending' });
    const [note] = await notificationsOf(t, seeker.user.id);
    expect(note).toMatchObject({ title: 'Request passed to another referrer' });
    expect(note?.message).toContain('closed their account');
    expect((await notificationsOf(t, sam.user.id))[0]).toMatchObject({ title: 'New referral request' });
  });

  it('leaves the request waiting for a referrer when the deleted one was the only one', async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Olly Only');
    const seeker = await t.signIn('Wanda Waiting');
    const requestId = await ask(seeker, company);
    expect((await deleteAccount(referrers[0]!, referrers[0]!.user.email)).statusCode).toBe(204);
    expect(await currentReferral(t, requestId)).toBeUndefined();
    expect((await notificationsOf(t, seeker.user.id))[0]).toMatchObject({
      title: 'Request waiting for another referrer',
    });
    const next = await signInReferrer(t, 'Nina Newcomer', company);
    expect(await currentReferral(t, requestId)).toMatchObject({ referrerId: next.user.id });
  });

  it("deletes a seeker's own requests with the account", async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Hal Holder');
    const seeker = await t.signIn('Gone Seeker');
    const requestId = await ask(seeker, company);
    expect((await deleteAccount(seeker, seeker.user.email)).statusCode).toBe(204);
    expect(await currentReferral(t, requestId)).toBeUndefined();
    const list = (await referrers[0]!.get('/api/referral-requests?role=referrer')).json();
    expect(list).toEqual([]);
  });
});
