import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminAuditPageSchema, AdminUserListSchema, AdminUserSchema } from '../../../../shared/admin.js';
import { AuthStatusSchema, SUSPENDED_SIGN_IN } from '../../../../shared/auth.js';
import { mailOutbox, users } from '../../../db/schema.js';
import {
  ask,
  companyWithReferrers,
  currentReferral,
  referralsOf,
  requestStatus,
} from '../../../testing/handoff-fixtures.js';
import { notificationsOf, setWilling, signInReferrer } from '../../../testing/referral-fixtures.js';
import {
  Browser,
  createTestApp,
  testDatabases,
  type SignedIn,
  type TestApp,
} from '../../../testing/test-app.js';

const BOSS = 'boss@example.com';

/** Issue 25 item 4: suspension ends every session everywhere, refuses sign-in, and sets the user's part aside. */
describe.each(testDatabases)('suspension (%s)', (kind) => {
  let t: TestApp;
  /** A second instance on the same database: a suspension must reach it too. */
  let other: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false }, { ADMIN_EMAILS: BOSS });
    other = await createTestApp(kind, { referralSweep: false }, { ADMIN_EMAILS: BOSS }, t);
    admin = await t.signIn('Bo Boss', BOSS);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const suspend = (id: number, reason = 'Asked seekers for money') =>
    admin.post(`/api/admin/users/${id}/suspend`, { reason });
  const unsuspend = (id: number) => admin.post(`/api/admin/users/${id}/unsuspend`);
  /** The same cookies, sent to the other instance. */
  const onOtherInstance = (who: SignedIn) => {
    const browser = new Browser(other.app);
    for (const [name, value] of who.browser.cookies) browser.cookies.set(name, value);
    return browser.request({ method: 'GET', url: '/api/user/settings' });
  };

  it('ends every session at once on every instance, refuses sign-in with its sentence, and lifts cleanly', async () => {
    const email = `sam-${Date.now()}@example.com`;
    const sam = await t.signIn('Sam Suspect', email);
    const secondTab = await other.signIn('Sam Suspect', email);
    expect(secondTab.user.id).toBe(sam.user.id);
    expect((await sam.get('/api/user/settings')).statusCode).toBe(200);
    expect((await onOtherInstance(sam)).statusCode).toBe(200);

    const res = await suspend(sam.user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminUserSchema.parse(res.json())).toMatchObject({
      id: sam.user.id,
      suspensionReason: 'Asked seekers for money',
    });
    expect(res.json().suspendedAt).not.toBeNull();
    expect((await sam.get('/api/user/settings')).statusCode).toBe(401);
    // The other instance forgets the signed-in user when PostgreSQL's NOTIFY reaches it, on its own
    // connection: at once, give or take that delivery (a CI run under load once answered 200 before it).
    const onOther = [
      () => onOtherInstance(sam),
      () => secondTab.get('/api/notifications/unread-count'),
      () => secondTab.get('/api/user/settings'),
    ];
    for (const ask of onOther) {
      await expect.poll(async () => (await ask()).statusCode, { interval: 20, timeout: 2000 }).toBe(401);
    }

    // The popup says why, and stays open to be read; /auth/status repeats it for the page.
    const browser = new Browser(t.app);
    const popup = await browser.signIn(email, 'Sam Suspect');
    expect(popup.statusCode).toBe(200);
    expect(popup.body).toContain('This account is suspended, so it cannot sign in.');
    expect(popup.body).not.toContain('window.close(); </script>');
    const status = AuthStatusSchema.parse(
      (await browser.request({ method: 'GET', url: '/auth/status' })).json(),
    );
    expect(status).toMatchObject({ isAuthenticated: false, user: null, error: SUSPENDED_SIGN_IN });

    // Told by mail, whatever their notification settings, never the admin's reason.
    const mailTo = async () =>
      (
        await t.database.db
          .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text })
          .from(mailOutbox)
          .where(eq(mailOutbox.userId, sam.user.id))
      )
        .filter((m) => m.subject.startsWith('Your ReferBridge account'))
        .sort((a, b) => a.subject.localeCompare(b.subject));
    const [told] = await mailTo();
    expect(told).toMatchObject({ to: email, subject: 'Your ReferBridge account is suspended' });
    expect(told!.text).not.toContain('Asked seekers for money');

    const again = await suspend(sam.user.id);
    expect(again.statusCode).toBe(409);
    expect(await mailTo()).toHaveLength(1);
    expect(again.json().error).toBe('This user is already suspended.');

    expect((await unsuspend(sam.user.id)).statusCode).toBe(200);
    expect((await mailTo()).map((m) => m.subject)).toEqual([
      'Your ReferBridge account is active again',
      'Your ReferBridge account is suspended',
    ]);
    const back = await t.signIn('Sam Suspect', email);
    expect(back.user.id).toBe(sam.user.id);
    expect((await back.get('/api/user/settings')).statusCode).toBe(200);
    const twice = await unsuspend(sam.user.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('This user is not suspended.');

    const audit = AdminAuditPageSchema.parse((await admin.get('/api/admin/audit?limit=5')).json());
    const mine = audit.filter((e) => e.targetId === sam.user.id);
    expect(mine.map((e) => e.action)).toEqual(['user.unsuspend', 'user.suspend']);
    expect(mine[1]).toMatchObject({
      actorEmail: BOSS,
      targetType: 'user',
      reason: 'Asked seekers for money',
    });
  });

  it('refuses an admin suspending themselves, an unknown user, a blank reason, and anyone but an admin', async () => {
    const self = await suspend(admin.user.id);
    expect(self.statusCode).toBe(409);
    expect(self.json().error).toBe('You cannot suspend yourself: ask another admin.');
    expect((await suspend(2_000_000_000)).statusCode).toBe(404);
    expect((await unsuspend(2_000_000_000)).statusCode).toBe(404);
    const blank = await admin.post(`/api/admin/users/${admin.user.id}/suspend`, { reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toMatch(/^Give a reason/);
    const victim = await t.signIn('Vic Victim');
    const mallory = await t.signIn('Mal Lory');
    const denied = await mallory.post(`/api/admin/users/${victim.user.id}/suspend`, { reason: 'x' });
    expect(denied.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, victim.user.id));
    expect(row?.suspendedAt).toBeNull();
    expect((await victim.get('/api/user/settings')).statusCode).toBe(200);
  });

  it("passes a suspended referrer's referrals on, and gives them nothing new until it is lifted", async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Rita First', 'Rob Second');
    const [rita, rob] = referrers as [SignedIn, SignedIn];
    const seeker = await t.signIn('Sue Seeker');
    const request = await ask(seeker, company);
    expect((await currentReferral(t, request))?.referrerId).toBe(rita.user.id);

    expect((await suspend(rita.user.id)).statusCode).toBe(200);
    expect((await currentReferral(t, request))?.referrerId).toBe(rob.user.id);
    const told = await notificationsOf(t, seeker.user.id);
    expect(told.map((n) => n.message)).toContain(
      `The referrer who had your request for ${'Software Engineer'} at ${company} can no longer take it, so it now goes to another referrer there.`,
    );
    expect(told.some((n) => /suspend/i.test(n.message))).toBe(false);

    // A new request goes to Rob, never to the suspended Rita, even with Rob's slots counted.
    const seeker2 = await t.signIn('Syd Seeker');
    const second = await ask(seeker2, company);
    expect((await currentReferral(t, second))?.referrerId).toBe(rob.user.id);

    expect((await unsuspend(rita.user.id)).statusCode).toBe(200);
    const seeker3 = await t.signIn('Sal Seeker');
    const third = await ask(seeker3, company);
    expect((await currentReferral(t, third))?.referrerId).toBe(rita.user.id);
  });

  it("takes a suspended seeker's requests from their referrers and keeps them waiting until it is lifted", async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Kim Keeper');
    const [kim] = referrers as [SignedIn];
    const seeker = await t.signIn('Pat Paused');
    const request = await ask(seeker, company);
    expect((await currentReferral(t, request))?.referrerId).toBe(kim.user.id);

    expect((await suspend(seeker.user.id)).statusCode).toBe(200);
    expect(await currentReferral(t, request)).toBeUndefined();
    expect(await requestStatus(t, request)).toBe('pending');
    const kimTold = await notificationsOf(t, kim.user.id);
    expect(kimTold.map((n) => n.title)).toContain('Request on hold');
    // Not a payment hold: nothing in the admins' review queue.
    const held = await admin.get('/api/admin/reports');
    expect(held.statusCode).toBe(200);

    // A referrer who turns willing now does not get it; nor does Kim, turning willing again.
    const late = await signInReferrer(t, 'Lee Late', company);
    expect(await currentReferral(t, request)).toBeUndefined();
    expect((await setWilling(kim, false)).statusCode).toBe(200);
    expect((await setWilling(kim, true)).statusCode).toBe(200);
    expect(await currentReferral(t, request)).toBeUndefined();

    // Lifted: it returns to matching, never to Kim who held it before.
    expect((await unsuspend(seeker.user.id)).statusCode).toBe(200);
    expect((await currentReferral(t, request))?.referrerId).toBe(late.user.id);
    expect((await referralsOf(t, request)).map((r) => r.referrerId)).toEqual([kim.user.id, late.user.id]);
  });

  it('finds users by name or email, with their suspension', async () => {
    const wanted = await t.signIn('Zed Findable', `zed-${Date.now()}@example.com`);
    expect((await suspend(wanted.user.id, 'Spam')).statusCode).toBe(200);
    const found = AdminUserListSchema.parse((await admin.get('/api/admin/users?q=zed findable')).json());
    expect(found).toEqual([
      expect.objectContaining({ id: wanted.user.id, suspensionReason: 'Spam', role: 'job_seeker' }),
    ]);
    const byEmail = AdminUserListSchema.parse((await admin.get(`/api/admin/users?q=ZED-`)).json());
    expect(byEmail.map((u) => u.id)).toContain(wanted.user.id);
    // LIKE's wildcards are taken literally.
    expect(AdminUserListSchema.parse((await admin.get('/api/admin/users?q=%25%25%25')).json())).toEqual([]);
  });

  it('verifies a referrer by hand, audited, and refuses someone who refers nowhere', async () => {
    const { referrers } = await companyWithReferrers(t, 'Una Unverified');
    const [una] = referrers as [SignedIn];
    expect((await una.get('/api/referrer/verification')).json().verified).toBe(false);
    const res = await admin.post(`/api/admin/users/${una.user.id}/verify`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().verified).toBe(true);
    expect((await una.get('/api/referrer/verification')).json()).toMatchObject({
      verified: true,
      method: 'admin',
    });
    const seeker = await t.signIn('Nora Nobody');
    const refused = await admin.post(`/api/admin/users/${seeker.user.id}/verify`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'This user does not refer at any company yet, so there is nothing to verify.',
    );
    const audit = AdminAuditPageSchema.parse((await admin.get('/api/admin/audit?limit=3')).json());
    expect(audit[0]).toMatchObject({ action: 'user.verify', targetType: 'user', targetId: una.user.id });
  });
});
