import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { UserSchema } from '../../../../shared/auth.js';
import { NO_COMPANY_FOR_WILLINGNESS } from '../../../../shared/referral-texts.js';
import { CreateReferralRequestResultSchema } from '../../../../shared/referrals.js';
import { companies, referrers } from '../../../db/schema.js';
import { experience, pdfBytes, uploadResume } from '../../../testing/profile-fixtures.js';
import { createTestApp, testDatabases, type TestApp } from '../../../testing/test-app.js';
import { currentReferral } from '../../../testing/handoff-fixtures.js';
import { requestBody, setCompany, setWilling, signInReferrer } from '../../../testing/referral-fixtures.js';
import { emailMatchesDomain } from './willingness.js';

describe('emailMatchesDomain', () => {
  it('accepts the domain and its subdomains only', () => {
    expect(emailMatchesDomain('alice@google.com', 'google.com')).toBe(true);
    expect(emailMatchesDomain('Alice@Mail.Google.COM', 'google.com')).toBe(true);
    expect(emailMatchesDomain('alice@gmail.com', 'google.com')).toBe(false);
    expect(emailMatchesDomain('alice@notgoogle.com', 'google.com')).toBe(false);
    expect(emailMatchesDomain('alice@google.com', null)).toBe(false);
  });
});

describe.each(testDatabases)('willingness to give referrals (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  const referrerRow = async (userId: number) =>
    (await t.database.db.select().from(referrers).where(eq(referrers.userId, userId)))[0];

  it("refuses another user's id with 403 and a user without a company with 409", async () => {
    const who = await t.signIn('Nina Nocompany');
    const other = await t.signIn('Oscar Other');
    const forbidden = await who.put(`/api/users/${other.user.id}/willingness-to-give-referrals`, {
      isWilling: true,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(typeof forbidden.json().error).toBe('string');
    const res = await setWilling(who, true);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: NO_COMPANY_FOR_WILLINGNESS });
    expect(await referrerRow(who.user.id)).toBeUndefined();
    const bad = await who.put(`/api/users/${who.user.id}/willingness-to-give-referrals`, {
      isWilling: 'yes',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('makes the user a referrer with their current job there; off keeps the role', async () => {
    const who = await t.signIn('Alice Apple', 'alice@apple.com');
    expect(
      (
        await who.post('/api/user/experiences', {
          ...experience,
          companyName: 'apple ',
          jobTitle: 'iOS Lead',
          currentlyWorking: true,
          endDate: null,
          startDate: '2021-03-01',
        })
      ).statusCode,
    ).toBe(201);
    await setCompany(who, 'Apple');
    const on = await setWilling(who, true);
    expect(on.statusCode).toBe(200);
    expect(UserSchema.parse(on.json())).toMatchObject({ role: 'referrer', willingToGiveReferrals: true });
    expect(await referrerRow(who.user.id)).toMatchObject({
      companyId: 6,
      position: 'iOS Lead',
      startDate: '2021-03-01',
      isVerified: true,
    });
    const off = await setWilling(who, false);
    expect(UserSchema.parse(off.json())).toMatchObject({ role: 'referrer', willingToGiveReferrals: false });
  });

  it('verifies by email domain and prefers verified referrers in matching', async () => {
    const unverified = await signInReferrer(t, 'Gus Gmail', 'Google', 'gus@gmail.com');
    const verified = await signInReferrer(t, 'Alice Google', 'Google', 'alice@google.com');
    expect((await referrerRow(unverified.user.id))?.isVerified).toBe(false);
    expect((await referrerRow(verified.user.id))?.isVerified).toBe(true);
    const seeker = await t.signIn('Vera Verified');
    const res = await seeker.post('/api/referral-requests', requestBody({ companyId: 1 }));
    const holder = async (created: { json(): unknown }) =>
      (await currentReferral(t, CreateReferralRequestResultSchema.parse(created.json()).id))?.referrerId;
    expect(await holder(res)).toBe(verified.user.id);
    // Verified comes before fewer open referrals (docs/decisions/037-referrer-record.md).
    const next = await seeker.post('/api/referral-requests', requestBody({ companyId: 1 }));
    expect(await holder(next)).toBe(verified.user.id);
  });

  it('moves the referrer record along with a change of current company', async () => {
    const who = await signInReferrer(t, 'Mo Mover', 'Uber', 'mo@airbnb.com');
    expect(await referrerRow(who.user.id)).toMatchObject({ companyId: 10, isVerified: false });
    await setCompany(who, 'Airbnb');
    expect(await referrerRow(who.user.id)).toMatchObject({ companyId: 11, isVerified: true });
    // A new employer is created and kept while the referrer record points at it.
    await setCompany(who, 'Qwerty Startup');
    const row = await referrerRow(who.user.id);
    const [company] = await t.database.db.select().from(companies).where(eq(companies.id, row!.companyId));
    expect(company?.name).toBe('Qwerty Startup');
  });

  it('lets the assigned referrer, and nobody else, see the seeker profile and resume', async () => {
    const referrer = await signInReferrer(t, 'Vic Viewer', 'LinkedIn');
    const seeker = await t.signIn('Sue Shown');
    expect((await seeker.post('/api/user/experiences', experience)).statusCode).toBe(201);
    const upload = await uploadResume(seeker, pdfBytes('visible'));
    const resumeId = (upload.json() as { id: number }).id;
    const stranger = await t.signIn('Stu Stranger');
    const urls = [
      `/api/users/${seeker.user.id}`,
      `/api/users/${seeker.user.id}/experiences`,
      `/api/users/${seeker.user.id}/education`,
      `/api/users/${seeker.user.id}/skills`,
      `/api/users/${seeker.user.id}/resume/active`,
      `/api/resumes/${resumeId}/file`,
    ];
    for (const url of urls) expect((await referrer.get(url)).statusCode, url).toBe(404);

    expect((await seeker.post('/api/referral-requests', requestBody({ companyId: 12 }))).statusCode).toBe(
      201,
    );
    for (const url of urls) {
      expect((await referrer.get(url)).statusCode, url).toBe(200);
      expect((await stranger.get(url)).statusCode, url).toBe(404);
    }
    expect((await referrer.get(`/api/users/${seeker.user.id}`)).json()).toMatchObject({
      fullName: 'Sue Shown',
    });
    const file = await referrer.get(`/api/resumes/${resumeId}/file`);
    expect(file.headers['content-type']).toBe('application/pdf');
    // The seeker does not see the referrer's profile.
    expect((await seeker.get(`/api/users/${referrer.user.id}`)).statusCode).toBe(404);
  });
});
