import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { VerificationStatusSchema } from '../../../../shared/verification.js';
import { companies, mailOutbox, referrers } from '../../../db/schema.js';
import { ask, currentReferral } from '../../../testing/handoff-fixtures.js';
import {
  notificationsOf,
  referralDepsOf,
  setCompany,
  setWilling,
  signInReferrer,
} from '../../../testing/referral-fixtures.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../../testing/test-app.js';
import { runReferralSweep } from '../handoffs/sweep.js';

/**
 * Issue 24 item 10 through HTTP on both databases, with the app's clock moved by the test
 * (docs/decisions/035-verification-lapse.md): the lapse, the reminder once per period, renewal at sign-in,
 * a code verification renewed only by a code, a change of company, and matching after a lapse.
 */
const DAY = 86_400_000;
const TTL = 365 * DAY;
const LEAD = 14 * DAY;

describe.each(testDatabases)('verification lapse (%s)', (kind) => {
  let t: TestApp;
  let clock = new Date();
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false, now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  let seq = 0;
  const googleEmail = () => `lapse${++seq}-${Date.now()}@google.com`;
  const status = async (who: SignedIn) =>
    VerificationStatusSchema.parse((await who.get('/api/referrer/verification')).json());
  const sweep = () => runReferralSweep(t.database.db, referralDepsOf(t), clock);
  const lapseNotices = async (who: SignedIn) =>
    (await notificationsOf(t, who.user.id)).filter((n) => n.type === 'verification_reminder');

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
  async function verifyByCode(who: SignedIn) {
    const to = `work${++seq}@mail.google.com`;
    const sent = await who.post('/api/referrer/verification', { workEmail: to });
    expect(sent.statusCode, sent.body).toBe(200);
    const ok = await who.post('/api/referrer/verification/confirm', { code: await lastCodeTo(to) });
    expect(ok.statusCode, ok.body).toBe(200);
  }

  it('lapses VERIFICATION_TTL after it was earned, back to Pending Verification', async () => {
    const ref = await signInReferrer(t, 'Lena Lapse', 'Google', googleEmail());
    const until = new Date(clock.getTime() + TTL).toISOString();
    expect(await status(ref)).toEqual({
      verified: true,
      method: 'sign-in-email',
      companyName: 'Google',
      verifiedUntil: until,
      renewable: false,
    });
    advance(TTL - 1000);
    expect((await status(ref)).verified).toBe(true);
    advance(1000);
    expect(await status(ref)).toEqual({
      verified: false,
      method: null,
      companyName: 'Google',
      verifiedUntil: null,
      renewable: false,
    });
  });

  it('reminds 14 days before the lapse, once, even with two sweeps at the same moment', async () => {
    const ref = await signInReferrer(t, 'Rémi Remind', 'Google', googleEmail());
    const lapsesAt = new Date(clock.getTime() + TTL);
    advance(TTL - LEAD - 60_000);
    await sweep();
    expect(await lapseNotices(ref)).toHaveLength(0);
    advance(60_000);
    const [a, b] = await Promise.all([sweep(), sweep()]);
    expect(a.lapseReminded + b.lapseReminded).toBeGreaterThanOrEqual(1);
    expect((await sweep()).lapseReminded).toBe(0);
    const sent = await lapseNotices(ref);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      title: 'Your verification is about to lapse',
      message: `Your verification at Google lapses on {{time:${lapsesAt.toISOString()}}}. To renew it, sign in again with your Google email address. After that your profile shows 'Pending Verification' until you verify again.`,
      link: '/my-referrals?tab=incoming',
    });
    advance(LEAD);
    await sweep();
    expect(await lapseNotices(ref)).toHaveLength(1);
  });

  it('does not remind a referrer who turned referrals off, until they turn them on in time', async () => {
    const ref = await signInReferrer(t, 'Paul Paused', 'Google', googleEmail());
    expect((await setWilling(ref, false)).statusCode).toBe(200);
    advance(TTL - LEAD);
    await sweep();
    expect(await lapseNotices(ref)).toHaveLength(0);
    expect((await setWilling(ref, true)).statusCode).toBe(200);
    await sweep();
    expect(await lapseNotices(ref)).toHaveLength(1);
  });

  it('renews at sign-in with an email at the company domain: the clock restarts, with its own reminder', async () => {
    const email = googleEmail();
    const ref = await signInReferrer(t, 'Sina Signin', 'Google', email);
    advance(TTL - LEAD);
    await sweep();
    expect(await lapseNotices(ref)).toHaveLength(1);
    advance(LEAD - DAY);
    const again = await t.signIn('Sina Signin', email);
    expect(again.user.id).toBe(ref.user.id);
    expect((await status(again)).verifiedUntil).toBe(new Date(clock.getTime() + TTL).toISOString());
    // The old lapse passes unnoticed; the new period reminds again before its own.
    advance(DAY);
    expect((await status(again)).verified).toBe(true);
    advance(TTL - LEAD - DAY);
    await sweep();
    expect(await lapseNotices(ref)).toHaveLength(2);

    // Lapsed, the next sign-in verifies again.
    advance(LEAD);
    expect((await status(again)).verified).toBe(false);
    const third = await t.signIn('Sina Signin', email);
    expect(await status(third)).toMatchObject({ verified: true, method: 'sign-in-email' });
  });

  it('a work-email verification is not renewed by a sign-in elsewhere: only a new code, once near its lapse', async () => {
    const email = `coder${++seq}-${Date.now()}@example.com`;
    const ref = await signInReferrer(t, 'Cody Code', 'Google', email);
    expect((await status(ref)).verified).toBe(false);
    await verifyByCode(ref);
    const until = new Date(clock.getTime() + TTL).toISOString();
    expect(await status(ref)).toMatchObject({ verified: true, method: 'work-email', verifiedUntil: until });
    advance(TTL - LEAD - DAY);
    await t.signIn('Cody Code', email);
    expect((await status(ref)).verifiedUntil).toBe(until);
    const early = await ref.post('/api/referrer/verification', { workEmail: 'early@google.com' });
    expect([early.statusCode, early.json().error]).toEqual([409, 'You are already verified at Google.']);

    advance(DAY);
    await sweep();
    const [notice] = await lapseNotices(ref);
    expect(notice?.message).toContain(
      "To renew it, verify your Google work email with a new code: choose 'Renew' beside your verification",
    );
    expect((await status(ref)).renewable).toBe(true);
    advance(LEAD);
    expect(await status(ref)).toMatchObject({ verified: false, method: null, verifiedUntil: null });
    await verifyByCode(ref);
    expect(await status(ref)).toMatchObject({
      verified: true,
      method: 'work-email',
      verifiedUntil: new Date(clock.getTime() + TTL).toISOString(),
      renewable: false,
    });
  });

  it('renews a work-email verification with a new code inside the reminder window', async () => {
    const ref = await signInReferrer(t, 'Rena Renew', 'Google', `renew${++seq}@example.com`);
    await verifyByCode(ref);
    advance(TTL - LEAD);
    expect((await status(ref)).renewable).toBe(true);
    await verifyByCode(ref);
    expect(await status(ref)).toMatchObject({
      verified: true,
      verifiedUntil: new Date(clock.getTime() + TTL).toISOString(),
      renewable: false,
    });
  });

  it('a change of company drops the verification for good: coming back needs a new one', async () => {
    const coder = await signInReferrer(t, 'Mo Mover', 'Google', `mover${++seq}@example.com`);
    await verifyByCode(coder);
    await setCompany(coder, 'Stripe');
    expect(await status(coder)).toMatchObject({ verified: false, companyName: 'Stripe' });
    await setCompany(coder, 'Google');
    expect(await status(coder)).toMatchObject({ verified: false, method: null, companyName: 'Google' });
    const [row] = await t.database.db.select().from(referrers).where(eq(referrers.userId, coder.user.id));
    expect([row?.isVerified, row?.verificationMethod, row?.verifiedAt]).toEqual([false, null, null]);

    // A sign-in email at the company's domain verifies again at once, but from now: the old clock is gone.
    const signer = await signInReferrer(t, 'Sue Signer', 'Google', googleEmail());
    advance(DAY);
    await setCompany(signer, 'Stripe');
    expect((await status(signer)).verified).toBe(false);
    advance(DAY);
    await setCompany(signer, 'Google');
    expect((await status(signer)).verifiedUntil).toBe(new Date(clock.getTime() + TTL).toISOString());
  });

  /** A company with a domain, an unverified referrer (the lower id) and one verified by sign-in email. */
  async function pairAtCompany() {
    const domain = `lapse-match-${++seq}-${Date.now()}.example`;
    const name = `Lapse Match ${seq} ${Date.now()}`;
    const plain = await signInReferrer(t, 'Pia Plain', name);
    const verified = await t.signIn('Vic Verified', `vic@${domain}`);
    await setCompany(verified, name);
    await t.database.db
      .update(companies)
      .set({ emailDomains: [domain] })
      .where(eq(companies.name, name));
    expect((await setWilling(verified, true)).statusCode).toBe(200);
    const [company] = await t.database.db.select().from(companies).where(eq(companies.name, name));
    return { name, companyId: company!.id, plain, verified };
  }

  it('matching treats a lapsed referrer as unverified', async () => {
    // Otherwise alike (no open referrals, never assigned), the verified one comes first while it holds…
    const held = await pairAtCompany();
    const first = await ask(await t.signIn('Sam Seeker'), held.name);
    expect((await currentReferral(t, first))?.referrerId).toBe(held.verified.user.id);
    // …and once it lapsed, the lower user id does, as between two unverified referrers.
    const lapsed = await pairAtCompany();
    advance(TTL);
    const second = await ask(await t.signIn('Sid Seeker'), lapsed.name);
    expect((await currentReferral(t, second))?.referrerId).toBe(lapsed.plain.user.id);
  });

  it('the company stats count a lapsed referrer as unverified', async () => {
    const { companyId, plain, verified } = await pairAtCompany();
    const stats = async () => (await plain.get(`/api/companies/${companyId}/stats`)).json();
    expect(await stats()).toMatchObject({ referrers: 2, verifiedReferrers: 1 });
    // The stats read the wall clock: the verification moves a TTL into the past instead.
    await t.database.db
      .update(referrers)
      .set({ verifiedAt: new Date(Date.now() - TTL - 1000) })
      .where(eq(referrers.userId, verified.user.id));
    expect(await stats()).toMatchObject({ referrers: 2, verifiedReferrers: 0 });
  });

  it("runs on the app's own sweep, scaled to a short TTL, and is mailed", async () => {
    let now = new Date();
    const timed = await createTestApp(
      kind,
      { now: () => now },
      { VERIFICATION_TTL: '20d', REFERRAL_SWEEP_INTERVAL: '1s' },
    );
    try {
      const email = googleEmail();
      const ref = await signInReferrer(timed, 'Tim Timer', 'Google', email);
      // Half of a 20-day TTL: the reminder comes 10 days before the lapse.
      now = new Date(now.getTime() + 10 * DAY + 1000);
      await vi.waitFor(
        async () => {
          const mails = await timed.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
          expect(mails.map((m) => m.subject)).toContain('Your verification is about to lapse');
        },
        { timeout: 8000, interval: 200 },
      );
      const notices = await notificationsOf(timed, ref.user.id);
      expect(notices.filter((n) => n.type === 'verification_reminder')).toHaveLength(1);
    } finally {
      await timed.close();
    }
  });
});
