import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../../db/schema.js';
import { companies, experiences, users } from '../../../db/schema.js';
import { findReferrer } from '../matching/referrer-repo.js';
import { openReferralWorld, type ReferralWorld } from '../../../testing/referral-world.js';
import { changeReferralStatus } from '../requests/service.js';
import {
  confirmVerificationCode,
  sendVerificationCode,
  verificationStatus,
  type MailToSend,
  type VerificationDeps,
} from './verification.js';
import { verifyReferrerByAdmin } from './by-admin.js';
import { canViewProfile, followCurrentCompany, setWillingness } from '../matching/willingness.js';
import { rejection } from '../../../testing/rejection.js';

/**
 * docs/product.md, Verification on one bare in-memory database with a set clock: the
 * code mailed to a work address, its tries, its expiry and the hourly limit; willingness and the referrer
 * record. verification.test.ts and willingness.test.ts walk the same rules through HTTP.
 */

const MINUTE = 60_000;
const YEAR = 365 * 24 * 60 * MINUTE;
/** Statuses judged by the wall clock with the default VERIFICATION_TTL. */
const wall = { now: () => new Date(), ttlMs: YEAR };
let w: ReferralWorld;
beforeAll(async () => {
  w = await openReferralWorld({ capacity: 1 });
});
afterAll(() => w.close());

function clockAndMail() {
  const mails: MailToSend[] = [];
  // The wall clock's time: the world's referrers are verified by it when they turn referrals on.
  let now = new Date();
  const deps: VerificationDeps = {
    sendMail: async (_tx, message) => mails.push(message),
    secret: 'test-secret',
    now: () => now,
    ttlMs: YEAR,
  };
  return {
    mails,
    deps,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
    lastCode: () => /is (\d{6})\./.exec(mails.at(-1)?.text ?? '')?.[1] ?? 'none',
  };
}

async function referrerAt(domain: string | null) {
  const company = await w.company(domain);
  const referrer = await w.referrer('Vera Verify', company.name);
  return { company, referrer };
}

describe('verificationStatus', () => {
  it('answers for a non-referrer, an unverified one and one verified by their sign-in email', async () => {
    const plain = await w.user('Pat Plain');
    expect(await verificationStatus(w.database.db, wall, plain.id)).toEqual({
      verified: false,
      method: null,
      companyName: null,
      verifiedUntil: null,
      renewable: false,
    });
    const { company, referrer } = await referrerAt('acme-one.example');
    expect(await verificationStatus(w.database.db, wall, referrer.id)).toEqual({
      verified: false,
      method: null,
      companyName: company.name,
      verifiedUntil: null,
      renewable: false,
    });
    const signedIn = await w.referrer('Sid Signin', company.name, 'sid@eu.acme-one.example');
    expect(await verificationStatus(w.database.db, wall, signedIn.id)).toEqual({
      verified: true,
      method: 'sign-in-email',
      companyName: company.name,
      verifiedUntil: expect.any(String),
      renewable: false,
    });
  });
});

describe('sendVerificationCode', () => {
  it('mails a six-digit code to the trimmed, lower-cased work address', async () => {
    const { company, referrer } = await referrerAt('mail-one.example');
    const { deps, mails, lastCode } = clockAndMail();
    const sent = await sendVerificationCode(w.database.db, deps, referrer, '  Vera@Mail-One.Example ');
    expect(sent).toEqual({ sentTo: 'vera@mail-one.example', expiresInMinutes: 15 });
    const code = lastCode();
    expect(code).toMatch(/^\d{6}$/);
    expect(mails).toEqual([
      {
        userId: referrer.id,
        urgent: true,
        to: 'vera@mail-one.example',
        subject: `Your ReferBridge verification code: ${code}`,
        text: `Your code to verify that you work at ${company.name} is ${code}.\n\nIt works for 15 minutes. If you did not ask for it, you can ignore this email.`,
      },
    ]);
  });

  it('refuses non-referrers, the verified, companies without a domain and other domains', async () => {
    const { deps, mails } = clockAndMail();
    const plain = await w.user('Pat Plain');
    const notReferrer = await rejection(sendVerificationCode(w.database.db, deps, plain, 'pat@x.example'));
    expect([notReferrer.statusCode, notReferrer.message]).toEqual([
      409,
      'Only referrers can verify a work email: turn on referrals at your current company first.',
    ]);

    const { company: noDomain, referrer: r1 } = await referrerAt(null);
    const none = await rejection(sendVerificationCode(w.database.db, deps, r1, 'vera@x.example'));
    expect([none.statusCode, none.message]).toEqual([
      400,
      `We cannot verify ${noDomain.name} automatically yet: it has no known email domain.`,
    ]);

    const { company, referrer: r2 } = await referrerAt('right-one.example');
    const wrong = await rejection(sendVerificationCode(w.database.db, deps, r2, 'vera@wrong.example'));
    expect([wrong.statusCode, wrong.message]).toEqual([
      400,
      `Use your ${company.name} email address: it must end in @right-one.example (or a subdomain of it).`,
    ]);
    expect(wrong.fieldErrors).toEqual({ workEmail: ['Use an address ending in @right-one.example.'] });

    const verified = await w.referrer('Sid Signin', company.name, 'sid@right-one.example');
    const again = await rejection(
      sendVerificationCode(w.database.db, deps, verified, 'sid@right-one.example'),
    );
    expect([again.statusCode, again.message]).toEqual([409, `You are already verified at ${company.name}.`]);
    expect(mails).toEqual([]);
  });

  it('sends three codes an hour, then says when the next may be asked for', async () => {
    const { referrer } = await referrerAt('hourly-one.example');
    const { deps, mails, advance } = clockAndMail();
    const send = () => sendVerificationCode(w.database.db, deps, referrer, 'vera@hourly-one.example');
    await send();
    advance(10 * MINUTE);
    await send();
    advance(10 * MINUTE);
    await send();
    advance(10 * MINUTE);
    const limited = await rejection(send());
    expect([limited.statusCode, limited.message]).toEqual([
      429,
      'You have asked for 3 codes in the last hour. Please wait a while before asking for another.',
    ]);
    // The first code was asked for 30 minutes ago: the next may come in 30 minutes.
    expect(limited.headers).toEqual({ 'retry-after': '1800' });
    advance(30 * MINUTE - 1000);
    expect((await rejection(send())).headers).toEqual({ 'retry-after': '1' });
    advance(1000);
    await send();
    expect(mails).toHaveLength(4);
  });
});

describe('renewal', () => {
  it('a verification holding may be renewed only from 14 days before it lapses, and no more once lapsed', async () => {
    const company = await w.company('renew-one.example');
    const sid = await w.referrer('Sid Renew', company.name, 'sid@renew-one.example');
    const verifiedAt = (await findReferrer(w.database.db, sid.id))!.verifiedAt!;
    const until = verifiedAt.getTime() + YEAR;
    const DAY = 24 * 60 * MINUTE;
    const mails: MailToSend[] = [];
    let now = new Date(until - 14 * DAY - 1);
    const deps: VerificationDeps = {
      sendMail: async (_tx, message) => mails.push(message),
      secret: 'test-secret',
      now: () => now,
      ttlMs: YEAR,
    };
    const status = () => verificationStatus(w.database.db, deps, sid.id);
    const send = () => sendVerificationCode(w.database.db, deps, sid, 'sid@renew-one.example');

    expect(await status()).toEqual({
      verified: true,
      method: 'sign-in-email',
      companyName: company.name,
      verifiedUntil: new Date(until).toISOString(),
      renewable: false,
    });
    expect((await rejection(send())).statusCode).toBe(409);
    now = new Date(until - 14 * DAY);
    expect((await status()).renewable).toBe(true);
    await send();
    expect(mails.map((m) => m.to)).toEqual(['sid@renew-one.example']);
    now = new Date(until);
    expect(await status()).toEqual({
      verified: false,
      method: null,
      companyName: company.name,
      verifiedUntil: null,
      renewable: false,
    });
  });
});

describe('public mail domains', () => {
  it('a company known only by a public mail domain is left to an admin; its other domains still verify', async () => {
    const { company, referrer } = await referrerAt('gmail.com');
    const { deps, mails, lastCode } = clockAndMail();
    const send = (email: string) => sendVerificationCode(w.database.db, deps, referrer, email);
    const onlyFree = await rejection(send('vera@gmail.com'));
    expect([onlyFree.statusCode, onlyFree.message]).toEqual([
      400,
      `We cannot verify ${company.name} employees by email: anyone can get an address at gmail.com. Your profile stays 'Pending Verification' until an admin verifies you.`,
    ]);

    await w.database.db
      .update(companies)
      .set({ emailDomains: ['gmail.com', 'mixed-one.example', 'mixed-two.example'] })
      .where(eq(companies.id, company.id));
    const personal = await rejection(send('vera@gmail.com'));
    expect([personal.statusCode, personal.message]).toEqual([
      400,
      `gmail.com gives mailboxes to anyone, so it cannot show where you work. Use your ${company.name} email address.`,
    ]);
    expect(personal.fieldErrors).toEqual({ workEmail: ['Use your work email address, not a personal one.'] });
    const elsewhere = await rejection(send('vera@elsewhere.example'));
    expect(elsewhere.message).toBe(
      `Use your ${company.name} email address: it must end in @mixed-one.example or @mixed-two.example (or a subdomain of it).`,
    );
    expect(mails).toEqual([]);
    await send('vera@mixed-one.example');
    expect(mails.map((m) => m.to)).toEqual(['vera@mixed-one.example']);

    // A code mailed to a domain the company no longer has proves nothing.
    await w.database.db
      .update(companies)
      .set({ emailDomains: ['mixed-two.example'] })
      .where(eq(companies.id, company.id));
    const stale = await rejection(confirmVerificationCode(w.database.db, deps, referrer, lastCode()));
    expect([stale.statusCode, stale.message]).toEqual([
      400,
      `That code went to vera@mixed-one.example, which cannot show that you work at ${company.name}.`,
    ]);
    expect((await verificationStatus(w.database.db, deps, referrer.id)).verified).toBe(false);
  });
});

describe('verifyReferrerByAdmin', () => {
  it('verifies a referrer from now, kept across willingness; a non-referrer is answered false', async () => {
    const { company, referrer } = await referrerAt(null);
    const plain = await w.user('Pat Plain');
    const now = new Date();
    const byAdmin = (userId: number) =>
      w.database.db.transaction((tx) => verifyReferrerByAdmin(tx, userId, now));
    expect(await byAdmin(plain.id)).toBe(false);
    expect(await findReferrer(w.database.db, plain.id)).toBeUndefined();
    expect(await byAdmin(referrer.id)).toBe(true);
    const verified = {
      verified: true,
      method: 'admin',
      companyName: company.name,
      verifiedUntil: new Date(now.getTime() + YEAR).toISOString(),
      renewable: false,
    };
    expect(await verificationStatus(w.database.db, wall, referrer.id)).toEqual(verified);
    await setWillingness(w.database.db, w.deps, referrer, referrer.id, false);
    await setWillingness(w.database.db, w.deps, referrer, referrer.id, true);
    expect(await verificationStatus(w.database.db, wall, referrer.id)).toEqual(verified);
  });
});

describe('confirmVerificationCode', () => {
  it('verifies with the right code, spaces around it allowed, and keeps it across willingness', async () => {
    const { company, referrer } = await referrerAt('ok-one.example');
    const { deps, lastCode, advance } = clockAndMail();
    await sendVerificationCode(w.database.db, deps, referrer, 'vera@ok-one.example');
    advance(15 * MINUTE);
    const status = await confirmVerificationCode(w.database.db, deps, referrer, ` ${lastCode()} `);
    expect(status).toEqual({
      verified: true,
      method: 'work-email',
      companyName: company.name,
      verifiedUntil: new Date(deps.now().getTime() + YEAR).toISOString(),
      renewable: false,
    });
    const again = await rejection(confirmVerificationCode(w.database.db, deps, referrer, lastCode()));
    expect([again.statusCode, again.message]).toEqual([409, `You are already verified at ${company.name}.`]);

    await setWillingness(w.database.db, w.deps, referrer, referrer.id, false);
    await setWillingness(w.database.db, w.deps, referrer, referrer.id, true);
    expect((await verificationStatus(w.database.db, wall, referrer.id)).method).toBe('work-email');
  });

  it('refuses without a code, after 15 minutes, and for a code from an earlier company', async () => {
    const { deps, lastCode, advance } = clockAndMail();
    const plain = await w.user('Pat Plain');
    expect((await rejection(confirmVerificationCode(w.database.db, deps, plain, '123456'))).statusCode).toBe(
      409,
    );

    const { company, referrer } = await referrerAt('late-one.example');
    const none = await rejection(confirmVerificationCode(w.database.db, deps, referrer, '123456'));
    expect([none.statusCode, none.message]).toEqual([
      400,
      'There is no code waiting for you: ask for a code first.',
    ]);

    await sendVerificationCode(w.database.db, deps, referrer, 'vera@late-one.example');
    advance(15 * MINUTE + 1);
    const late = await rejection(confirmVerificationCode(w.database.db, deps, referrer, lastCode()));
    expect([late.statusCode, late.message]).toEqual([400, 'That code has expired: ask for a new one.']);

    await sendVerificationCode(w.database.db, deps, referrer, 'vera@late-one.example');
    const moved = await w.company('elsewhere-one.example');
    await w.moveTo(referrer.id, moved.name);
    const stale = await rejection(confirmVerificationCode(w.database.db, deps, referrer, lastCode()));
    expect(stale.message).toBe('There is no code waiting for you: ask for a code first.');
    expect((await verificationStatus(w.database.db, wall, referrer.id)).companyName).toBe(moved.name);
    expect(company.name).not.toBe(moved.name);
  });

  it('counts wrong tries down to the last, then refuses even the right code', async () => {
    const { referrer } = await referrerAt('tries-one.example');
    const { deps, lastCode } = clockAndMail();
    await sendVerificationCode(w.database.db, deps, referrer, 'vera@tries-one.example');
    const code = lastCode();
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 4; i++) {
      const err = await rejection(confirmVerificationCode(w.database.db, deps, referrer, wrong));
      expect(err.statusCode).toBe(400);
      messages.push(err.message);
    }
    expect(messages).toEqual([
      'That code is not right. 4 tries left.',
      'That code is not right. 3 tries left.',
      'That code is not right. 2 tries left.',
      'That code is not right. 1 try left.',
    ]);
    const last = await rejection(confirmVerificationCode(w.database.db, deps, referrer, wrong));
    expect([last.statusCode, last.message, last.headers]).toEqual([
      429,
      'That code is not right, and that was the last try: ask for a new code.',
      { 'retry-after': '1' },
    ]);
    const spent = await rejection(confirmVerificationCode(w.database.db, deps, referrer, code));
    expect([spent.statusCode, spent.message, spent.headers]).toEqual([
      429,
      'Too many wrong tries for this code: ask for a new one.',
      { 'retry-after': '1' },
    ]);
    expect((await verificationStatus(w.database.db, wall, referrer.id)).verified).toBe(false);
  });

  it('after three codes are spent, says when a new one may be asked for', async () => {
    const { referrer } = await referrerAt('spent-one.example');
    const { deps, lastCode, advance } = clockAndMail();
    for (let i = 0; i < 3; i++) {
      await sendVerificationCode(w.database.db, deps, referrer, 'vera@spent-one.example');
      advance(MINUTE);
    }
    const wrong = lastCode() === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++)
      await rejection(confirmVerificationCode(w.database.db, deps, referrer, wrong));
    const last = await rejection(confirmVerificationCode(w.database.db, deps, referrer, wrong));
    // The first of the three was asked for 3 minutes ago: a new one in 57 minutes.
    expect(last.headers).toEqual({ 'retry-after': String(57 * 60) });
  });

  it('does not take a code hashed with another secret', async () => {
    const { referrer } = await referrerAt('secret-one.example');
    const { deps, lastCode } = clockAndMail();
    await sendVerificationCode(w.database.db, deps, referrer, 'vera@secret-one.example');
    const err = await rejection(
      confirmVerificationCode(w.database.db, { ...deps, secret: 'another' }, referrer, lastCode()),
    );
    expect(err.message).toBe('That code is not right. 4 tries left.');
  });
});

describe('willingness', () => {
  it('only for oneself, needs a current company, and makes the user a referrer there', async () => {
    const u = await w.user('Will Ing');
    const other = await w.user('Otto Other');
    const forbidden = await rejection(setWillingness(w.database.db, w.deps, other, u.id, true));
    expect([forbidden.statusCode, forbidden.message]).toEqual([
      403,
      'You can only change your own referral preferences.',
    ]);
    const noCompany = await rejection(setWillingness(w.database.db, w.deps, u, u.id, true));
    expect(noCompany.statusCode).toBe(409);
    const blank = await w.user('Bea Blank', { currentCompanyName: '   ' });
    expect((await rejection(setWillingness(w.database.db, w.deps, blank, blank.id, true))).statusCode).toBe(
      409,
    );
    const ghost = { ...u, id: 9_999_999 } as UserRow;
    const gone = await rejection(setWillingness(w.database.db, w.deps, ghost, ghost.id, false));
    expect([gone.statusCode, gone.message]).toEqual([404, 'Profile not found.']);

    const company = await w.company();
    await w.database.db
      .update(users)
      .set({ currentCompanyName: ` ${company.name} ` })
      .where(eq(users.id, u.id));
    const on = await setWillingness(w.database.db, w.deps, u, u.id, true);
    expect([on.willingToGiveReferrals, on.role]).toEqual([true, 'referrer']);
    const off = await setWillingness(w.database.db, w.deps, u, u.id, false);
    expect([off.willingToGiveReferrals, off.role]).toEqual([false, 'referrer']);
    // Turning it off on someone never willing keeps them a job seeker.
    const never = await setWillingness(w.database.db, w.deps, other, other.id, false);
    expect([never.willingToGiveReferrals, never.role]).toEqual([false, 'job_seeker']);
  });

  it('turning willing hands over waiting requests; a referrer who follows a new company gets its waiting ones', async () => {
    const company = await w.company();
    const seeker = await w.user('Sam Seeker');
    const requestId = await w.ask(seeker, company.name);
    const referrer = await w.referrer('Rita Ref', company.name);
    expect((await w.current(requestId))?.referrerId).toBe(referrer.id);

    const next = await w.company();
    const nextRequest = await w.ask(await w.user('Nia Seeker'), next.name);
    // Capacity 1 and one open referral: following the new company hands over nothing yet.
    await followCurrentCompany(w.database.db, w.deps, referrer.id, next.name);
    expect(await w.current(nextRequest)).toBeUndefined();
    const mover = await w.referrer('Mo Mover', (await w.company()).name);
    await followCurrentCompany(w.database.db, w.deps, mover.id, next.name);
    expect((await w.current(nextRequest))?.referrerId).toBe(mover.id);

    // An unwilling referrer who follows a company takes nothing; a non-referrer is left alone.
    const third = await w.company();
    const later = await w.ask(await w.user('Lou Seeker'), third.name);
    const idle = await w.referrer('Ida Idle', (await w.company()).name);
    await setWillingness(w.database.db, w.deps, idle, idle.id, false);
    await w.moveTo(idle.id, third.name);
    expect(await w.current(later)).toBeUndefined();
    const plain = await w.user('Pat Plain');
    await followCurrentCompany(w.database.db, w.deps, plain.id, third.name);
    expect(await w.current(later)).toBeUndefined();
    expect((await verificationStatus(w.database.db, wall, plain.id)).companyName).toBeNull();
    // Willing again, Ida takes the request waiting at the company she now works at.
    await setWillingness(w.database.db, w.deps, idle, idle.id, true);
    expect((await w.current(later))?.referrerId).toBe(idle.id);
  });

  it('the referrer record takes the position and start date of the current job there', async () => {
    const company = await w.company();
    const u = await w.user('Jo Job', { currentCompanyName: company.name });
    await w.database.db.insert(experiences).values([
      {
        userId: u.id,
        companyName: `  ${company.name.toUpperCase()}  `,
        jobTitle: 'Staff Engineer',
        startDate: '2021-04-01',
        currentlyWorking: true,
      },
      {
        userId: u.id,
        companyName: company.name,
        jobTitle: 'Intern',
        startDate: '2015-01-01',
        currentlyWorking: false,
      },
    ]);
    await setWillingness(w.database.db, w.deps, u, u.id, true);
    expect(await findReferrer(w.database.db, u.id)).toMatchObject({
      companyId: company.id,
      position: 'Staff Engineer',
      startDate: '2021-04-01',
      isVerified: false,
      verificationMethod: null,
    });
    const other = await w.company();
    await w.moveTo(u.id, other.name);
    expect(await findReferrer(w.database.db, u.id)).toMatchObject({
      companyId: other.id,
      position: null,
      startDate: null,
    });
  });

  it('a work-email verification stays at its company and does not follow the referrer to another', async () => {
    const { company, referrer } = await referrerAt('stay-one.example');
    const { deps, lastCode } = clockAndMail();
    await sendVerificationCode(w.database.db, deps, referrer, 'vera@stay-one.example');
    await confirmVerificationCode(w.database.db, deps, referrer, lastCode());
    await followCurrentCompany(w.database.db, w.deps, referrer.id, company.name);
    expect(await verificationStatus(w.database.db, wall, referrer.id)).toEqual({
      verified: true,
      method: 'work-email',
      companyName: company.name,
      verifiedUntil: expect.any(String),
      renewable: false,
    });
    const other = await w.company('other-one.example');
    await w.moveTo(referrer.id, other.name);
    expect(await verificationStatus(w.database.db, wall, referrer.id)).toEqual({
      verified: false,
      method: null,
      companyName: other.name,
      verifiedUntil: null,
      renewable: false,
    });
  });

  it('a referrer sees the profiles of seekers whose request they hold now, not after it passed on', async () => {
    const company = await w.company();
    const first = await w.referrer('Rita Ref', company.name);
    await w.referrer('Nina Next', company.name);
    const seeker = await w.user('Sam Seeker');
    const stranger = await w.user('Stan Stranger');
    const requestId = await w.ask(seeker, company.name);
    expect(await canViewProfile(w.database.db, first.id, seeker.id)).toBe(true);
    expect(await canViewProfile(w.database.db, seeker.id, seeker.id)).toBe(true);
    expect(await canViewProfile(w.database.db, stranger.id, seeker.id)).toBe(false);
    expect(await canViewProfile(w.database.db, seeker.id, first.id)).toBe(false);
    await changeReferralStatus(w.database.db, w.deps, first, (await w.current(requestId))!.id, {
      status: 'declined',
      feedback: null,
      reason: null,
    });
    await w.settleDeclines();
    expect(await canViewProfile(w.database.db, first.id, seeker.id)).toBe(false);
  });
});
