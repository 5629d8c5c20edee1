import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminAuditPageSchema } from '../../../../shared/admin.js';
import {
  AdminHeldRequestListSchema,
  AdminHeldRequestSchema,
  ReleasedRequestSchema,
} from '../../../../shared/held-review.js';
import { paymentOfferRule } from '../../../../shared/payment-offer.js';
import { PAYMENT_HOLD_NOTICES, REFERRAL_REQUEST_ERRORS } from '../../../../shared/referral-texts.js';
import { CreateReferralRequestResultSchema } from '../../../../shared/referrals.js';
import {
  companyWithReferrers,
  currentReferral,
  requestStatus,
  seekerList,
} from '../../../testing/handoff-fixtures.js';
import {
  jobUrl,
  notificationsOf,
  requestBody,
  setCompany,
  setWilling,
} from '../../../testing/referral-fixtures.js';
import {
  ORIGIN,
  createTestApp,
  testDatabases,
  type SignedIn,
  type TestApp,
} from '../../../testing/test-app.js';

/** Examples the rule set holds (src/shared/payment-offer.test.ts), each with a different rule. */
const OFFERS = [
  'I will pay $300 for a referral.',
  'Can send you the money on PayPal after the interview.',
  'We could split the bonus 50/50.',
  'Rs 5000',
  'What is your finder’s fee?',
  'Let me compensate you for the referral.',
  'Offering £50 for your help.',
];
/** The three ordinary sentences: a team, a product and a saying, never money. */
const ORDINARY = [
  'Keen to join the payments team.',
  'I build payment systems today.',
  'Happy to pay it forward.',
];

const HELD_SENTENCE = 'Your request awaits review by our team before it goes to a referrer.';

/** Issue 25 item 6: requests whose message offers money wait for an admin (both databases). */
describe.each(testDatabases)('held requests (%s)', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let otherAdmin: SignedIn;
  beforeAll(async () => {
    // Capacity 1, so a company is full after one request: a held request is never refused for it.
    t = await createTestApp(
      kind,
      { referralSweep: false, livenessSweep: false },
      { ADMIN_EMAILS: 'boss@example.com,deputy@example.com', REFERRER_CAPACITY: '1' },
    );
    admin = await t.signIn('Bo Boss', 'boss@example.com');
    otherAdmin = await t.signIn('Dee Deputy', 'deputy@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  const ask = (who: SignedIn, company: string, message: string, url = jobUrl('careers.held.example')) =>
    who.post(
      '/api/referral-requests',
      requestBody({ companyId: null, detectedCompanyName: company, message, jobUrl: url }),
    );
  const heldQueue = async () => {
    const res = await admin.get('/api/admin/requests?status=held');
    expect(res.statusCode, res.body).toBe(200);
    return AdminHeldRequestListSchema.parse(res.json());
  };
  /** What a user was told about referrals: everything but the welcome. */
  const referralNotices = async (who: SignedIn) =>
    (await notificationsOf(t, who.user.id)).filter((n) => n.type !== 'welcome');
  const audit = async (targetId: number) =>
    AdminAuditPageSchema.parse((await admin.get('/api/admin/audit?limit=100')).json()).filter(
      (e) => e.targetType === 'referral_request' && e.targetId === targetId,
    );
  const release = (who: SignedIn, id: number, body: unknown = {}) =>
    who.post(`/api/admin/requests/${id}/release`, body);
  const reject = (who: SignedIn, id: number, reason = 'Offering money for a referral is not allowed here.') =>
    who.post(`/api/admin/requests/${id}/reject`, { reason });

  /** A seeker's held request at a company with one willing referrer; answers both and the request id. */
  async function heldWorld(message = OFFERS[0]!) {
    const { company, referrers } = await companyWithReferrers(t, 'Rita Ref');
    const seeker = await t.signIn('Sam Seeker');
    const res = await ask(seeker, company, message);
    expect(res.statusCode, res.body).toBe(201);
    return { company, referrer: referrers[0]!, seeker, id: (res.json() as { id: number }).id };
  }

  it('holds a request whose message offers money: no referrer, only the seeker told, status held', async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Rita Ref');
    const [referrer] = referrers as [SignedIn];
    for (const message of OFFERS) {
      const seeker = await t.signIn('Paying Seeker');
      const res = await ask(seeker, company, message);
      expect(res.statusCode, `${message}: ${res.body}`).toBe(201);
      const created = CreateReferralRequestResultSchema.parse(res.json());
      expect(created, message).toMatchObject({ status: 'held', referral: null, noReferrers: false, message });
      expect(await currentReferral(t, created.id), message).toBeUndefined();
      const [notice] = await notificationsOf(t, seeker.user.id);
      expect(notice).toMatchObject({
        ...PAYMENT_HOLD_NOTICES.requestHeld('Software Engineer', company),
        link: '/my-referrals',
      });
      expect(notice!.message).toContain(HELD_SENTENCE.slice('Your request '.length));
      const [mine] = await seekerList(seeker);
      expect(mine).toMatchObject({ id: created.id, status: 'held', rejectionReason: null });
      expect(mine!.timeline.map((e) => e.kind)).toEqual(['requested', 'held']);
    }
    // The referrer heard of none of them, and has room still.
    expect(await referralNotices(referrer)).toEqual([]);
    const queue = await heldQueue();
    for (const message of OFFERS) {
      const row = queue.find((r) => r.message === message);
      expect(row, message).toMatchObject({ status: 'held', rule: paymentOfferRule(message) });
    }
  });

  it("lets the issue's three ordinary sentences through to a referrer", async () => {
    for (const message of ORDINARY) {
      const { company, referrers } = await companyWithReferrers(t, 'Rita Ref');
      const seeker = await t.signIn('Plain Seeker');
      const res = await ask(seeker, company, message);
      expect(res.statusCode, res.body).toBe(201);
      const created = CreateReferralRequestResultSchema.parse(res.json());
      expect(created.status, message).toBe('pending');
      expect((await currentReferral(t, created.id))?.referrerId, message).toBe(referrers[0]!.user.id);
      expect((await heldQueue()).some((r) => r.id === created.id)).toBe(false);
    }
  });

  it('keeps the duplicate rule and the daily limit for held requests, but not the capacity refusal', async () => {
    const { company } = await companyWithReferrers(t, 'Fay Full');
    // The only referrer takes one request and is full (capacity 1).
    const first = await t.signIn('First Seeker');
    expect((await ask(first, company, 'Hello!')).statusCode).toBe(201);
    const second = await t.signIn('Second Seeker');
    const refused = await ask(second, company, 'I would love to join.');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(REFERRAL_REQUEST_ERRORS.capacity(company));
    // Held, it is not being matched now: saved.
    const url = jobUrl('careers.held.example');
    const held = await ask(second, company, OFFERS[0]!, url);
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json().status).toBe('held');
    const again = await ask(second, company, 'Any referral would help.', url);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(REFERRAL_REQUEST_ERRORS.duplicate);

    const busy = await t.signIn('Busy Seeker');
    for (let i = 0; i < t.config.requestsPerDay; i++) {
      expect(
        (await ask(busy, `Nobody Works ${i} ${Date.now()}`, OFFERS[i % OFFERS.length]!)).statusCode,
      ).toBe(201);
    }
    expect((await ask(busy, 'Nobody Works Here', OFFERS[1]!)).statusCode).toBe(429);
  });

  it('lists held requests oldest first with the seeker, posting, message and rule; only status=held', async () => {
    const { company, seeker, id } = await heldWorld(OFFERS[1]);
    const queue = await heldQueue();
    expect(queue.map((r) => r.id)).toEqual([...queue.map((r) => r.id)].sort((a, b) => a - b));
    expect(queue.every((r) => r.status === 'held')).toBe(true);
    const row = queue.find((r) => r.id === id);
    expect(row).toMatchObject({
      seeker: { id: seeker.user.id, fullName: 'Sam Seeker', email: seeker.user.email },
      company: { name: company },
      position: 'Software Engineer',
      jobUrl: expect.stringContaining('careers.held.example') as unknown,
      message: OFFERS[1],
      rule: 'payment-app',
      reviewedAt: null,
      rejectionReason: null,
    });
    for (const query of ['?status=pending', '?status=rejected', '']) {
      const res = await admin.get(`/api/admin/requests${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBe(
        "The status must be 'held': only held requests and messages can be listed for now.",
      );
    }
  });

  it('releases to a referrer as a new request would be: the referrer and the seeker told, audited', async () => {
    const { company, referrer, seeker, id } = await heldWorld();
    const res = await release(admin, id, { note: 'A joke about paying, not an offer.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(ReleasedRequestSchema.parse(res.json())).toMatchObject({
      id,
      status: 'pending',
      outcome: 'assigned',
    });
    expect((await currentReferral(t, id))?.referrerId).toBe(referrer.user.id);
    expect((await notificationsOf(t, referrer.user.id))[0]).toMatchObject({
      title: 'New referral request',
      message: `Sam Seeker asks for a referral for Software Engineer at ${company}.`,
    });
    expect((await notificationsOf(t, seeker.user.id))[0]).toMatchObject(
      PAYMENT_HOLD_NOTICES.requestReleased('Software Engineer', company, true),
    );
    const [mine] = await seekerList(seeker);
    expect(mine!.status).toBe('pending');
    expect(mine!.timeline.map((e) => e.kind)).toEqual(['requested', 'held', 'released', 'assigned']);
    expect(await audit(id)).toEqual([
      expect.objectContaining({
        action: 'request.released',
        actorId: admin.user.id,
        actorEmail: 'boss@example.com',
        reason: 'A joke about paying, not an offer.',
      }),
    ]);
    // Released: no longer in the queue, and a second review says what happened.
    expect((await heldQueue()).some((r) => r.id === id)).toBe(false);
    for (const again of [await release(admin, id), await reject(admin, id)]) {
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe('This request was already released.');
    }
    expect(await audit(id)).toHaveLength(1);
  });

  it('releases into waiting when nobody is there or everybody is full, and never fails for capacity', async () => {
    const company = `Empty Works ${Date.now()}`;
    const seeker = await t.signIn('Early Seeker');
    const held = await ask(seeker, company, OFFERS[2]!);
    expect(held.statusCode).toBe(201);
    const id = (held.json() as { id: number }).id;
    const res = await release(admin, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', outcome: 'waiting' });
    expect(await currentReferral(t, id)).toBeUndefined();
    expect((await notificationsOf(t, seeker.user.id))[0]).toMatchObject(
      PAYMENT_HOLD_NOTICES.requestReleased('Software Engineer', company, false),
    );
    // It waits like any waiting request: the first referrer to join there gets it.
    const joiner = await t.signIn('Jo Joiner');
    await setCompany(joiner, company);
    expect((await setWilling(joiner, true)).statusCode).toBe(200);
    expect((await currentReferral(t, id))?.referrerId).toBe(joiner.user.id);

    // A company whose only referrer is full: the release still answers 200, and the request waits.
    const full = await companyWithReferrers(t, 'Fay Full');
    expect((await ask(await t.signIn('Taker'), full.company, 'Hello!')).statusCode).toBe(201);
    const late = await t.signIn('Late Seeker');
    const lateHeld = await ask(late, full.company, OFFERS[3]!);
    const lateId = (lateHeld.json() as { id: number }).id;
    const fullRelease = await release(otherAdmin, lateId);
    expect(fullRelease.statusCode, fullRelease.body).toBe(200);
    expect(fullRelease.json()).toMatchObject({ status: 'pending', outcome: 'waiting' });
    expect(await requestStatus(t, lateId)).toBe('pending');
  });

  it('rejects for good with the reason told to the seeker; the posting cannot be sent again', async () => {
    const { company, referrer, seeker, id } = await heldWorld();
    const reason = 'Offering money for a referral is not allowed here.';
    const res = await reject(admin, id, reason);
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminHeldRequestSchema.parse(res.json())).toMatchObject({
      id,
      status: 'rejected',
      rejectionReason: reason,
      reviewedAt: expect.any(String) as unknown,
    });
    expect((await notificationsOf(t, seeker.user.id))[0]).toMatchObject({
      ...PAYMENT_HOLD_NOTICES.requestRejected('Software Engineer', company, reason),
      link: '/my-referrals',
    });
    expect(await referralNotices(referrer)).toEqual([]);
    const [mine] = await seekerList(seeker);
    expect(mine).toMatchObject({ status: 'rejected', rejectionReason: reason, referral: null });
    expect(mine!.closedAt).not.toBeNull();
    expect(mine!.timeline.map((e) => e.kind)).toEqual(['requested', 'held', 'rejected']);
    // Final: no withdraw, no second review, and the same posting is a duplicate for good.
    const withdraw = await seeker.post(`/api/referral-requests/${id}/withdraw`);
    expect(withdraw.statusCode).toBe(409);
    expect(withdraw.json().error).toBe('This request is already rejected, so it can no longer be withdrawn.');
    for (const again of [await release(otherAdmin, id), await reject(otherAdmin, id)]) {
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe('This request was already rejected.');
    }
    const resend = await seeker.post(
      '/api/referral-requests',
      requestBody({ companyId: null, detectedCompanyName: company, jobUrl: mine!.jobUrl, message: 'Hello!' }),
    );
    expect(resend.statusCode).toBe(409);
    expect(resend.json().error).toBe(REFERRAL_REQUEST_ERRORS.duplicate);
    expect(await audit(id)).toEqual([
      expect.objectContaining({ action: 'request.rejected', actorId: admin.user.id, reason }),
    ]);
  });

  it('lets the seeker withdraw a held request; a review after it says so', async () => {
    const { seeker, id } = await heldWorld();
    const res = await seeker.post(`/api/referral-requests/${id}/withdraw`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('withdrawn');
    const late = await release(admin, id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('Its seeker withdrew this request before it was reviewed.');
    expect(await audit(id)).toEqual([]);
  });

  it('answers 404 for a request that was never held, and checks the bodies', async () => {
    const { company } = await companyWithReferrers(t, 'Rita Ref');
    const plain = await ask(await t.signIn('Plain Seeker'), company, 'Hello!');
    const plainId = (plain.json() as { id: number }).id;
    for (const res of [
      await release(admin, plainId),
      await reject(admin, plainId),
      await release(admin, 999_999),
      await reject(admin, 999_999),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('There is no such held request.');
    }
    const { id } = await heldWorld();
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(1001) }, { reason: 'ok', extra: 1 }]) {
      const res = await admin.post(`/api/admin/requests/${id}/reject`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.json().error).toMatch(/^[A-Z]/);
    }
    expect((await release(admin, id, { note: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await release(admin, id, { status: 'pending' })).statusCode).toBe(400);
    expect(await requestStatus(t, id)).toBe('held');
  });

  it('refuses everyone but admins: anyone else, a visitor too, gets the 404 of an unknown endpoint', async () => {
    const { seeker, referrer, id } = await heldWorld();
    const calls = [
      { method: 'GET' as const, url: '/api/admin/requests?status=held' },
      { method: 'POST' as const, url: `/api/admin/requests/${id}/release`, body: {} },
      { method: 'POST' as const, url: `/api/admin/requests/${id}/reject`, body: { reason: 'No.' } },
    ];
    for (const call of calls) {
      for (const who of [seeker, referrer]) {
        const res = call.method === 'GET' ? await who.get(call.url) : await who.post(call.url, call.body);
        expect(res.statusCode, `${who.user.fullName} ${call.url}`).toBe(404);
        expect(res.json().error).toBe(`No such endpoint: ${call.method} ${call.url.split('?')[0]}`);
      }
      const visitor = await t.app.inject({
        method: call.method,
        url: call.url,
        headers: ORIGIN,
        ...(call.body ? { payload: call.body } : {}),
      });
      expect(visitor.statusCode, call.url).toBe(404);
    }
    expect(await requestStatus(t, id)).toBe('held');
  });

  it('lets one of two racing reviews win; the other is told what happened', async () => {
    const races: [string, (id: number) => Promise<{ statusCode: number }>[]][] = [
      ['two releases', (id) => [release(admin, id), release(otherAdmin, id)]],
      ['release and reject', (id) => [release(admin, id), reject(otherAdmin, id)]],
      ['two rejects', (id) => [reject(admin, id), reject(otherAdmin, id)]],
    ];
    for (const [name, race] of races) {
      const { referrer, id } = await heldWorld();
      const answers = await Promise.all(race(id));
      expect(answers.map((a) => a.statusCode).sort(), name).toEqual([200, 409]);
      expect(await audit(id), name).toHaveLength(1);
      const referral = await currentReferral(t, id);
      const status = await requestStatus(t, id);
      if (status === 'rejected') expect(referral, name).toBeUndefined();
      else expect(referral?.referrerId, name).toBe(referrer.user.id);
    }
    // The seeker withdrawing as an admin releases: the withdraw always stands. Released first, the
    // referral it got ends withdrawn with it; withdrawn first, the release is told so.
    const { seeker, id } = await heldWorld();
    const [released, withdrawn] = await Promise.all([
      release(admin, id),
      seeker.post(`/api/referral-requests/${id}/withdraw`),
    ]);
    expect(withdrawn.statusCode).toBe(200);
    expect(await requestStatus(t, id)).toBe('withdrawn');
    const referral = await currentReferral(t, id);
    if (released.statusCode === 200) expect(referral?.status).toBe('withdrawn');
    else {
      expect(released.statusCode).toBe(409);
      expect(referral).toBeUndefined();
    }
  });
});
