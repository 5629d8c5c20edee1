import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_REQUEST_ERRORS } from '../../../../shared/referral-texts.js';
import { CreateReferralRequestResultSchema, ReferralRequestSchema } from '../../../../shared/referrals.js';
import {
  companyWithReferrers,
  currentReferral,
  referralsOf,
  referrerList,
  requestStatus,
  seekerList,
  settleDeclines,
} from '../../../testing/handoff-fixtures.js';
import { pdfBytes, uploadResume } from '../../../testing/profile-fixtures.js';
import { jobUrl, notificationsOf, requestBody, signInReferrer } from '../../../testing/referral-fixtures.js';
import {
  createTestApp,
  ORIGIN,
  testDatabases,
  type SignedIn,
  type TestApp,
} from '../../../testing/test-app.js';

/**
 * Issue 24 item 1 and 2 (docs/decisions/033-request-lifecycle.md): the seeker withdraws while nothing was
 * submitted; the referrer is told, loses the applicant and their slot; an ended request may be asked again,
 * never of a referrer who declined it before.
 */
describe.each(testDatabases)('withdrawing and asking again (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false }, { REFERRER_CAPACITY: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  const withdraw = (who: SignedIn, id: number) => who.post(`/api/referral-requests/${id}/withdraw`);
  const askFor = async (seeker: SignedIn, company: string, url = jobUrl()) => {
    const res = await seeker.post(
      '/api/referral-requests',
      requestBody({ companyId: null, detectedCompanyName: company, jobUrl: url }),
    );
    return res;
  };
  const created = async (seeker: SignedIn, company: string, url = jobUrl()) => {
    const res = await askFor(seeker, company, url);
    expect(res.statusCode, res.body).toBe(201);
    return CreateReferralRequestResultSchema.parse(res.json());
  };

  it('withdraws a pending request: the referrer is told, loses the applicant, and their slot takes the next', async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Rex Holder', 'Sue Second');
    const [rex, sue] = referrers as [SignedIn, SignedIn];
    const seeker = await t.signIn('Wendy Withdraw');
    const resume = (await uploadResume(seeker, pdfBytes('wendy'))).json() as { id: number };
    const { id } = await created(seeker, company);
    // Rex is full (capacity 1), so Sue gets the next request; she declines, and it waits for Rex.
    const other = await t.signIn('Quinn Queued');
    const waiting = await created(other, company);
    const sues = (await currentReferral(t, waiting.id))!;
    expect(sues.referrerId).toBe(sue.user.id);
    await sue.put(`/api/referrals/${sues.id}/status`, { status: 'declined' });
    await settleDeclines(t);
    expect(await currentReferral(t, waiting.id)).toBeUndefined();
    expect((await rex.get(`/api/users/${seeker.user.id}`)).statusCode).toBe(200);
    expect((await rex.get(`/api/resumes/${resume.id}/file`)).statusCode).toBe(200);

    const res = await withdraw(seeker, id);
    expect(res.statusCode, res.body).toBe(200);
    const body = ReferralRequestSchema.parse(res.json());
    expect(body).toMatchObject({ id, status: 'withdrawn', referral: { status: 'withdrawn' } });
    expect(await requestStatus(t, id)).toBe('withdrawn');

    expect((await notificationsOf(t, rex.user.id)).map((n) => [n.title, n.message])).toContainEqual([
      'Referral request withdrawn',
      `Wendy Withdraw withdrew their request for Software Engineer at ${company}.`,
    ]);
    expect((await rex.get(`/api/users/${seeker.user.id}`)).statusCode).toBe(404);
    expect((await rex.get(`/api/users/${seeker.user.id}/resume/active`)).statusCode).toBe(404);
    expect((await rex.get(`/api/resumes/${resume.id}/file`)).statusCode).toBe(404);
    const card = (await referrerList(rex)).find((r) => r.id === id);
    expect(card).toMatchObject({ referral: { status: 'withdrawn' }, resumeLink: null });
    // The freed slot went to the waiting request at once.
    expect((await currentReferral(t, waiting.id))?.referrerId).toBe(rex.user.id);
  });

  it("keeps a withdrawn request's message for its seeker alone, to ask again with (issue 46 item 9)", async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Mia Message');
    const mia = referrers[0]!;
    const seeker = await t.signIn('Moe Message');
    const res = await seeker.post(
      '/api/referral-requests',
      requestBody({ companyId: null, detectedCompanyName: company, message: 'I built the search there.' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { id } = CreateReferralRequestResultSchema.parse(res.json());
    expect((await withdraw(seeker, id)).statusCode).toBe(200);
    expect((await seekerList(seeker)).find((r) => r.id === id)).toMatchObject({
      status: 'withdrawn',
      message: 'I built the search there.',
    });
    expect((await referrerList(mia)).find((r) => r.id === id)).toMatchObject({
      message: null,
      resumeLink: null,
    });
  });

  it('withdraws an accepted request and a waiting one; a submitted or ended one is 409', async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Ann Accepts');
    const ann = referrers[0]!;
    const seeker = await t.signIn('Sid Several');
    const first = await created(seeker, company);
    const ref = (await currentReferral(t, first.id))!;
    expect((await ann.put(`/api/referrals/${ref.id}/status`, { status: 'accepted' })).statusCode).toBe(200);
    expect((await withdraw(seeker, first.id)).statusCode).toBe(200);
    expect((await referralsOf(t, first.id)).map((r) => r.status)).toEqual(['withdrawn']);
    const again = await withdraw(seeker, first.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'This request is already withdrawn, so it can no longer be withdrawn.',
    });

    // Nobody at this company yet: the request waits, and may be withdrawn all the same.
    const lonely = await created(seeker, `Nobody Works ${Date.now()}`);
    expect(lonely.noReferrers).toBe(true);
    expect((await withdraw(seeker, lonely.id)).json()).toMatchObject({ status: 'withdrawn', referral: null });

    const second = await created(seeker, company);
    const held = (await currentReferral(t, second.id))!;
    await ann.put(`/api/referrals/${held.id}/status`, { status: 'accepted' });
    await ann.put(`/api/referrals/${held.id}/status`, { status: 'submitted' });
    const late = await withdraw(seeker, second.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      error: 'This request is already submitted, so it can no longer be withdrawn.',
    });
    expect(await requestStatus(t, second.id)).toBe('submitted');
  });

  it('answers 404 to anyone but the seeker, and for a request that does not exist', async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Hal Holder');
    const seeker = await t.signIn('Owen Owner');
    const stranger = await t.signIn('Sten Stranger');
    const { id } = await created(seeker, company);
    for (const who of [stranger, referrers[0]!]) {
      const res = await withdraw(who, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Referral request not found.' });
    }
    expect((await withdraw(seeker, 2_000_000_000)).statusCode).toBe(404);
    expect((await withdraw(seeker, 0)).statusCode).toBe(400);
    const visitor = await t.app.inject({
      method: 'POST',
      url: `/api/referral-requests/${id}/withdraw`,
      headers: ORIGIN,
    });
    expect(visitor.statusCode, visitor.body).toBe(401);
    expect(await requestStatus(t, id)).toBe('pending');
  });

  it('refuses a duplicate while a request is open, and takes the same posting again once it ended', async () => {
    const { company } = await companyWithReferrers(t, 'Dot Dup');
    const seeker = await t.signIn('Ray Retry');
    const url = jobUrl();
    const { id } = await created(seeker, company, url);
    const dup = await askFor(seeker, company, `${url}?utm_source=again`);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: REFERRAL_REQUEST_ERRORS.duplicate });
    expect((await withdraw(seeker, id)).statusCode).toBe(200);
    const again = await created(seeker, company, url);
    expect(again.id).not.toBe(id);
    expect((await askFor(seeker, company, url)).statusCode).toBe(409);
    expect((await seekerList(seeker)).map((r) => [r.id, r.status])).toEqual([
      [again.id, 'pending'],
      [id, 'withdrawn'],
    ]);
  });

  it('never sends a request asked again to a referrer who declined that posting before', async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Dee Declines', 'Ned Next');
    const [dee, ned] = referrers as [SignedIn, SignedIn];
    const seeker = await t.signIn('Pat Persistent');
    const url = jobUrl();
    const first = await created(seeker, company, url);
    expect((await currentReferral(t, first.id))?.referrerId).toBe(dee.user.id);
    await dee.put(`/api/referrals/${(await currentReferral(t, first.id))!.id}/status`, {
      status: 'declined',
    });
    await settleDeclines(t);
    // Ned has it now; the seeker withdraws and asks again: Dee (fewest open) is still never asked.
    expect((await currentReferral(t, first.id))?.referrerId).toBe(ned.user.id);
    expect((await withdraw(seeker, first.id)).statusCode).toBe(200);
    const second = await created(seeker, company, url);
    expect((await currentReferral(t, second.id))?.referrerId).toBe(ned.user.id);
    // Ned declines too: nobody is left, so it ends declined, and a third ask waits for a new referrer.
    await ned.put(`/api/referrals/${(await currentReferral(t, second.id))!.id}/status`, {
      status: 'declined',
    });
    await settleDeclines(t);
    expect(await requestStatus(t, second.id)).toBe('declined');
    const third = await created(seeker, company, url);
    expect(third.noReferrers).toBe(true);
    // Issue 46 item 5: the answer says why, so the form can say plainly that nobody can take it now.
    expect(third.declinedBefore).toBe(true);
    expect(first.declinedBefore).toBe(false);
    expect(await currentReferral(t, third.id)).toBeUndefined();
    // Neither decliner is handed the waiting request when they have room.
    expect(
      (await dee.put(`/api/users/${dee.user.id}/willingness-to-give-referrals`, { isWilling: true }))
        .statusCode,
    ).toBe(200);
    expect(await currentReferral(t, third.id)).toBeUndefined();
    const newcomer = await signInReferrer(t, 'Nia New', company);
    expect((await currentReferral(t, third.id))?.referrerId).toBe(newcomer.user.id);
  });
});

describe.each(testDatabases)('a withdraw racing the referrer (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('ends one way or the other with an accept or a submit, never half', async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Cora Concurrent');
    const cora = referrers[0]!;
    const seeker = await t.signIn('Remy Racer');
    for (const move of ['accepted', 'submitted'] as const) {
      for (let round = 0; round < 3; round += 1) {
        const res = await seeker.post(
          '/api/referral-requests',
          requestBody({ companyId: null, detectedCompanyName: company }),
        );
        const id = (res.json() as { id: number }).id;
        const referral = (await currentReferral(t, id))!;
        if (move === 'submitted') {
          await cora.put(`/api/referrals/${referral.id}/status`, { status: 'accepted' });
        }
        const [w, m] = await Promise.all([
          seeker.post(`/api/referral-requests/${id}/withdraw`),
          cora.put(`/api/referrals/${referral.id}/status`, { status: move }),
        ]);
        expect([w.statusCode, m.statusCode].sort(), `${w.body} ${m.body}`).toEqual(
          move === 'accepted' && w.statusCode === 200 && m.statusCode === 200 ? [200, 200] : [200, 409],
        );
        const request = await requestStatus(t, id);
        const now = (await currentReferral(t, id))!.status;
        // Withdrawn wins over a pending or accepted referral; a submit first makes the withdraw 409.
        expect([request, now]).toEqual(w.statusCode === 200 ? ['withdrawn', 'withdrawn'] : [move, move]);
      }
    }
  });
});
