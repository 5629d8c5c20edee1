import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIDDEN_EMPLOYER } from '../shared/employer-privacy.js';
import { ReferralPacketSchema, ReferralRequestListSchema } from '../shared/referrals.js';
import { UserSettingsSchema } from '../shared/settings.js';
import { companies, mailOutbox, notifications, verificationCodes } from './db/schema.js';
import { ask, currentReferral } from './testing/handoff-fixtures.js';
import { experience, pdfBytes, uploadResume } from './testing/profile-fixtures.js';
import { setCompany, signInReferrer } from './testing/referral-fixtures.js';
import { createTestApp, ORIGIN, testDatabases, type SignedIn, type TestApp } from './testing/test-app.js';

/**
 * Issue 50 item 4 (docs/decisions/085-a-job-hunt-hidden-from-the-employer.md): a seeker hides their
 * current employer from referrers on every route that returns them, and news of their job hunt is never
 * mailed to an address at their employer; a personal address, confirmed by a mailed code, gets all their mail.
 */
describe.each(testDatabases)('a job hunt hidden from the employer (%s)', (kind) => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  /** A company of this name with these email domains (as an admin sets them); answers its name. */
  const companyWithDomains = async (who: SignedIn, name: string, domains: string[]) => {
    await setCompany(who, name);
    await t.database.db
      .update(companies)
      .set({ emailDomains: domains })
      .where(eq(companies.normalizedName, name.toLowerCase()));
  };
  const settings = async (who: SignedIn) =>
    UserSettingsSchema.parse((await who.get('/api/user/settings')).json());
  const mailsTo = async (to: string) =>
    t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));
  const codeMailedTo = async (to: string) => {
    const [mail] = await mailsTo(to);
    expect(mail?.subject, `a code mailed to ${to}`).toMatch(/code: \d{6}$/);
    return /(\d{6})$/.exec(mail!.subject)![1]!;
  };
  const confirm = (who: SignedIn, code: string) =>
    who.post('/api/user/settings/notification-email/confirm', { code });

  /**
   * A seeker at Privy (their own entry there current, an earlier one at Privy too, one elsewhere), with a
   * résumé and a request held by a referrer at another company; a colleague refers at Privy.
   */
  async function world({ seekerEmail }: { seekerEmail?: string } = {}) {
    seq += 1;
    const tag = `${seq}${Math.random().toString(36).slice(2, 6)}`;
    const employer = `Privy Corp ${tag}`;
    const domain = `privy-${tag}.test`;
    const seeker = await t.signIn('Sam Seeker', seekerEmail?.replace('DOMAIN', domain));
    await companyWithDomains(seeker, employer, [domain]);
    for (const entry of [
      { ...experience, companyName: employer, currentlyWorking: true, endDate: null, order: 0 },
      { ...experience, companyName: employer.toUpperCase(), order: 1 },
      { ...experience, companyName: 'Oldco Ltd', order: 2 },
    ]) {
      expect((await seeker.post('/api/user/experiences', entry)).statusCode).toBe(201);
    }
    expect((await uploadResume(seeker, pdfBytes('privy'))).statusCode).toBe(201);
    const target = `Target Works ${tag}`;
    const referrer = await signInReferrer(t, 'Rita Referrer', target, `rita-${tag}@target-${tag}.test`);
    await t.database.db
      .update(companies)
      .set({ emailDomains: [`target-${tag}.test`] })
      .where(eq(companies.normalizedName, target.toLowerCase()));
    const colleague = await signInReferrer(t, 'Cole Colleague', employer);
    const request = await ask(seeker, target);
    const referral = (await currentReferral(t, request))!;
    expect(referral.referrerId).toBe(referrer.user.id);
    return { seeker, referrer, colleague, employer, domain, request, referralId: referral.id, tag };
  }

  /** Everything the referrer reads of the seeker: the profile, the experience, the card and the packet. */
  async function referrerViews(w: Awaited<ReturnType<typeof world>>) {
    const user = await w.referrer.get(`/api/users/${w.seeker.user.id}`);
    const experiences = await w.referrer.get(`/api/users/${w.seeker.user.id}/experiences`);
    const list = await w.referrer.get('/api/referral-requests?role=referrer');
    const packet = await w.referrer.get(`/api/referrals/${w.referralId}/packet`);
    for (const res of [user, experiences, list, packet]) expect(res.statusCode, res.body).toBe(200);
    const card = ReferralRequestListSchema.parse(list.json()).find((r) => r.id === w.request)!;
    return {
      bodies: [user.body, experiences.body, list.body, packet.body],
      user: user.json<{ currentCompanyName: string | null }>(),
      experiences: experiences.json<{ companyName: string }[]>().map((e) => e.companyName),
      card: card.jobSeeker.currentEmployer,
      packet: ReferralPacketSchema.parse(packet.json()),
    };
  }

  it('shows the current employer by default, on the card, the profile, the experience and the packet', async () => {
    const w = await world();
    expect((await settings(w.seeker)).showCurrentEmployer).toBe(true);
    const seen = await referrerViews(w);
    expect(seen.user.currentCompanyName).toBe(w.employer);
    expect(seen.experiences).toEqual([w.employer, w.employer.toUpperCase(), 'Oldco Ltd']);
    expect(seen.card).toBe(w.employer);
    expect(seen.packet.candidateCurrentEmployer).toBe(w.employer);
    expect(seen.packet.text).toContain(`Current employer: ${w.employer}`);
  });

  it("with showCurrentEmployer false, referrers read 'Current employer (hidden)' wherever they see the seeker", async () => {
    const w = await world();
    const off = await w.seeker.put('/api/user/settings', { showCurrentEmployer: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(UserSettingsSchema.parse(off.json()).showCurrentEmployer).toBe(false);
    expect((await settings(w.seeker)).showCurrentEmployer).toBe(false);

    const seen = await referrerViews(w);
    expect(seen.user.currentCompanyName).toBe(HIDDEN_EMPLOYER);
    // The current entry and the earlier one at the same company (by name, as the company list compares).
    expect(seen.experiences).toEqual([HIDDEN_EMPLOYER, HIDDEN_EMPLOYER, 'Oldco Ltd']);
    expect(seen.card).toBe(HIDDEN_EMPLOYER);
    expect(seen.packet.candidateCurrentEmployer).toBe(HIDDEN_EMPLOYER);
    expect(seen.packet.text).toContain(`\n${HIDDEN_EMPLOYER}\n`);
    expect(seen.packet.text).not.toContain('Current employer: ');
    for (const body of seen.bodies) expect(body).not.toMatch(/privy/i);

    // The seeker reads their own as it is.
    const own = await w.seeker.get(`/api/users/${w.seeker.user.id}`);
    expect(own.json<{ currentCompanyName: string }>().currentCompanyName).toBe(w.employer);
    const ownEntries = await w.seeker.get(`/api/users/${w.seeker.user.id}/experiences`);
    expect(ownEntries.json<{ companyName: string }[]>()[0]!.companyName).toBe(w.employer);
    expect((await w.seeker.get('/api/user/experiences')).body).toContain(w.employer);

    // Shown again, it reads as it is again.
    await w.seeker.put('/api/user/settings', { showCurrentEmployer: true });
    expect((await referrerViews(w)).card).toBe(w.employer);
  });

  it('hides a current entry at another name too, and a seeker with no current company shows none', async () => {
    const w = await world();
    await w.seeker.put('/api/user/settings', { showCurrentEmployer: false });
    const side = { ...experience, companyName: 'Weekend Gig Co', currentlyWorking: true, endDate: null };
    expect((await w.seeker.post('/api/user/experiences', side)).statusCode).toBe(201);
    expect((await referrerViews(w)).experiences).toContain(HIDDEN_EMPLOYER);
    expect((await referrerViews(w)).experiences).not.toContain('Weekend Gig Co');

    expect(
      (await w.seeker.put(`/api/users/${w.seeker.user.id}/not-working`, { notWorking: true })).statusCode,
    ).toBe(200);
    const seen = await referrerViews(w);
    expect(seen.user.currentCompanyName).toBeNull();
    expect(seen.card).toBeNull();
    expect(seen.packet.candidateCurrentEmployer).toBeNull();
    expect(seen.packet.text).not.toContain('Current employer');
  });

  it('answers the colleague at the current company 404 on every route that returns the seeker, and leaves the seeker out of their list', async () => {
    const w = await world();
    for (const url of [
      `/api/users/${w.seeker.user.id}`,
      `/api/users/${w.seeker.user.id}/experiences`,
      `/api/users/${w.seeker.user.id}/education`,
      `/api/users/${w.seeker.user.id}/skills`,
      `/api/users/${w.seeker.user.id}/resume/active`,
      `/api/referrals/${w.referralId}/packet`,
      `/api/referrals/${w.referralId}/messages`,
    ]) {
      expect((await w.colleague.get(url)).statusCode, url).toBe(404);
    }
    const list = await w.colleague.get('/api/referral-requests?role=referrer');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('Sam Seeker');
    expect(list.body).not.toContain(w.seeker.user.email);
  });

  it('refuses a showCurrentEmployer that is not a boolean with a sentence, and a visitor with 401', async () => {
    const who = await t.signIn();
    for (const body of [
      { showCurrentEmployer: 'no' },
      { showCurrentEmployer: null },
      { showCurrentEmployer: 0 },
    ]) {
      const res = await who.put('/api/user/settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/\w+ \w+/);
    }
    const visitor = await t.app.inject({
      method: 'PUT',
      url: '/api/user/settings',
      headers: { ...ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ showCurrentEmployer: false }),
    });
    expect(visitor.statusCode).toBe(401);
    const confirmAsVisitor = await t.app.inject({
      method: 'POST',
      url: '/api/user/settings/notification-email/confirm',
      headers: { ...ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ code: '123456' }),
    });
    expect(confirmAsVisitor.statusCode).toBe(401);
  });

  it("keeps a work-address seeker's job-hunt news in the app, while a referrer's own mail goes to their work address", async () => {
    const w = await world({ seekerEmail: 'sam@DOMAIN' });
    const seekerEmail = w.seeker.user.email;
    expect(seekerEmail.endsWith(w.domain)).toBe(true);
    // The referrer (signed in at their own company's domain) is mailed the new request there.
    const referrerMail = await mailsTo(w.referrer.user.email);
    expect(referrerMail.some((m) => /referral request/i.test(m.subject + m.text))).toBe(true);

    const accepted = await w.referrer.put(`/api/referrals/${w.referralId}/status`, { status: 'accepted' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, w.seeker.user.id), eq(notifications.type, 'referral_status')));
    expect(told.length, 'the seeker is told in the app').toBeGreaterThan(0);
    const seekerMail = await mailsTo(seekerEmail);
    // The welcome is no job-hunt news; nothing about a request went to the employer's mailbox.
    expect(seekerMail.map((m) => m.subject)).toEqual(['Welcome to ReferBridge!']);

    // A seeker at a free-mail address gets the same news by mail (control).
    const other = await world({ seekerEmail: `sam-${Date.now()}@gmail.com` });
    await other.referrer.put(`/api/referrals/${other.referralId}/status`, { status: 'accepted' });
    expect((await mailsTo(other.seeker.user.email)).length).toBeGreaterThan(1);
  });

  it('mails a code to a personal address, and once confirmed all their mail goes there', async () => {
    const w = await world({ seekerEmail: 'sam@DOMAIN' });
    const personal = `sam.${w.tag}@gmail.com`;
    const put = await w.seeker.put('/api/user/settings', { notificationEmail: ` Sam.${w.tag}@GMAIL.com ` });
    expect(put.statusCode, put.body).toBe(200);
    expect(UserSettingsSchema.parse(put.json())).toMatchObject({
      notificationEmail: null,
      notificationEmailPending: personal,
    });
    const code = await codeMailedTo(personal);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await confirm(w.seeker, wrong);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: string }>().error).toBe('That code is not right. 4 tries left.');
    const ok = await confirm(w.seeker, code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(UserSettingsSchema.parse(ok.json())).toMatchObject({
      notificationEmail: personal,
      notificationEmailPending: null,
    });
    expect(await settings(w.seeker)).toMatchObject({ notificationEmail: personal });
    // A used code works once.
    expect((await confirm(w.seeker, code)).statusCode).toBe(400);

    // Their job-hunt news now goes to the personal address, and never to the work one.
    const before = (await mailsTo(w.seeker.user.email)).length;
    await w.referrer.put(`/api/referrals/${w.referralId}/status`, { status: 'accepted' });
    expect((await mailsTo(personal)).some((m) => m.subject !== `Your ReferBridge code: ${code}`)).toBe(true);
    expect((await mailsTo(w.seeker.user.email)).length).toBe(before);

    // A referrer's personal address takes their mail too.
    const ritaPersonal = `rita.${w.tag}@outlook.com`;
    await w.referrer.put('/api/user/settings', { notificationEmail: ritaPersonal });
    expect((await confirm(w.referrer, await codeMailedTo(ritaPersonal))).statusCode).toBe(200);
    const ritaWork = (await mailsTo(w.referrer.user.email)).length;
    await w.seeker.post(`/api/referrals/${w.referralId}/messages`, { body: 'Thank you for accepting!' });
    expect((await mailsTo(ritaPersonal)).length).toBeGreaterThan(1);
    expect((await mailsTo(w.referrer.user.email)).length).toBe(ritaWork);
  });

  it('takes its own GET answer back unchanged: a null or unchanged address mails nothing', async () => {
    const w = await world();
    const personal = `keep.${w.tag}@yahoo.com`;
    await w.seeker.put('/api/user/settings', { notificationEmail: personal });
    await confirm(w.seeker, await codeMailedTo(personal));
    const codesBefore = await t.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, w.seeker.user.id));
    const got = (await w.seeker.get('/api/user/settings')).json();
    const back = await w.seeker.put('/api/user/settings', got);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toEqual(got);
    const nulled = await w.seeker.put('/api/user/settings', { notificationEmail: null });
    expect(nulled.statusCode).toBe(200);
    expect(UserSettingsSchema.parse(nulled.json()).notificationEmail).toBe(personal);
    const same = await w.seeker.put('/api/user/settings', { notificationEmail: personal.toUpperCase() });
    expect(same.statusCode).toBe(200);
    const codesAfter = await t.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, w.seeker.user.id));
    expect(codesAfter.length).toBe(codesBefore.length);
  });

  it('refuses an address at the current employer, a malformed one, and a confirm with no code asked', async () => {
    const w = await world();
    const atWork = await w.seeker.put('/api/user/settings', { notificationEmail: `me@mail.${w.domain}` });
    expect(atWork.statusCode).toBe(400);
    expect(atWork.json<{ error: string }>().error).toMatch(/current employer/);
    for (const notificationEmail of ['not-an-address', 42, `${'a'.repeat(250)}@x.io`]) {
      expect((await w.seeker.put('/api/user/settings', { notificationEmail })).statusCode).toBe(400);
    }
    const none = await confirm(w.seeker, '123456');
    expect(none.statusCode).toBe(400);
    expect(none.json<{ error: string }>().error).toBe(
      'There is no code waiting for you: ask for a code first.',
    );
    for (const code of ['12345', 'abcdef', '']) expect((await confirm(w.seeker, code)).statusCode).toBe(400);
    expect((await settings(w.seeker)).notificationEmailPending).toBeNull();
  });

  it('keeps the codes as work-email verification does: 15 minutes, 5 tries, 3 codes an hour of their own', async () => {
    const who = await t.signIn();
    const ask1 = `one.${who.user.id}@gmail.com`;
    await who.put('/api/user/settings', { notificationEmail: ask1 });
    const code = await codeMailedTo(ask1);
    // Expired: asked 16 minutes ago.
    await t.database.db
      .update(verificationCodes)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(verificationCodes.userId, who.user.id));
    expect((await settings(who)).notificationEmailPending).toBeNull();
    const expired = await confirm(who, code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json<{ error: string }>().error).toBe('That code has expired: ask for a new one.');

    // Five wrong tries spend a code: the fifth answers 429 with when a new one may be asked for.
    const ask2 = `two.${who.user.id}@gmail.com`;
    await who.put('/api/user/settings', { notificationEmail: ask2 });
    const right = await codeMailedTo(ask2);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) expect((await confirm(who, wrong)).statusCode).toBe(400);
    const last = await confirm(who, wrong);
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await confirm(who, right)).statusCode).toBe(429);

    // The third code this hour (the expired one, 16 minutes old, counts too), then 429.
    const third = await who.put('/api/user/settings', {
      notificationEmail: `three.${who.user.id}@gmail.com`,
    });
    expect(third.statusCode, third.body).toBe(200);
    const limited = await who.put('/api/user/settings', {
      notificationEmail: `four.${who.user.id}@gmail.com`,
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await mailsTo(`four.${who.user.id}@gmail.com`)).length).toBe(0);

    // Work-email verification keeps its own count: the referrer's code is not refused by these.
    const domain = `own-${who.user.id}.test`;
    await companyWithDomains(who, `Own Count ${who.user.id}`, [domain]);
    expect(
      (await who.put(`/api/users/${who.user.id}/willingness-to-give-referrals`, { isWilling: true }))
        .statusCode,
    ).toBe(200);
    const work = await who.post('/api/referrer/verification', { workEmail: `me@${domain}` });
    expect(work.statusCode, work.body).toBe(200);
  });
});
