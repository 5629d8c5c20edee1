import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, companyWithReferrers, currentReferral, sweeper } from '../../../testing/handoff-fixtures.js';
import { notificationsOf } from '../../../testing/referral-fixtures.js';
import { createTestApp, testDatabases, type TestApp } from '../../../testing/test-app.js';
import { CONFIRM_TOO_EARLY } from './confirmation.js';

/** Issue 24 item 7: did the referral reach the company, and the reminder to submit. */
describe.each(testDatabases)('did it arrive? (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false }, { SUBMIT_REMINDER_AFTER: '2d' });
  });
  afterAll(() => t.close());

  async function accepted() {
    const { company, referrers } = await companyWithReferrers(t, 'Rita Ref');
    const rita = referrers[0]!;
    const seeker = await t.signIn('Sam Seeker');
    const stranger = await t.signIn('Sid Stranger');
    const requestId = await ask(seeker, company);
    const referral = (await currentReferral(t, requestId))!;
    expect((await rita.put(`/api/referrals/${referral.id}/status`, { status: 'accepted' })).statusCode).toBe(
      200,
    );
    return { rita, seeker, stranger, referralId: referral.id, requestId };
  }

  it('is the seeker’s to say once submitted: 409 before, 404 for anyone else, and the referrer is told', async () => {
    const { rita, seeker, stranger, referralId } = await accepted();
    const url = `/api/referrals/${referralId}/confirmation`;
    const early = await seeker.post(url, { received: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(CONFIRM_TOO_EARLY);
    expect((await rita.put(`/api/referrals/${referralId}/status`, { status: 'submitted' })).statusCode).toBe(
      200,
    );

    for (const who of [rita, stranger])
      expect((await who.post(url, { received: true })).statusCode).toBe(404);
    expect((await seeker.post(url, { received: 'yes' })).statusCode).toBe(400);

    const res = await seeker.post(url, { received: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: referralId, seekerConfirmation: 'received' });
    const [told] = await notificationsOf(t, rita.user.id);
    expect(told).toMatchObject({ title: 'Referral arrived' });
    expect(told!.message).toMatch(/^Sam confirmed that the referral arrived/);
    // The same answer again tells nobody twice; a changed one does.
    await seeker.post(url, { received: true });
    expect(
      (await notificationsOf(t, rita.user.id)).filter((n) => n.title === 'Referral arrived'),
    ).toHaveLength(1);
    expect((await seeker.post(url, { received: false })).json().seekerConfirmation).toBe('not_received');
    expect((await notificationsOf(t, rita.user.id))[0]!.message).toMatch(
      /^Sam said the referral has not arrived/,
    );

    const lists = await Promise.all([
      seeker.get('/api/referral-requests'),
      rita.get('/api/referral-requests?role=referrer'),
    ]);
    for (const list of lists) {
      const card = (list.json() as { referral: { id: number; seekerConfirmation: string } | null }[]).find(
        (r) => r.referral?.id === referralId,
      );
      expect(card?.referral?.seekerConfirmation).toBe('not_received');
    }
  });

  it('asks the referrer once whether they submitted an accepted referral, after SUBMIT_REMINDER_AFTER', async () => {
    const { rita } = await accepted();
    const { sweep } = sweeper(t);
    const DAY = 86_400_000;
    const asked = async () =>
      (await notificationsOf(t, rita.user.id)).filter((n) => n.title === 'Did you submit the referral?');
    await sweep(DAY);
    expect(await asked()).toHaveLength(0);
    await sweep(2 * DAY + 60_000);
    const [reminder] = await asked();
    expect(reminder!.message).toMatch(/^Did you submit Sam Seeker's referral for /);
    await sweep(3 * DAY);
    expect(await asked()).toHaveLength(1);
  });
});
