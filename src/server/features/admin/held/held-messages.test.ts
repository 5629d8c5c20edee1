import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExportSchema } from '../../../../shared/account.js';
import { AdminAuditPageSchema } from '../../../../shared/admin.js';
import { AdminHeldMessageListSchema, AdminHeldMessageSchema } from '../../../../shared/held-review.js';
import { ReferralThreadSchema } from '../../../../shared/referral-messages.js';
import { PAYMENT_HOLD_NOTICES } from '../../../../shared/referral-texts.js';
import {
  ask,
  companyWithReferrers,
  currentReferral,
  declineAndSettle,
} from '../../../testing/handoff-fixtures.js';
import { notificationsOf } from '../../../testing/referral-fixtures.js';
import {
  ORIGIN,
  createTestApp,
  testDatabases,
  type SignedIn,
  type TestApp,
} from '../../../testing/test-app.js';
import { THREAD_GONE } from './held.js';

const OFFER = 'Happy to Venmo you for your time.';
const REFERRER_OFFER = 'Pay me $200 and I will refer you.';

/** Issue 25 item 6: thread messages that offer money wait for an admin; the other side sees nothing. */
describe.each(testDatabases)('held thread messages (%s)', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let otherAdmin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { referralSweep: false, livenessSweep: false },
      { ADMIN_EMAILS: 'boss@example.com,deputy@example.com' },
    );
    admin = await t.signIn('Bo Boss', 'boss@example.com');
    otherAdmin = await t.signIn('Dee Deputy', 'deputy@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  /** Sam's request, held by Rita; a second referrer there for hand-offs. */
  async function threadWorld() {
    const { company, referrers } = await companyWithReferrers(t, 'Rita Ref', 'Hana Holder');
    const [referrer, next] = referrers as [SignedIn, SignedIn];
    const seeker = await t.signIn('Sam Seeker');
    const requestId = await ask(seeker, company);
    const referralId = (await currentReferral(t, requestId))!.id;
    const url = `/api/referrals/${referralId}/messages`;
    return { company, referrer, next, seeker, requestId, referralId, url };
  }
  const thread = async (who: SignedIn, url: string) => {
    const res = await who.get(url);
    expect(res.statusCode, res.body).toBe(200);
    return ReferralThreadSchema.parse(res.json());
  };
  const messageNotices = async (who: SignedIn) =>
    (await notificationsOf(t, who.user.id)).filter((n) => n.type === 'referral_message');
  const send = async (who: SignedIn, url: string, body: string) => {
    const res = await who.post(url, { body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; status: string };
  };
  const queue = async () => {
    const res = await admin.get('/api/admin/messages?status=held');
    expect(res.statusCode, res.body).toBe(200);
    return AdminHeldMessageListSchema.parse(res.json());
  };
  const audit = async (targetId: number) =>
    AdminAuditPageSchema.parse((await admin.get('/api/admin/audit?limit=100')).json()).filter(
      (e) => e.targetType === 'referral_message' && e.targetId === targetId,
    );
  const release = (who: SignedIn, id: number) => who.post(`/api/admin/messages/${id}/release`, {});
  const reject = (who: SignedIn, id: number, reason = 'Offering money for a referral is not allowed.') =>
    who.post(`/api/admin/messages/${id}/reject`, { reason });

  it('shows a held message to its sender only, tells nobody, until an admin delivers it', async () => {
    const { company, referrer, seeker, url, referralId, requestId } = await threadWorld();
    const sent = await send(seeker, url, OFFER);
    expect(sent).toMatchObject({ status: 'held', body: OFFER, mine: true });
    expect((await thread(seeker, url)).messages).toMatchObject([{ body: OFFER, mine: true, status: 'held' }]);
    expect((await thread(referrer, url)).messages).toEqual([]);
    expect(await messageNotices(referrer)).toEqual([]);
    // An ordinary message still goes through at once, and the held one stays hidden around it.
    await send(seeker, url, 'Happy to pay it forward one day.');
    expect((await thread(referrer, url)).messages.map((m) => m.body)).toEqual([
      'Happy to pay it forward one day.',
    ]);
    expect(await messageNotices(referrer)).toHaveLength(1);
    // Nor does the other side's export carry it.
    const exported = AccountExportSchema.parse((await referrer.get('/api/user/export')).json());
    expect(JSON.stringify(exported)).not.toContain(OFFER);
    expect(
      JSON.stringify(AccountExportSchema.parse((await seeker.get('/api/user/export')).json())),
    ).toContain(OFFER);

    const row = (await queue()).find((m) => m.id === sent.id);
    expect(row).toMatchObject({
      status: 'held',
      body: OFFER,
      rule: 'payment-app',
      referralId,
      sender: { id: seeker.user.id, fullName: 'Sam Seeker', email: seeker.user.email },
      senderRole: 'seeker',
      recipient: { id: referrer.user.id, fullName: 'Rita Ref' },
      request: { id: requestId, position: 'Software Engineer', companyName: company },
      reviewedAt: null,
    });

    const res = await release(admin, sent.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminHeldMessageSchema.parse(res.json())).toMatchObject({ id: sent.id, status: 'delivered' });
    expect((await thread(referrer, url)).messages.map((m) => m.body)).toEqual([
      OFFER,
      'Happy to pay it forward one day.',
    ]);
    expect((await thread(seeker, url)).messages[0]).toMatchObject({ status: 'delivered' });
    expect((await messageNotices(referrer))[0]).toMatchObject({
      title: 'New message',
      message: `Sam wrote about Software Engineer at ${company}: "${OFFER}"`,
      link: '/my-referrals?tab=incoming',
    });
    expect(await audit(sent.id)).toEqual([
      expect.objectContaining({ action: 'message.released', actorId: admin.user.id, reason: null }),
    ]);
    expect((await queue()).some((m) => m.id === sent.id)).toBe(false);
    for (const again of [await release(otherAdmin, sent.id), await reject(otherAdmin, sent.id)]) {
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe('This message was already delivered.');
    }
  });

  it("holds the referrer's offer too; a rejection keeps it from the seeker for good and tells the referrer why", async () => {
    const { company, referrer, seeker, url } = await threadWorld();
    const sent = await send(referrer, url, REFERRER_OFFER);
    expect(sent.status).toBe('held');
    expect((await thread(seeker, url)).messages).toEqual([]);
    const row = (await queue()).find((m) => m.id === sent.id);
    expect(row).toMatchObject({
      senderRole: 'referrer',
      rule: 'money-offer',
      sender: { id: referrer.user.id, email: referrer.user.email },
      recipient: { id: seeker.user.id },
    });

    const reason = 'Referrals here are free; please do not ask for money.';
    const res = await reject(admin, sent.id, reason);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', rejectionReason: reason });
    expect((await thread(seeker, url)).messages).toEqual([]);
    expect(await messageNotices(seeker)).toEqual([]);
    expect((await thread(referrer, url)).messages).toMatchObject([
      { body: REFERRER_OFFER, mine: true, status: 'rejected', rejectionReason: reason },
    ]);
    expect((await notificationsOf(t, referrer.user.id))[0]).toMatchObject({
      ...PAYMENT_HOLD_NOTICES.messageRejected('Software Engineer', company, reason),
      link: '/my-referrals?tab=incoming',
    });
    expect(await audit(sent.id)).toEqual([
      expect.objectContaining({ action: 'message.rejected', actorId: admin.user.id, reason }),
    ]);
    for (const again of [await release(otherAdmin, sent.id), await reject(otherAdmin, sent.id)]) {
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe('This message was already rejected.');
    }
  });

  it('cannot deliver a message whose thread is gone; it can still be rejected', async () => {
    const { referrer, seeker, url } = await threadWorld();
    const sent = await send(seeker, url, OFFER);
    expect((await declineAndSettle(t, referrer, Number(url.split('/')[3]))).statusCode).toBe(200);
    const res = await release(admin, sent.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(THREAD_GONE);
    expect(await audit(sent.id)).toEqual([]);
    expect((await reject(admin, sent.id)).statusCode).toBe(200);
  });

  it('lets one of two racing reviews win', async () => {
    const { referrer, seeker, url } = await threadWorld();
    for (const race of [
      (id: number) => [release(admin, id), release(otherAdmin, id)],
      (id: number) => [release(admin, id), reject(otherAdmin, id)],
    ]) {
      const sent = await send(seeker, url, OFFER);
      const answers = await Promise.all(race(sent.id));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(await audit(sent.id)).toHaveLength(1);
    }
    // Rita was told once of each message that was delivered, and of nothing else.
    const delivered = (await thread(seeker, url)).messages.filter((m) => m.status === 'delivered');
    expect(delivered.length).toBeGreaterThanOrEqual(1);
    expect(await messageNotices(referrer)).toHaveLength(delivered.length);
  });

  it('answers 404 for a message that was never held, 400 for a bad query, and refuses non-admins', async () => {
    const { referrer, seeker, url } = await threadWorld();
    const plain = await send(seeker, url, 'Is the team still hiring?');
    expect(plain.status).toBe('delivered');
    for (const res of [await release(admin, plain.id), await reject(admin, 999_999)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('There is no such held message.');
    }
    expect((await admin.get('/api/admin/messages?status=delivered')).statusCode).toBe(400);
    const held = await send(seeker, url, OFFER);
    expect((await admin.post(`/api/admin/messages/${held.id}/reject`, { reason: '' })).statusCode).toBe(400);
    for (const call of [
      { method: 'GET' as const, url: '/api/admin/messages?status=held' },
      { method: 'POST' as const, url: `/api/admin/messages/${held.id}/release`, body: {} },
      { method: 'POST' as const, url: `/api/admin/messages/${held.id}/reject`, body: { reason: 'No.' } },
    ]) {
      for (const who of [seeker, referrer]) {
        const res = call.method === 'GET' ? await who.get(call.url) : await who.post(call.url, call.body);
        expect(res.statusCode, `${who.user.fullName} ${call.url}`).toBe(404);
      }
      const visitor = await t.app.inject({
        method: call.method,
        url: call.url,
        headers: ORIGIN,
        ...(call.body ? { payload: call.body } : {}),
      });
      expect(visitor.statusCode).toBe(404);
    }
    expect((await thread(referrer, url)).messages.map((m) => m.body)).toEqual(['Is the team still hiring?']);
  });
});
