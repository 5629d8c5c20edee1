import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REFERRAL_MESSAGE_MAX,
  REFERRAL_MESSAGE_TEXTS,
  THREAD_OPEN_AFTER_END_DAYS,
} from '../../../../shared/referral-messages.js';
import { createTestApp, testDatabases, type TestApp } from '../../../testing/test-app.js';
import { ask, companyWithReferrers, currentReferral } from '../../../testing/handoff-fixtures.js';
import { preparedPlans } from '../../../testing/plan-world.js';
import { notificationsOf } from '../../../testing/referral-fixtures.js';
import { eq } from 'drizzle-orm';
import { referralMessages } from '../../../db/schema.js';
import { findThreadReferral, findThreadWithMessages } from './messages-repo.js';

/** A seeker whose request Rita holds, and a stranger. */
async function signInWorld(t: TestApp) {
  const { company, referrers } = await companyWithReferrers(t, 'Rita Ref');
  const seeker = await t.signIn('Sam Seeker');
  const stranger = await t.signIn('Sid Stranger');
  const requestId = await ask(seeker, company);
  const referral = (await currentReferral(t, requestId))!;
  return { seeker, referrer: referrers[0]!, stranger, referralId: referral.id };
}

/** Issue 24 item 6: the thread of a referral, between the seeker and the referrer who holds it. */
describe.each(testDatabases)('referral messages (%s)', (kind) => {
  let t: TestApp;
  let clock = new Date('2026-11-20T10:00:00Z');
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => clock, referralSweep: false });
  });
  afterAll(() => t.close());

  it('carries messages both ways, tells the other side, and refuses everyone else with 404', async () => {
    const { seeker, referrer, stranger, referralId } = await signInWorld(t);
    const url = `/api/referrals/${referralId}/messages`;
    expect((await referrer.get(url)).json()).toEqual({ messages: [], closesAt: null, open: true });
    clock = new Date('2026-11-20T10:00:00.123Z');
    const first = await seeker.post(url, { body: '  Is the team still hiring?  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      mine: true,
      body: 'Is the team still hiring?',
      authorFirstName: 'Sam',
    });
    expect((await referrer.post(url, { body: 'Yes. Send me your candidate id later.' })).statusCode).toBe(
      201,
    );

    const seen = (await referrer.get(url)).json();
    expect(seen).toMatchObject({ open: true, closesAt: null });
    expect(seen.messages.map((m: { mine: boolean; body: string }) => [m.mine, m.body])).toEqual([
      [false, 'Is the team still hiring?'],
      [true, 'Yes. Send me your candidate id later.'],
    ]);
    expect(seen.messages[0]).toEqual({
      id: first.json().id,
      mine: false,
      authorFirstName: 'Sam',
      body: 'Is the team still hiring?',
      createdAt: '2026-11-20T10:00:00.123Z',
      status: 'delivered',
      rejectionReason: null,
    });
    expect((await notificationsOf(t, referrer.user.id))[0]).toMatchObject({
      title: 'New message',
      message: expect.stringContaining('Sam wrote about') as unknown,
      link: '/my-referrals?tab=incoming',
    });
    expect((await notificationsOf(t, seeker.user.id))[0]).toMatchObject({
      title: 'New message',
      link: '/my-referrals',
    });

    for (const res of [await stranger.get(url), await stranger.post(url, { body: 'hello' })]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await seeker.get('/api/referrals/999999/messages')).statusCode).toBe(404);
  });

  it('checks the body with the shared schema', async () => {
    const { seeker, referralId } = await signInWorld(t);
    const url = `/api/referrals/${referralId}/messages`;
    for (const body of [
      { body: '   ' },
      { body: 'x'.repeat(REFERRAL_MESSAGE_MAX + 1) },
      { body: 'a\u0000b' },
      {},
    ]) {
      const res = await seeker.post(url, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.json().error).toMatch(/^[A-Z]/);
    }
    expect((await seeker.post(url, { body: 'x'.repeat(REFERRAL_MESSAGE_MAX) })).statusCode).toBe(201);
  });

  it(`closes ${THREAD_OPEN_AFTER_END_DAYS} days after the referral ends, and stays readable`, async () => {
    const { seeker, referrer, referralId } = await signInWorld(t);
    const url = `/api/referrals/${referralId}/messages`;
    expect(
      (await referrer.put(`/api/referrals/${referralId}/status`, { status: 'accepted' })).statusCode,
    ).toBe(200);
    expect(
      (await referrer.put(`/api/referrals/${referralId}/status`, { status: 'submitted' })).statusCode,
    ).toBe(200);
    const ended = await referrer.put(`/api/referrals/${referralId}/status`, { status: 'successful' });
    expect(ended.statusCode).toBe(200);
    const endedAt = new Date(ended.json().updatedAt).getTime();
    const closes = new Date(endedAt + THREAD_OPEN_AFTER_END_DAYS * 24 * 3600_000);
    clock = new Date(closes.getTime() - 1000);
    expect((await seeker.post(url, { body: 'Thank you!' })).statusCode).toBe(201);
    clock = closes;
    const late = await seeker.post(url, { body: 'One more thing' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(REFERRAL_MESSAGE_TEXTS.closed);
    const thread = (await seeker.get(url)).json();
    expect(thread).toMatchObject({ open: false, closesAt: closes.toISOString() });
    expect(thread.messages).toHaveLength(1);
  });

  it("keeps each viewer's thread as answered while nothing commits: a change shows at once, and so does the close", async () => {
    const { seeker, referrer, stranger, referralId } = await signInWorld(t);
    const url = `/api/referrals/${referralId}/messages`;
    clock = new Date('2026-11-21T10:00:00Z');
    await seeker.post(url, { body: 'Is the team still hiring?' });
    const kept = await referrer.get(url);
    expect(kept.json().messages).toMatchObject([{ mine: false, body: 'Is the team still hiring?' }]);
    expect((await referrer.get(url)).body).toBe(kept.body);
    // Kept per viewer: the seeker's own view, and a stranger still refused.
    expect((await seeker.get(url)).json().messages).toMatchObject([{ mine: true }]);
    expect((await stranger.get(url)).statusCode).toBe(404);
    // A change straight in the database, not through the app, shows on the next read.
    await t.database.db
      .update(referralMessages)
      .set({ body: 'Changed by hand' })
      .where(eq(referralMessages.referralId, referralId));
    expect((await referrer.get(url)).json().messages).toMatchObject([{ body: 'Changed by hand' }]);
    // The referral ends; its thread closes days later with no row written, and the kept answer says so then.
    for (const status of ['accepted', 'submitted', 'successful'])
      expect((await referrer.put(`/api/referrals/${referralId}/status`, { status })).statusCode).toBe(200);
    const closesAt = (await referrer.get(url)).json().closesAt as string;
    clock = new Date(Date.parse(closesAt) - 1000);
    expect((await seeker.get(url)).json()).toMatchObject({ open: true, closesAt });
    expect((await seeker.get(url)).json()).toMatchObject({ open: true, closesAt });
    clock = new Date(closesAt);
    expect((await seeker.get(url)).json()).toMatchObject({ open: false, closesAt });
  });

  // A thread's reads are prepared: the referral's five-table join took PostgreSQL five times longer to plan
  // than to run, on every read (docs/performance.md). After its first five calls each keeps one plan.
  // PGlite keeps no pg_prepared_statements rows to count by.
  if (kind === 'postgres')
    it('reads a thread on kept plans, not planned afresh on every read', async () => {
      const { seeker, referralId } = await signInWorld(t);
      await seeker.post(`/api/referrals/${referralId}/messages`, { body: 'Is the team still hiring?' });
      const plans = await t.database.db.transaction(async (tx) => {
        for (let i = 0; i < 8; i++) {
          expect(await findThreadReferral(tx, referralId)).toMatchObject({ seekerId: seeker.user.id });
          const thread = await findThreadWithMessages(tx, referralId, seeker.user.id);
          expect(thread?.messages).toHaveLength(1);
        }
        return preparedPlans(tx, ['thread_referral', 'thread_with_messages']);
      });
      expect(plans.map((plan) => plan.name)).toEqual(['thread_referral', 'thread_with_messages']);
      for (const plan of plans) expect(plan.generic, plan.name).toBeGreaterThanOrEqual(3);
    });
});
