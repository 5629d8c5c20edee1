import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockStateSchema, BlockedUsersSchema } from '../../../../shared/blocks.js';
import {
  ask,
  companyWithReferrers,
  currentReferral,
  referralsOf,
  referrerList,
  seekerList,
} from '../../../testing/handoff-fixtures.js';
import { notificationsOf, signInReferrer } from '../../../testing/referral-fixtures.js';
import {
  ORIGIN,
  createTestApp,
  testDatabases,
  type SignedIn,
  type TestApp,
} from '../../../testing/test-app.js';

/** Issue 25 item 3 (docs/decisions/039-running-the-marketplace.md): blocks, both ways, never told. */
describe.each(testDatabases)('blocks (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false });
  });
  afterAll(async () => {
    await t.close();
  });

  const block = (who: SignedIn, id: number) => who.post(`/api/users/${id}/block`, undefined);
  const unblock = (who: SignedIn, id: number) => who.del(`/api/users/${id}/block`);

  it("a referrer's block passes the request on at once and keeps the seeker's requests away for good", async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Bea Blocker', 'Nat Next');
    const [bea, nat] = referrers as [SignedIn, SignedIn];
    const seeker = await t.signIn('Pesky Seeker');
    const requestId = await ask(seeker, company);
    expect((await currentReferral(t, requestId))!.referrerId).toBe(bea.user.id);

    const res = await block(bea, seeker.user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(BlockStateSchema.parse(res.json())).toEqual({ userId: seeker.user.id, blocked: true });
    expect((await currentReferral(t, requestId))!.referrerId).toBe(nat.user.id);
    expect((await bea.get(`/api/users/${seeker.user.id}`)).statusCode).toBe(404);
    // The seeker hears that it moved on, never who blocked them or that anyone did.
    const [note] = await notificationsOf(t, seeker.user.id);
    expect(note).toMatchObject({ title: 'Request passed to another referrer' });
    expect(`${note!.title} ${note!.message}`).not.toMatch(/block|Bea/i);
    // Their card names Bea as having stopped referring, not as having let it go unanswered.
    const mine = (await seekerList(seeker)).find((r) => r.id === requestId);
    expect(mine?.handoffs.map((h) => [h.referrerFirstName, h.outcome])).toEqual([['Bea', 'withdrawn']]);
    // Blocking twice is the same as once.
    expect((await block(bea, seeker.user.id)).statusCode).toBe(200);

    // Nat declines nothing; the seeker's next request skips Bea even though she has the fewest open.
    const next = await ask(seeker, company);
    expect((await currentReferral(t, next))!.referrerId).toBe(nat.user.id);
    // With Nat unwilling, the request waits rather than reach Bea.
    expect(
      (await nat.put(`/api/users/${nat.user.id}/willingness-to-give-referrals`, { isWilling: false }))
        .statusCode,
    ).toBe(200);
    const third = await ask(seeker, company);
    expect(await currentReferral(t, third)).toBeUndefined();
    // And Bea, turning willing again, is not handed the waiting request.
    expect(
      (await bea.put(`/api/users/${bea.user.id}/willingness-to-give-referrals`, { isWilling: false }))
        .statusCode,
    ).toBe(200);
    expect(
      (await bea.put(`/api/users/${bea.user.id}/willingness-to-give-referrals`, { isWilling: true }))
        .statusCode,
    ).toBe(200);
    expect(await currentReferral(t, third)).toBeUndefined();

    // Lifted, matching may pair them again: the waiting request goes to Bea when she next has room.
    expect(BlockStateSchema.parse((await unblock(bea, seeker.user.id)).json())).toEqual({
      userId: seeker.user.id,
      blocked: false,
    });
    const fourth = await ask(seeker, company);
    expect((await currentReferral(t, fourth))!.referrerId).toBe(bea.user.id);
  });

  it("a seeker's block takes the request from that referrer and never gives them the seeker again", async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Rex Rude', 'Ola Other');
    const [rex, ola] = referrers as [SignedIn, SignedIn];
    const seeker = await t.signIn('Sue Seeker');
    const requestId = await ask(seeker, company);
    expect((await currentReferral(t, requestId))!.referrerId).toBe(rex.user.id);
    expect((await block(seeker, rex.user.id)).statusCode).toBe(200);
    const rows = await referralsOf(t, requestId);
    expect(rows.map((r) => r.referrerId)).toEqual([rex.user.id, ola.user.id]);
    // Rex keeps a 'Passed on' card, and hears nothing about a block.
    const card = (await referrerList(rex)).find((r) => r.id === requestId);
    expect(card?.resumeLink ?? null).toBeNull();
    const rexNotes = await notificationsOf(t, rex.user.id);
    expect(rexNotes.some((n) => /block/i.test(`${n.title} ${n.message}`))).toBe(false);
    const again = await ask(seeker, company);
    expect((await currentReferral(t, again))!.referrerId).toBe(ola.user.id);
  });

  it('is only for someone the user shares a request with, never oneself, and visitors sign in first', async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Una Unrelated');
    const stranger = await t.signIn('Stan Stranger');
    const seeker = await t.signIn('Sia Seeker');
    await ask(seeker, company);
    const other = await signInReferrer(t, 'Oz Elsewhere', `${company} Two`);
    for (const [who, id] of [
      [stranger, seeker.user.id],
      [other, seeker.user.id],
      [seeker, stranger.user.id],
      [seeker, 999_999],
    ] as const) {
      const res = await block(who, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('There is no such user.');
      expect((await unblock(who, id)).statusCode).toBe(404);
    }
    const self = await block(seeker, seeker.user.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe('You cannot block yourself.');
    expect((await block(seeker, referrers[0]!.user.id)).statusCode).toBe(200);
    const visitor = await t.app.inject({
      method: 'POST',
      url: `/api/users/${seeker.user.id}/block`,
      headers: ORIGIN,
    });
    expect(visitor.statusCode).toBe(401);
    expect((await seeker.post('/api/users/abc/block', undefined)).statusCode).toBe(400);
  });

  it('lists whom the user blocked, first names and when, newest first, and each can be lifted from there (issue 46 item 9)', async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Lia Listed', 'Max Listed');
    const [lia, max] = referrers as [SignedIn, SignedIn];
    const seeker = await t.signIn('Lou Lister');
    await ask(seeker, company);
    await ask(seeker, company);
    const mine = async (who: SignedIn) => {
      const res = await who.get('/api/user/blocks');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return BlockedUsersSchema.parse(res.json());
    };
    expect(await mine(seeker)).toEqual([]);
    expect((await block(seeker, lia.user.id)).statusCode).toBe(200);
    expect((await block(seeker, max.user.id)).statusCode).toBe(200);
    const listed = await mine(seeker);
    expect(listed.map((b) => [b.userId, b.firstName])).toEqual([
      [max.user.id, 'Max'],
      [lia.user.id, 'Lia'],
    ]);
    expect(Date.parse(listed[0]!.blockedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Only one's own blocks: the blocked never see who blocked them, nor does anyone else.
    expect(await mine(lia)).toEqual([]);
    expect(await mine(max)).toEqual([]);

    expect((await unblock(seeker, lia.user.id)).statusCode).toBe(200);
    expect((await mine(seeker)).map((b) => b.userId)).toEqual([max.user.id]);
    const visitor = await t.app.inject({ method: 'GET', url: '/api/user/blocks' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error).toEqual(expect.any(String));
  });

  it('a block lifts even when the request the two shared is gone; a stranger learns nothing', async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Gil Gone');
    const [gil] = referrers as [SignedIn];
    const seeker = await t.signIn('Gia Gone');
    const requestId = await ask(seeker, company);
    expect((await block(gil, seeker.user.id)).statusCode).toBe(200);
    // The request is erased (as an account deletion does): nothing is shared any more.
    await t.database.db.execute(sql`delete from referral_requests where id = ${requestId}`);
    expect((await unblock(gil, seeker.user.id)).statusCode).toBe(200);
    expect(await (await gil.get('/api/user/blocks')).json()).toEqual([]);
    // Someone with no block and nothing shared learns nothing.
    const stranger = await t.signIn('Sid Stranger');
    const refused = await unblock(stranger, seeker.user.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe('There is no such user.');
    expect((await unblock(gil, gil.user.id)).statusCode).toBe(400);
  });
});
