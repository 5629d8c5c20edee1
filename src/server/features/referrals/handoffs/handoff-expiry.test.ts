import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ask,
  companyWithReferrers,
  currentReferral,
  referralsOf,
  referrerList,
  requestStatus,
  seekerList,
  sweeper,
} from '../../../testing/handoff-fixtures.js';
import { pdfBytes, uploadResume } from '../../../testing/profile-fixtures.js';
import { notificationsOf } from '../../../testing/referral-fixtures.js';
import { createTestApp, testDatabases, type TestApp } from '../../../testing/test-app.js';
import { runReferralSweep } from './sweep.js';

const DAY = 86_400_000;
const T = 5 * DAY;

describe.each(testDatabases)('referral reminders and expiry (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('reminds the referrer once at half the response time', async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Rita Reminded');
    const seeker = await t.signIn('Sam Patient');
    const requestId = await ask(seeker, company);
    const { sweep } = sweeper(t);
    const reminders = async () =>
      (await notificationsOf(t, referrers[0]!.user.id)).filter((n) => n.type === 'referral_reminder');

    await sweep(T / 2 - 60_000);
    expect(await reminders()).toHaveLength(0);
    await sweep(T / 2 + 1000);
    await sweep(T / 2 + 60_000);
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      title: 'Reminder: referral request waiting',
      link: '/my-referrals?tab=incoming',
    });
    expect(sent[0]!.message).toContain('Sam Patient is still waiting');
    expect((await currentReferral(t, requestId))?.remindedAt).not.toBeNull();
  });

  it('passes an unanswered request to the next referrer at full time, moving access to the applicant', async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Rita First', 'Bob Second');
    const [rita, bob] = referrers as [(typeof referrers)[0], (typeof referrers)[0]];
    const seeker = await t.signIn('Sue Applicant');
    const resumeId = ((await uploadResume(seeker, pdfBytes('cv'))).json() as { id: number }).id;
    const requestId = await ask(seeker, company);
    expect((await currentReferral(t, requestId))?.referrerId).toBe(rita.user.id);
    const urls = [`/api/users/${seeker.user.id}`, `/api/resumes/${resumeId}/file`];
    for (const url of urls) expect((await rita.get(url)).statusCode, url).toBe(200);
    for (const url of urls) expect((await bob.get(url)).statusCode, url).toBe(404);

    const { sweep, at } = sweeper(t);
    await sweep(T + 1000);

    const rows = await referralsOf(t, requestId);
    expect(rows).toMatchObject([
      { referrerId: rita.user.id, status: 'expired', supersededAt: at(T + 1000) },
      { referrerId: bob.user.id, status: 'pending', supersededAt: null, createdAt: at(T + 1000) },
    ]);
    expect(await requestStatus(t, requestId)).toBe('pending');
    for (const url of urls) expect((await rita.get(url)).statusCode, url).toBe(404);
    for (const url of urls) expect((await bob.get(url)).statusCode, url).toBe(200);

    const bobNotes = await notificationsOf(t, bob.user.id);
    expect(bobNotes[0]).toMatchObject({ title: 'New referral request', type: 'referral_assigned' });
    const seekerNotes = await notificationsOf(t, seeker.user.id);
    expect(seekerNotes[0]).toMatchObject({
      title: 'Request passed to another referrer',
      link: '/my-referrals',
    });
    expect(seekerNotes[0]!.message).toContain('was not answered in time by Rita');
    expect((await notificationsOf(t, rita.user.id))[0]?.title).toBe('Referral request passed on');

    // The seeker sees the history; Rita keeps the request only as a passed-on card, Bob holds it.
    const [mine] = await seekerList(seeker);
    expect(mine?.referral).toMatchObject({ referrerFirstName: 'Bob', status: 'pending' });
    expect(mine?.handoffs).toEqual([
      {
        referrerFirstName: 'Rita',
        outcome: 'expired',
        at: at(T + 1000).toISOString(),
        declineReason: null,
        feedback: null,
      },
    ]);
    const ritas = (await referrerList(rita)).find((r) => r.id === requestId);
    expect(ritas).toMatchObject({ message: null, resumeLink: null, jobSeeker: { email: null } });
    expect(ritas?.referral).toMatchObject({ status: 'expired', passedOnAt: at(T + 1000).toISOString() });
    const bobs = (await referrerList(bob)).find((r) => r.id === requestId);
    expect(bobs?.referral).toMatchObject({ status: 'pending', passedOnAt: null });
  });

  it('ends expired when nobody is left, and frees the referrer for a waiting request', async () => {
    const small = await createTestApp(kind, { referralSweep: false }, { REFERRER_CAPACITY: '1' });
    try {
      const { company, referrers } = await companyWithReferrers(small, 'Solo Referrer');
      const first = await small.signIn('First Waiting');
      const firstId = await ask(first, company);
      // Away while a second request comes in: it waits unassigned, then the referrer is back but full.
      await referrers[0]!.put(`/api/users/${referrers[0]!.user.id}/willingness-to-give-referrals`, {
        isWilling: false,
      });
      const second = await small.signIn('Second Waiting');
      const secondId = await ask(second, company);
      await referrers[0]!.put(`/api/users/${referrers[0]!.user.id}/willingness-to-give-referrals`, {
        isWilling: true,
      });
      expect(await currentReferral(small, secondId)).toBeUndefined();

      const { sweep, at } = sweeper(small);
      expect(await sweep(T + 1000)).toMatchObject({ expired: 1 });
      expect(await requestStatus(small, firstId)).toBe('expired');
      expect(await currentReferral(small, firstId)).toBeUndefined();
      const [mine] = await seekerList(first);
      expect(mine).toMatchObject({ status: 'expired', referral: null });
      expect(mine?.handoffs).toEqual([
        {
          referrerFirstName: 'Solo',
          outcome: 'expired',
          at: at(T + 1000).toISOString(),
          declineReason: null,
          feedback: null,
        },
      ]);
      expect((await notificationsOf(small, first.user.id))[0]?.title).toBe('Referral request expired');
      // The slot went to the waiting request, its clock starting at the sweep's time.
      expect(await currentReferral(small, secondId)).toMatchObject({
        referrerId: referrers[0]!.user.id,
        createdAt: at(T + 1000),
      });
    } finally {
      await small.close();
    }
  });

  it('hands a referral off once when two sweeps run at the same moment (SKIP LOCKED)', async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Rae Racer', 'Ray Second', 'Roy Third');
    const seeker = await t.signIn('Sid Concurrent');
    const requestId = await ask(seeker, company);
    const { deps, at } = sweeper(t);
    const now = at(T + 5000);
    await Promise.all([
      runReferralSweep(t.database.db, deps, now),
      runReferralSweep(t.database.db, deps, now),
      runReferralSweep(t.database.db, deps, now),
    ]);
    const rows = await referralsOf(t, requestId);
    expect(rows.map((r) => [r.referrerId, r.status])).toEqual([
      [referrers[0]!.user.id, 'expired'],
      [referrers[1]!.user.id, 'pending'],
    ]);
    const passed = (await notificationsOf(t, seeker.user.id)).filter(
      (n) => n.title === 'Request passed to another referrer',
    );
    expect(passed).toHaveLength(1);
  });

  it('runs on its own timer in the app, on the injected clock', async () => {
    let now = new Date();
    const timed = await createTestApp(kind, { now: () => now }, { REFERRAL_SWEEP_INTERVAL: '1s' });
    try {
      const { company, referrers } = await companyWithReferrers(timed, 'Tim First', 'Tom Second');
      const seeker = await timed.signIn('Tess Timer');
      const requestId = await ask(seeker, company);
      now = new Date(Date.now() + T + 1000);
      await vi.waitFor(
        async () => expect((await currentReferral(timed, requestId))?.referrerId).toBe(referrers[1]!.user.id),
        { timeout: 8000, interval: 200 },
      );
    } finally {
      await timed.close();
    }
  });
});
