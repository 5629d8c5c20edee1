import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReferralWorld, type ReferralWorld } from '../../../testing/referral-world.js';
import { runReferralSweep } from '../handoffs/sweep.js';
import { undoReferralDecline } from '../requests/lifecycle.js';
import { changeReferralStatus, listRequests } from '../requests/service.js';
import { buildTimeline } from './timeline.js';

/** Issue 24 item 5: every status change keeps its own note, and both sides read the request's timeline. */

let w: ReferralWorld;
beforeAll(async () => {
  w = await openReferralWorld({ capacity: 5, maxHandoffs: 3 });
});
afterAll(() => w.close());

const list = (user: { id: number }, role?: 'referrer') =>
  listRequests(w.database.db, w.deps, user as Parameters<typeof listRequests>[2], { role, limit: 50 });

describe('the request timeline', () => {
  it('keeps each step with its own note, for the seeker with every referrer and for each referrer their own', async () => {
    const company = await w.company();
    const rita = await w.referrer('Rita Ref', company.name);
    const seeker = await w.user('Sam Seeker');
    const requestId = await w.ask(seeker, company.name, 'Data Engineer');
    // Nina joins after Rita holds it, so the hand-off goes to her.
    const nina = await w.referrer('Nina Next', company.name);
    await runReferralSweep(w.database.db, w.deps, new Date(Date.now() + w.deps.responseMs + 60_000));
    const held = (await w.current(requestId))!;
    expect(held.referrerId).toBe(nina.id);
    const move = (status: 'accepted' | 'submitted' | 'successful', feedback: string | null) =>
      changeReferralStatus(w.database.db, w.deps, nina, held.id, { status, feedback });
    await move('accepted', 'Happy to refer you.');
    await move('submitted', 'Candidate id 4711.');
    await move('successful', null);

    const [mine] = (await list(seeker)).filter((r) => r.id === requestId);
    expect(mine!.timeline.map((e) => [e.kind, e.referrerFirstName, e.note])).toEqual([
      ['requested', null, null],
      ['assigned', 'Rita', null],
      ['expired', 'Rita', null],
      ['assigned', 'Nina', null],
      ['accepted', 'Nina', 'Happy to refer you.'],
      ['submitted', 'Nina', 'Candidate id 4711.'],
      ['successful', 'Nina', null],
    ]);
    // The latest note given is still the referral's feedback, as the cards show it (docs/product.md, Screens).
    expect(mine!.referral!.feedback).toBe('Candidate id 4711.');

    const [ninas] = (await list(nina, 'referrer')).filter((r) => r.id === requestId);
    expect(ninas!.timeline.map((e) => e.kind)).toEqual([
      'requested',
      'assigned',
      'accepted',
      'submitted',
      'successful',
    ]);
    expect(ninas!.timeline.every((e) => e.referrerFirstName !== 'Rita')).toBe(true);
    const [ritas] = (await list(rita, 'referrer')).filter((r) => r.id === requestId);
    expect(ritas!.timeline.map((e) => [e.kind, e.referrerFirstName])).toEqual([
      ['requested', null],
      ['assigned', 'Rita'],
      ['expired', 'Rita'],
    ]);
  });

  it("an undone decline stays on the referrer's timeline and never reaches the seeker's", async () => {
    const company = await w.company();
    const rita = await w.referrer('Rita Ref', company.name);
    const seeker = await w.user('Sam Seeker');
    const requestId = await w.ask(seeker, company.name, 'Platform Engineer');
    const held = (await w.current(requestId))!;
    await changeReferralStatus(w.database.db, w.deps, rita, held.id, {
      status: 'declined',
      feedback: 'Wrong team',
      reason: 'team_not_hiring',
    });
    const seekerKinds = async () =>
      (await list(seeker)).find((r) => r.id === requestId)!.timeline.map((e) => e.kind);
    // Inside the undo window the seeker sees nothing of the decline.
    expect(await seekerKinds()).toEqual(['requested', 'assigned']);
    const [declined] = (await list(rita, 'referrer')).filter((r) => r.id === requestId);
    expect(declined!.timeline.at(-1)).toMatchObject({
      kind: 'declined',
      note: 'Wrong team',
      declineReason: 'team_not_hiring',
    });

    await undoReferralDecline(w.database.db, w.deps, rita, held.id);
    const [undone] = (await list(rita, 'referrer')).filter((r) => r.id === requestId);
    expect(undone!.timeline.map((e) => e.kind)).toEqual(['requested', 'assigned', 'declined', 'pending']);
    expect(await seekerKinds()).toEqual(['requested', 'assigned']);
  });

  it('a referral that left its referrer without their answer reads "passed on"', () => {
    const at = (m: number) => new Date(Date.UTC(2026, 10, 1, 0, m));
    const row = (referralId: number, referrerName: string, minute: number, supersededAt: Date | null) => ({
      requestId: 1,
      referralId,
      referrerId: referralId,
      referrerName,
      assignedAt: at(minute),
      supersededAt,
      status: 'accepted',
      declineReason: null,
      feedback: null,
      change: null,
    });
    const timeline = buildTimeline({ createdAt: at(0), updatedAt: at(3), status: 'pending' }, [
      { ...row(1, 'Rita Ref', 1, at(3)), change: { status: 'accepted', note: 'Sure', at: at(2) } },
      row(2, 'Nina Next', 3, null),
    ]);
    expect(timeline.map((e) => [e.kind, e.referrerFirstName, e.note])).toEqual([
      ['requested', null, null],
      ['assigned', 'Rita', null],
      ['accepted', 'Rita', 'Sure'],
      ['passed_on', 'Rita', null],
      ['assigned', 'Nina', null],
    ]);
  });

  it('a request that ended while nobody held it ends its timeline with that status', () => {
    const at = new Date(Date.UTC(2026, 10, 1));
    const later = new Date(Date.UTC(2026, 10, 2));
    expect(buildTimeline({ createdAt: at, updatedAt: later, status: 'job_closed' }, [])).toEqual([
      { kind: 'requested', at: at.toISOString(), referrerFirstName: null, note: null, declineReason: null },
      {
        kind: 'job_closed',
        at: later.toISOString(),
        referrerFirstName: null,
        note: null,
        declineReason: null,
      },
    ]);
    expect(buildTimeline({ createdAt: at, updatedAt: later, status: 'pending' }, [])).toHaveLength(1);
  });
});
