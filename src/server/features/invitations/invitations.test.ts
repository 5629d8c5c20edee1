import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExportSchema } from '../../../shared/account.js';
import { ReferrerInviteSchema } from '../../../shared/invitations.js';
import { invitationJoins, mailOutbox, notifications, users } from '../../db/schema.js';
import { setCompany, setWilling, signInReferrer } from '../../testing/referral-fixtures.js';
import {
  Browser,
  createTestApp,
  ORIGIN,
  PUBLIC_URL,
  testDatabases,
  type SignedIn,
  type TestApp,
} from '../../testing/test-app.js';

const NEEDS_REFERRER =
  'Only a referrer who takes requests has an invitation link. Say you are willing to refer first.';
const NOTICE = (first: string, company: string) =>
  `${first} joined ${company} as a referrer through your invitation.`;

/**
 * Issue 49 item 3 (docs/decisions/080-an-invitation-counts-once.md): a willing referrer's stable link; a new
 * account made through it is its inviter's joiner, once; the inviter is told once when the joiner becomes a
 * willing referrer at the inviter's company, and only those count in `joined`.
 */
describe.each(testDatabases)('invitations (%s)', (kind) => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false, livenessSweep: false });
  });
  afterAll(async () => {
    await t.close();
  });

  const companyName = () => `Invitco ${++seq} ${kind}`;
  const inviteOf = async (who: SignedIn) => {
    const res = await who.get('/api/referrer/invite');
    expect(res.statusCode).toBe(200);
    return ReferrerInviteSchema.parse(res.json());
  };
  const codeOf = async (who: SignedIn) => new URL((await inviteOf(who)).url).pathname.split('/')[2]!;

  /** A browser that opens `/join/{code}` and then signs in (a new account unless the email has one). */
  async function joinThrough(code: string, name: string, email = `joiner${++seq}@${kind}.example`) {
    const browser = new Browser(t.app);
    const opened = await browser.request({ method: 'GET', url: `/join/${code}` });
    await browser.signIn(email, name);
    const status = (await browser.request({ method: 'GET', url: '/auth/status' })).json() as {
      user: { id: number };
    };
    const id = status.user.id;
    const put = (url: string, body: unknown) =>
      browser.request({
        method: 'PUT',
        url,
        headers: { ...ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    return {
      id,
      opened,
      browser,
      setCompany: (name: string) => put(`/api/users/${id}/current-company`, { companyName: name }),
      setWilling: (isWilling: boolean) =>
        put(`/api/users/${id}/willingness-to-give-referrals`, { isWilling }),
    };
  }
  const noticesOf = (userId: number) =>
    t.database.db
      .select({ title: notifications.title, message: notifications.message, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'invitation_joined')));
  const inviteMailOf = async (userId: number) =>
    (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId))).filter((m) =>
      m.text.includes('through your invitation'),
    );
  const joinsOf = (inviterId: number) =>
    t.database.db.select().from(invitationJoins).where(eq(invitationJoins.inviterId, inviterId));

  it('refuses visitors with 401 and anyone not willing to refer with 403 and a sentence', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/api/referrer/invite' });
    expect(visitor.statusCode).toBe(401);
    expect(typeof visitor.json().error).toBe('string');

    const seeker = await t.signIn('Sid Seeker');
    expect((await seeker.get('/api/referrer/invite')).json()).toEqual({ error: NEEDS_REFERRER });
    expect((await seeker.get('/api/referrer/invite')).statusCode).toBe(403);
    // Working somewhere is not enough: only a willing referrer.
    await setCompany(seeker, companyName());
    expect((await seeker.get('/api/referrer/invite')).statusCode).toBe(403);
  });

  it('gives a willing referrer one stable, unguessable link of their own, kept while they pause', async () => {
    const rita = await signInReferrer(t, 'Rita Referrer', companyName());
    const first = await inviteOf(rita);
    expect(first.joined).toBe(0);
    expect(first.url).toMatch(new RegExp(`^${PUBLIC_URL}/join/[A-Za-z0-9_-]{16}$`));
    expect(first.url).not.toContain(String(rita.user.id).padStart(16, '0'));
    expect(await inviteOf(rita)).toEqual(first);

    const other = await signInReferrer(t, 'Otto Referrer', companyName());
    expect((await inviteOf(other)).url).not.toBe(first.url);

    expect((await setWilling(rita, false)).statusCode).toBe(200);
    const refused = await rita.get('/api/referrer/invite');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: NEEDS_REFERRER });
    expect((await setWilling(rita, true)).statusCode).toBe(200);
    expect((await inviteOf(rita)).url).toBe(first.url);
  });

  it('sends a known code on to sign-up and /refer with the company, and an unknown one to the landing page', async () => {
    const company = companyName();
    const rita = await signInReferrer(t, 'Rita Opener', company);
    const code = await codeOf(rita);
    const known = await t.app.inject({ method: 'GET', url: `/join/${code}` });
    expect(known.statusCode).toBe(302);
    expect(known.headers.location).toBe(
      `/signup?next=${encodeURIComponent(`/refer?company=${encodeURIComponent(company)}`)}`,
    );
    const cookie = known.cookies.find((c) => c.name === 'invitation');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/auth', sameSite: 'Lax' });
    // Signed: the code alone is not what the browser holds.
    expect(cookie?.value).not.toBe(code);

    for (const unknown of ['AAAAAAAAAAAAAAAA', 'nope', 'x'.repeat(90), encodeURIComponent('<script>')]) {
      const res = await t.app.inject({ method: 'GET', url: `/join/${unknown}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/');
      expect(res.cookies).toEqual([]);
    }
    // Whoever signs up after an unknown code is nobody's joiner.
    const stray = await joinThrough('AAAAAAAAAAAAAAAA', 'Stray Visitor');
    expect(
      await t.database.db.select().from(invitationJoins).where(eq(invitationJoins.joinerId, stray.id)),
    ).toEqual([]);
  });

  it('tells the inviter once, in the app and by mail, when the joiner becomes willing at their company', async () => {
    const company = companyName();
    const rita = await signInReferrer(t, 'Rita Inviter', company);
    const joiner = await joinThrough(await codeOf(rita), 'jo Joiner');
    expect(await joinsOf(rita.user.id)).toHaveLength(1);
    // Joined, not yet a referrer: nothing is counted or told.
    expect((await inviteOf(rita)).joined).toBe(0);
    expect(await noticesOf(rita.user.id)).toEqual([]);

    expect((await joiner.setCompany(company)).statusCode).toBe(200);
    expect((await joiner.setWilling(true)).statusCode).toBe(200);
    expect(await noticesOf(rita.user.id)).toEqual([
      { title: 'Your invitation worked', message: NOTICE('Jo', company), link: '/dashboard' },
    ]);
    expect(await inviteMailOf(rita.user.id)).toHaveLength(1);
    expect((await inviteOf(rita)).joined).toBe(1);

    // Off and on again, or a second press: still told once, counted once.
    expect((await joiner.setWilling(false)).statusCode).toBe(200);
    expect((await joiner.setWilling(true)).statusCode).toBe(200);
    expect((await joiner.setWilling(true)).statusCode).toBe(200);
    expect(await noticesOf(rita.user.id)).toHaveLength(1);
    expect(await inviteMailOf(rita.user.id)).toHaveLength(1);
    expect((await inviteOf(rita)).joined).toBe(1);
  });

  it('counts only a joiner who became a referrer at the same company', async () => {
    const company = companyName();
    const rita = await signInReferrer(t, 'Rita Counter', company);
    const elsewhere = await joinThrough(await codeOf(rita), 'Ella Elsewhere');
    expect((await elsewhere.setCompany(companyName())).statusCode).toBe(200);
    expect((await elsewhere.setWilling(true)).statusCode).toBe(200);
    expect((await inviteOf(rita)).joined).toBe(0);
    expect(await noticesOf(rita.user.id)).toEqual([]);

    // A willing referrer who moves to the inviter's company joins there: counted and told then.
    expect((await elsewhere.setCompany(company)).statusCode).toBe(200);
    expect((await inviteOf(rita)).joined).toBe(1);
    expect(await noticesOf(rita.user.id)).toEqual([
      { title: 'Your invitation worked', message: NOTICE('Ella', company), link: '/dashboard' },
    ]);
  });

  it('never counts an existing account, and an invitation is used up by the sign-in that follows it', async () => {
    const company = companyName();
    const rita = await signInReferrer(t, 'Rita Twice', company);
    const code = await codeOf(rita);
    const known = await t.signIn('Kim Known', `kim${seq}@${kind}.example`);
    // Kim already has an account: signing in again through the link is not joining.
    const again = await joinThrough(code, 'Kim Known', `kim${seq}@${kind}.example`);
    expect(again.id).toBe(known.user.id);
    expect(await joinsOf(rita.user.id)).toEqual([]);
    await setCompany(known, company);
    expect((await setWilling(known, true)).statusCode).toBe(200);
    expect((await inviteOf(rita)).joined).toBe(0);
    expect(await noticesOf(rita.user.id)).toEqual([]);

    // The same browser, signed out, makes a new account: the invitation was used up, so it is nobody's.
    await again.browser.request({ method: 'POST', url: '/auth/logout', headers: ORIGIN });
    await again.browser.signIn(`fresh${seq}@${kind}.example`, 'Fred Fresh');
    expect(await joinsOf(rita.user.id)).toEqual([]);
  });

  it('lists the code and who joined, by first name only, in the export; a deleted joiner leaves it', async () => {
    const company = companyName();
    const rita = await signInReferrer(t, 'Rita Exporter', company);
    const code = await codeOf(rita);
    const joiner = await joinThrough(code, 'Paula Private Surname');
    expect((await joiner.setCompany(company)).statusCode).toBe(200);
    expect((await joiner.setWilling(true)).statusCode).toBe(200);

    const exported = AccountExportSchema.parse((await rita.get('/api/user/export')).json());
    expect(exported.invitation.code).toBe(code);
    expect(exported.invitation.joined).toEqual([
      { firstName: 'Paula', joinedAt: expect.any(String), becameReferrerAt: expect.any(String) },
    ]);
    expect(JSON.stringify(exported.invitation)).not.toContain('Surname');

    await t.database.db.delete(users).where(eq(users.id, joiner.id));
    const after = AccountExportSchema.parse((await rita.get('/api/user/export')).json());
    expect(after.invitation.joined).toEqual([]);
    expect((await inviteOf(rita)).joined).toBe(0);
  });
});
