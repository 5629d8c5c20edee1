import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VerificationStatusSchema } from '../../../../shared/verification.js';
import { companies, mailOutbox, referrers, verificationCodes } from '../../../db/schema.js';
import { ask, currentReferral } from '../../../testing/handoff-fixtures.js';
import { signInReferrer } from '../../../testing/referral-fixtures.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../../testing/test-app.js';

/** docs/product.md, Verification: verified referrers, by a code mailed to a work address. */
describe.each(testDatabases)('work-email verification (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false });
  });
  afterAll(async () => {
    await t.close();
  });

  let seq = 0;
  const workEmail = () => `someone${++seq}@mail.google.com`;

  async function lastCodeTo(to: string): Promise<string> {
    const [row] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const code = /\b(\d{6})\b/.exec(row?.text ?? '')?.[1];
    if (!code) throw new Error(`no code mailed to ${to}`);
    return code;
  }
  const status = async (who: SignedIn) =>
    VerificationStatusSchema.parse((await who.get('/api/referrer/verification')).json());
  const send = (who: SignedIn, email: string) => who.post('/api/referrer/verification', { workEmail: email });
  const confirm = (who: SignedIn, code: string) => who.post('/api/referrer/verification/confirm', { code });

  it('verifies a referrer with the code mailed to their work address; the code is stored hashed', async () => {
    const ref = await signInReferrer(t, 'Vera Verify', 'Google');
    expect(await status(ref)).toEqual({
      verified: false,
      method: null,
      companyName: 'Google',
      verifiedUntil: null,
      renewable: false,
    });
    const to = workEmail();
    const sent = await send(ref, to.toUpperCase());
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sentTo: to, expiresInMinutes: 15 });
    const code = await lastCodeTo(to);
    const [stored] = await t.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, ref.user.id));
    expect(stored?.codeHash).not.toContain(code);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await confirm(ref, wrong)).json()).toEqual({ error: 'That code is not right. 4 tries left.' });
    const ok = await confirm(ref, code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      verified: true,
      method: 'work-email',
      companyName: 'Google',
      verifiedUntil: expect.any(String),
      renewable: false,
    });
    expect(await status(ref)).toEqual({
      verified: true,
      method: 'work-email',
      companyName: 'Google',
      verifiedUntil: expect.any(String),
      renewable: false,
    });
    expect((await send(ref, workEmail())).statusCode).toBe(409);
    // Turning willingness off and on keeps a work-email verification at the same company.
    await ref.put(`/api/users/${ref.user.id}/willingness-to-give-referrals`, { isWilling: false });
    await ref.put(`/api/users/${ref.user.id}/willingness-to-give-referrals`, { isWilling: true });
    expect((await status(ref)).method).toBe('work-email');
  });

  it('answers sign-in-email for a referrer verified by their sign-in address, and 409 for non-referrers', async () => {
    const ref = await signInReferrer(t, 'Sig Nin', 'Google', `sig${Date.now()}@google.com`);
    expect(await status(ref)).toEqual({
      verified: true,
      method: 'sign-in-email',
      companyName: 'Google',
      verifiedUntil: expect.any(String),
      renewable: false,
    });
    const seeker = await t.signIn('Just Seeking');
    expect(await status(seeker)).toEqual({
      verified: false,
      method: null,
      companyName: null,
      verifiedUntil: null,
      renewable: false,
    });
    const res = await send(seeker, workEmail());
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/Only referrers/);
  });

  it("refuses an address outside the company's domain, and a company with no known domain", async () => {
    const ref = await signInReferrer(t, 'Wrong Domain', 'Google');
    const res = await send(ref, 'me@notgoogle.com');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      'Use your Google email address: it must end in @google.com (or a subdomain of it).',
    );
    expect((await send(ref, 'not-an-email')).statusCode).toBe(400);
    const company = `Domainless ${Math.random().toString(36).slice(2, 8)}`;
    const other = await signInReferrer(t, 'No Domain', company);
    const none = await send(other, 'me@domainless.example');
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe(
      `We cannot verify ${company} automatically yet: it has no known email domain.`,
    );
  });

  it('never verifies through a public mail provider: not by sign-in email, not by code (Yahoo, Zoho)', async () => {
    for (const [company, domain] of [
      ['Yahoo', 'yahoo.com'],
      ['Zoho', 'zoho.com'],
    ] as const) {
      const ref = await signInReferrer(t, `Free ${company}`, company, `anyone${++seq}-${kind}@${domain}`);
      expect(await status(ref)).toEqual({
        verified: false,
        method: null,
        companyName: company,
        verifiedUntil: null,
        renewable: false,
      });
      const res = await send(ref, `anything${++seq}@${domain}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(
        `We cannot verify ${company} employees by email: anyone can get an address at ${domain}. Your profile stays 'Pending Verification' until an admin verifies you.`,
      );
      expect(await status(ref)).toMatchObject({ verified: false });
    }
  });

  it('refuses a personal address at a public mail provider with its own sentence', async () => {
    const ref = await signInReferrer(t, 'Gmail Person', 'Google', `gm${++seq}-${kind}@gmail.com`);
    expect(await status(ref)).toMatchObject({ verified: false });
    const res = await send(ref, 'me@GMAIL.com');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error:
        'gmail.com gives mailboxes to anyone, so it cannot show where you work. Use your Google email address.',
      fieldErrors: { workEmail: ['Use your work email address, not a personal one.'] },
    });
  });

  it('refuses a code that went to an address no longer proving anything (its company turned out to be a mail provider)', async () => {
    const company = `Mailish ${kind}`;
    const ref = await signInReferrer(t, 'Mai Lish', company);
    await t.database.db
      .update(companies)
      .set({ emailDomains: ['mailish.example'] })
      .where(eq(companies.name, company));
    const to = `me${++seq}@mailish.example`;
    expect((await send(ref, to)).statusCode).toBe(200);
    const code = await lastCodeTo(to);
    // A provider no built-in employer owns: a domain verifies one company only (issue 46).
    await t.database.db
      .update(companies)
      .set({ emailDomains: ['gmx.com'] })
      .where(eq(companies.name, company));
    const res = await confirm(ref, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(`That code went to ${to}, which cannot show that you work at ${company}.`);
    expect(await status(ref)).toMatchObject({ verified: false });
  });

  it('answers 401 to visitors', async () => {
    for (const [method, url] of [
      ['GET', '/api/referrer/verification'],
      ['POST', '/api/referrer/verification'],
      ['POST', '/api/referrer/verification/confirm'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { origin: t.config.publicUrl } });
      expect(res.statusCode).toBe(401);
    }
  });

  it('sends at most 3 codes an hour', async () => {
    const ref = await signInReferrer(t, 'Rate Limited', 'Google');
    for (let i = 0; i < 3; i++) expect((await send(ref, workEmail())).statusCode).toBe(200);
    const fourth = await send(ref, workEmail());
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toMatch(/3 codes in the last hour/);
    // The first code is an hour old in just under an hour: that is when the next one may be asked for.
    const retryAfter = Number(fourth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  });

  it('refuses a code after 5 wrong tries, even the right one', async () => {
    const ref = await signInReferrer(t, 'Many Tries', 'Google');
    const to = workEmail();
    await send(ref, to);
    const code = await lastCodeTo(to);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await confirm(ref, wrong)).statusCode).toBe(400);
    const fifth = await confirm(ref, wrong);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error).toMatch(/last try/);
    const right = await confirm(ref, code);
    expect(right.statusCode).toBe(429);
    expect(right.json().error).toBe('Too many wrong tries for this code: ask for a new one.');
    expect((await status(ref)).verified).toBe(false);
  });

  it('refuses an expired code, and a confirm with no code sent', async () => {
    const ref = await signInReferrer(t, 'Late Larry', 'Google');
    expect((await confirm(ref, '123456')).json()).toEqual({
      error: 'There is no code waiting for you: ask for a code first.',
    });
    const to = workEmail();
    await send(ref, to);
    const code = await lastCodeTo(to);
    await t.database.db
      .update(verificationCodes)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(verificationCodes.userId, ref.user.id));
    const res = await confirm(ref, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('That code has expired: ask for a new one.');
    const [row] = await t.database.db.select().from(referrers).where(eq(referrers.userId, ref.user.id));
    expect(row?.isVerified).toBe(false);
  });

  it('prefers a referrer verified by work email in matching', async () => {
    const company = `Acme Verified ${Math.random().toString(36).slice(2, 8)}`;
    const first = await signInReferrer(t, 'Una Verified', company);
    const second = await signInReferrer(t, 'Vic Verified', company);
    const domain = `${company.split(' ').at(-1)}.example`;
    await t.database.db
      .update(companies)
      .set({ emailDomains: [domain] })
      .where(eq(companies.name, company));
    await send(second, `vic@${domain}`);
    expect((await confirm(second, await lastCodeTo(`vic@${domain}`))).statusCode).toBe(200);
    const seeker = await t.signIn('Pia Seeker');
    const requestId = await ask(seeker, company);
    expect((await currentReferral(t, requestId))?.referrerId).toBe(second.user.id);
    expect(first.user.id).toBeLessThan(second.user.id);
  });
});
