import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ask,
  companyWithReferrers,
  currentReferral,
  declineAndSettle,
  referralsOf,
  referrerList,
  requestStatus,
  seekerList,
  sweeper,
} from '../../../testing/handoff-fixtures.js';
import { referrals } from '../../../db/schema.js';
import { notificationsOf, requestBody } from '../../../testing/referral-fixtures.js';
import { createTestApp, testDatabases, type TestApp } from '../../../testing/test-app.js';

const T = 5 * 86_400_000;

describe.each(testDatabases)('referral hand-offs on decline (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false }, { REFERRAL_MAX_HANDOFFS: '2' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('passes a declined request on; the decliner keeps the card under Declined but loses the applicant', async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Dana Decliner', 'Ned Next');
    const [dana, ned] = referrers as [(typeof referrers)[0], (typeof referrers)[0]];
    const seeker = await t.signIn('Sal Seeker');
    const requestId = await ask(seeker, company);
    const first = (await currentReferral(t, requestId))!;
    const res = await declineAndSettle(t, dana, first.id, 'Not my team');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'declined', feedback: 'Not my team' });

    expect(await currentReferral(t, requestId)).toMatchObject({ referrerId: ned.user.id, status: 'pending' });
    expect(await requestStatus(t, requestId)).toBe('pending');
    expect((await dana.get(`/api/users/${seeker.user.id}`)).statusCode).toBe(404);
    expect((await ned.get(`/api/users/${seeker.user.id}`)).statusCode).toBe(200);

    const danaCard = (await referrerList(dana)).find((r) => r.id === requestId);
    expect(danaCard).toMatchObject({
      referral: { status: 'declined', referrerId: dana.user.id },
      resumeLink: null,
    });
    expect(danaCard?.handoffs).toEqual([]);
    const seekerNotes = await notificationsOf(t, seeker.user.id);
    expect(seekerNotes[0]).toMatchObject({
      title: 'Request passed to another referrer',
      link: '/my-referrals',
    });
    expect(seekerNotes[0]!.message).toContain('was declined by Dana');
    expect(seekerNotes[0]!.message).toContain('Feedback: Not my team');
    expect(seekerNotes.some((n) => n.title === 'Referral declined')).toBe(false);
    const [mine] = await seekerList(seeker);
    expect(mine?.referral).toMatchObject({ referrerFirstName: 'Ned', status: 'pending' });
    expect(mine?.handoffs).toMatchObject([{ referrerFirstName: 'Dana', outcome: 'declined' }]);
  });

  it('stops at REFERRAL_MAX_HANDOFFS and ends declined when the last referrer declines', async () => {
    const { company, referrers } = await companyWithReferrers(
      t,
      'Ann One',
      'Ben Two',
      'Cat Three',
      'Dan Four',
    );
    const seeker = await t.signIn('Max Handoffs');
    const requestId = await ask(seeker, company);
    for (const who of referrers.slice(0, 3)) {
      const current = (await currentReferral(t, requestId))!;
      expect(current.referrerId).toBe(who.user.id);
      expect((await declineAndSettle(t, who, current.id)).statusCode).toBe(200);
    }
    // Two hand-offs happened (Ann → Ben → Cat); Cat's decline is the end although Dan is free.
    const rows = await referralsOf(t, requestId);
    expect(rows.map((r) => r.status)).toEqual(['declined', 'declined', 'declined']);
    expect(rows.map((r) => r.supersededAt === null)).toEqual([false, false, true]);
    expect(await requestStatus(t, requestId)).toBe('declined');
    const [mine] = await seekerList(seeker);
    expect(mine).toMatchObject({
      status: 'declined',
      referral: { status: 'declined', referrerFirstName: 'Cat' },
    });
    expect(mine?.handoffs.map((h) => h.referrerFirstName)).toEqual(['Ann', 'Ben']);
    expect((await notificationsOf(t, seeker.user.id))[0]?.title).toBe('Referral declined');
    expect((await referrerList(referrers[3]!)).map((r) => r.id)).not.toContain(requestId);
  });

  it("ends declined, not expired, when the last one doesn't answer after an earlier decline", async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Eve Declines', 'Fay Silent');
    const seeker = await t.signIn('Gil Mixed');
    const requestId = await ask(seeker, company);
    expect(
      (await declineAndSettle(t, referrers[0]!, (await currentReferral(t, requestId))!.id)).statusCode,
    ).toBe(200);
    const { sweep } = sweeper(t);
    // Fay's clock started when the sweep passed the decline on, after the undo window.
    await sweep(T + 5 * 60_000);
    expect(await requestStatus(t, requestId)).toBe('declined');
    const [mine] = await seekerList(seeker);
    expect(mine).toMatchObject({ status: 'declined', referral: null });
    expect(mine?.handoffs.map((h) => [h.referrerFirstName, h.outcome])).toEqual([
      ['Eve', 'declined'],
      ['Fay', 'expired'],
    ]);
  });

  it('respects capacity: a full next referrer makes the request wait, then takes it when a slot frees', async () => {
    const small = await createTestApp(kind, { referralSweep: false }, { REFERRER_CAPACITY: '1' });
    try {
      const { company, referrers } = await companyWithReferrers(small, 'Hal Declines', 'Ivy Busy');
      const [hal, ivy] = referrers as [(typeof referrers)[0], (typeof referrers)[0]];
      const busy = await small.signIn('Jo Busy');
      const busyId = await ask(busy, company); // Hal (fewest open, then id)
      const seeker = await small.signIn('Kim Queued');
      const requestId = await ask(seeker, company); // Ivy, now both are full
      expect((await currentReferral(small, requestId))?.referrerId).toBe(ivy.user.id);
      expect((await currentReferral(small, busyId))?.referrerId).toBe(hal.user.id);
      // Ivy declines Kim: Hal held nothing of it but is full, so it waits unassigned.
      expect(
        (await declineAndSettle(small, ivy, (await currentReferral(small, requestId))!.id)).statusCode,
      ).toBe(200);
      expect(await currentReferral(small, requestId)).toBeUndefined();
      expect(await requestStatus(small, requestId)).toBe('pending');
      expect((await notificationsOf(small, seeker.user.id))[0]?.title).toBe(
        'Request waiting for another referrer',
      );
      // Hal declines Jo's request: Ivy is free now, so Jo passes to her; Hal's free slot takes Kim's.
      expect(
        (await declineAndSettle(small, hal, (await currentReferral(small, busyId))!.id)).statusCode,
      ).toBe(200);
      expect((await currentReferral(small, busyId))?.referrerId).toBe(ivy.user.id);
      expect((await currentReferral(small, requestId))?.referrerId).toBe(hal.user.id);
      // Ivy, who declined Kim, is never given Kim's request again.
      expect((await referralsOf(small, requestId)).map((r) => r.referrerId)).toEqual([
        ivy.user.id,
        hal.user.id,
      ]);
    } finally {
      await small.close();
    }
  });

  it('keeps one current referral per request in the database', async () => {
    const { company } = await companyWithReferrers(t, 'Uma Unique');
    const seeker = await t.signIn('Vi Unique');
    const res = await seeker.post(
      '/api/referral-requests',
      requestBody({ companyId: null, detectedCompanyName: company }),
    );
    const requestId = (res.json() as { id: number }).id;
    const current = (await currentReferral(t, requestId))!;
    await expect(
      t.database.db.insert(referrals).values({ requestId, referrerId: current.referrerId }),
    ).rejects.toThrow();
  });
});
