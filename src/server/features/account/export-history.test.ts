import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExportSchema } from '../../../shared/account.js';
import {
  ask,
  companyWithReferrers,
  currentReferral,
  decline,
  settleDeclines,
  sweeper,
} from '../../testing/handoff-fixtures.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../testing/test-app.js';

const DAY = 24 * 3600_000;

/**
 * Issue 24: the account export carries, per referral, the timeline notes and thread messages the user can
 * see, and nothing retention erased (docs/decisions/036-retention.md).
 */
describe.each(testDatabases)('the export of timeline notes and messages (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false });
  });
  afterAll(async () => {
    await t.close();
  });

  const exportOf = async (who: SignedIn) => {
    const res = await who.get('/api/user/export');
    expect(res.statusCode, res.body).toBe(200);
    return AccountExportSchema.parse(res.json());
  };
  const ok = async (res: Promise<{ statusCode: number; body: string }>, status = 200) =>
    expect((await res).statusCode, (await res).body).toBe(status);

  it('gives each side the notes and messages they can see, and drops them once erased', async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Dana First', 'Hal Second');
    const [dana, hal] = referrers as [SignedIn, SignedIn];
    const seeker = await t.signIn('Ezra Export');
    const stranger = await t.signIn('Stan Stranger');
    const requestId = await ask(seeker, company);
    const first = (await currentReferral(t, requestId))!;
    await ok(dana.post(`/api/referrals/${first.id}/messages`, { body: 'Dana asks about the team.' }), 201);
    await ok(decline(dana, first.id, 'Misclicked decline.'));
    await ok(dana.post(`/api/referrals/${first.id}/undo`));
    await ok(decline(dana, first.id, 'Not my team after all.'));
    await settleDeclines(t);
    const second = (await currentReferral(t, requestId))!;
    expect(second.referrerId).toBe(hal.user.id);
    await ok(
      hal.put(`/api/referrals/${second.id}/status`, { status: 'accepted', feedback: 'Glad to help.' }),
    );
    await ok(hal.post(`/api/referrals/${second.id}/messages`, { body: 'Send me your CV.' }), 201);
    await ok(seeker.post(`/api/referrals/${second.id}/messages`, { body: 'Attached it.' }), 201);

    const mine = await exportOf(seeker);
    const [request] = mine.referralRequests.filter((r) => r.id === requestId);
    expect(request).toMatchObject({
      erasedAt: null,
      referrals: [
        {
          id: first.id,
          status: 'declined',
          // The undone decline and the undo were never the seeker's to see.
          timeline: [{ status: 'declined', note: 'Not my team after all.' }],
          // Dana's thread closed for the seeker when the request passed on.
          messages: [],
        },
        {
          id: second.id,
          timeline: [{ status: 'accepted', note: 'Glad to help.' }],
          messages: [
            { byMe: false, body: 'Send me your CV.' },
            { byMe: true, body: 'Attached it.' },
          ],
        },
      ],
    });

    const danas = (await exportOf(dana)).referralsAsReferrer.filter((r) => r.requestId === requestId);
    expect(danas).toMatchObject([
      {
        id: first.id,
        timeline: [
          { status: 'declined', note: 'Misclicked decline.' },
          { status: 'pending', note: null },
          { status: 'declined', note: 'Not my team after all.' },
        ],
        // Her own message stays hers, though the thread is no longer open to her.
        messages: [{ byMe: true, body: 'Dana asks about the team.' }],
      },
    ]);
    const hals = (await exportOf(hal)).referralsAsReferrer.filter((r) => r.requestId === requestId);
    expect(hals).toMatchObject([
      {
        id: second.id,
        timeline: [{ status: 'accepted', note: 'Glad to help.' }],
        messages: [
          { byMe: true, body: 'Send me your CV.' },
          { byMe: false, body: 'Attached it.' },
        ],
      },
    ]);
    const strangers = JSON.stringify(await exportOf(stranger));
    for (const text of ['Glad to help.', 'Attached it.', 'Misclicked decline.']) {
      expect(strangers).not.toContain(text);
    }

    // Closed, then erased after RETENTION_AFTER_CLOSE (180 days, told 14 days before).
    await ok(hal.put(`/api/referrals/${second.id}/status`, { status: 'submitted' }));
    await ok(hal.put(`/api/referrals/${second.id}/status`, { status: 'successful', feedback: 'Hired!' }));
    const { sweep } = sweeper(t);
    await sweep(170 * DAY);
    expect((await sweep(185 * DAY)).erased).toBeGreaterThanOrEqual(1);

    // Notifications and mail already sent keep their copies (docs/decisions/036-retention.md).
    for (const who of [seeker, dana, hal]) {
      const data = await exportOf(who);
      const text = JSON.stringify([data.referralRequests, data.referralsAsReferrer]);
      for (const gone of [
        'Glad to help.',
        'Attached it.',
        'Send me your CV.',
        'Not my team',
        'Hired!',
        'Dana asks',
      ]) {
        expect(text).not.toContain(gone);
      }
    }
    const after = (await exportOf(seeker)).referralRequests.find((r) => r.id === requestId);
    expect(after).toMatchObject({
      status: 'successful',
      erasedAt: expect.any(String),
      closedAt: expect.any(String),
      referrals: [
        { id: first.id, timeline: [], messages: [] },
        { id: second.id, status: 'successful', timeline: [], messages: [] },
      ],
    });
  });
});
