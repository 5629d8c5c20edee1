import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayStatus } from '../../../shared/referral-status.js';
import { referrals } from '../../db/schema.js';
import {
  ask,
  companyWithReferrers,
  currentReferral,
  declineAndSettle,
  referralsOf,
  referrerList,
  requestStatus,
  sweeper,
} from '../../testing/handoff-fixtures.js';
import { pdfBytes, uploadResume } from '../../testing/profile-fixtures.js';
import { notificationsOf, signInReferrer } from '../../testing/referral-fixtures.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../testing/test-app.js';
import { moveReferral } from './requests/request-repo.js';

const ADMIN = 'passed-on-admin@example.com';
const NOT_FOUND = { error: 'Referral not found.' };

type PassOn =
  | 'seeker blocks'
  | 'referrer blocks'
  | 'referrer suspended and back'
  | 'seeker suspended and back'
  | 'decline hand-off'
  | 'expiry hand-off';

/**
 * Issue 46 item 1: a referral that passed on is over for its earlier referrer, whatever passed it on. Every
 * route that acts on a referral by its id answers them 404 and changes nothing; their list shows it passed
 * on. Account deletion passes referrals on too, but its referrer has no session left to try anything.
 */
describe.each(testDatabases)('a referral passed on (%s)', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false }, { ADMIN_EMAILS: ADMIN });
    admin = await t.signIn('Ada Admin', ADMIN);
  });
  afterAll(() => t.close());

  /** A request Rex held and that passed to Ola by `how`; Rex and the seeker sign in again after a suspension. */
  async function passedOn(how: PassOn) {
    const { company } = await companyWithReferrers(t);
    const rexEmail = `rex-${Math.random().toString(36).slice(2)}@example.com`;
    let rex = await signInReferrer(t, 'Rex Earlier', company, rexEmail);
    const ola = await signInReferrer(t, 'Ola Next', company);
    let seeker = await t.signIn('Sue Seeker', `sue-${Math.random().toString(36).slice(2)}@example.com`);
    const resume = ((await uploadResume(seeker, pdfBytes('cv'))).json() as { id: number }).id;
    const requestId = await ask(seeker, company);
    const old = (await currentReferral(t, requestId))!;
    expect(old.referrerId).toBe(rex.user.id);
    expect((await rex.post(`/api/referrals/${old.id}/messages`, { body: 'Hello' })).statusCode).toBe(201);

    if (how === 'seeker blocks') await ok(seeker.post(`/api/users/${rex.user.id}/block`, undefined));
    if (how === 'referrer blocks') await ok(rex.post(`/api/users/${seeker.user.id}/block`, undefined));
    if (how === 'referrer suspended and back') {
      await ok(admin.post(`/api/admin/users/${rex.user.id}/suspend`, { reason: 'Passed on' }));
      await ok(admin.post(`/api/admin/users/${rex.user.id}/unsuspend`));
      rex = await t.signIn('Rex Earlier', rexEmail);
    }
    if (how === 'seeker suspended and back') {
      await ok(admin.post(`/api/admin/users/${seeker.user.id}/suspend`, { reason: 'Passed on' }));
      await ok(admin.post(`/api/admin/users/${seeker.user.id}/unsuspend`));
      seeker = await t.signIn(seeker.user.fullName, seeker.user.email);
    }
    if (how === 'decline hand-off') await ok(declineAndSettle(t, rex, old.id));
    if (how === 'expiry hand-off') await sweeper(t).sweep(t.config.referralResponseMs + 60_000);

    const now = (await currentReferral(t, requestId))!;
    expect(now.referrerId, `${how}: the request moved on to Ola`).toBe(ola.user.id);
    return { rex, ola, seeker, requestId, old, now, resume };
  }

  async function ok(res: Promise<{ statusCode: number; body: string }>) {
    const answer = await res;
    expect(answer.statusCode, answer.body).toBe(200);
  }

  const passOns: PassOn[] = [
    'seeker blocks',
    'referrer blocks',
    'referrer suspended and back',
    'seeker suspended and back',
    'decline hand-off',
    'expiry hand-off',
  ];

  it.each(passOns)('%s: the earlier referrer cannot move it, and the seeker hears nothing', async (how) => {
    const { rex, seeker, requestId, old, now } = await passedOn(how);
    const seekerNotes = (await notificationsOf(t, seeker.user.id)).length;
    const before = await referralsOf(t, requestId);
    for (const status of ['accepted', 'declined', 'submitted'] as const) {
      const res = await rex.put(`/api/referrals/${old.id}/status`, { status });
      expect([res.statusCode, res.json()], `${how}: ${status}`).toEqual([404, NOT_FOUND]);
    }
    expect(await referralsOf(t, requestId)).toEqual(before);
    expect(await requestStatus(t, requestId)).toBe('pending');
    expect((await currentReferral(t, requestId))?.status).toBe(now.status);
    expect(await notificationsOf(t, seeker.user.id)).toHaveLength(seekerNotes);
  });

  it.each(passOns)('%s: the earlier referrer’s list shows it passed on, not pending', async (how) => {
    const { rex, requestId } = await passedOn(how);
    const card = (await referrerList(rex)).find((r) => r.id === requestId)!;
    expect(card.referral?.passedOnAt).not.toBeNull();
    expect(card.referral?.respondBy).toBeNull();
    expect(displayStatus(card)).not.toBe('pending');
    if (how !== 'decline hand-off' && how !== 'expiry hand-off')
      expect(displayStatus(card)).toBe('passed_on');
  });

  describe('every route that acts on the referral, after a block', () => {
    it('PUT /api/referrals/{id}/status: 404', async () => {
      const { rex, old } = await passedOn('seeker blocks');
      const res = await rex.put(`/api/referrals/${old.id}/status`, { status: 'accepted' });
      expect([res.statusCode, res.json()]).toEqual([404, NOT_FOUND]);
    });

    it('POST /api/referrals/{id}/undo: 404, even for a decline passed on', async () => {
      const blocked = await passedOn('seeker blocks');
      const res = await blocked.rex.post(`/api/referrals/${blocked.old.id}/undo`);
      expect([res.statusCode, res.json()]).toEqual([404, NOT_FOUND]);
      const declined = await passedOn('decline hand-off');
      const late = await declined.rex.post(`/api/referrals/${declined.old.id}/undo`);
      expect([late.statusCode, late.json()]).toEqual([404, NOT_FOUND]);
    });

    it('GET /api/referrals/{id}/packet: 404', async () => {
      const { rex, old, ola, now } = await passedOn('referrer blocks');
      const res = await rex.get(`/api/referrals/${old.id}/packet`);
      expect([res.statusCode, res.json()]).toEqual([404, NOT_FOUND]);
      expect((await ola.get(`/api/referrals/${now.id}/packet`)).statusCode).toBe(200);
    });

    it('GET and POST /api/referrals/{id}/messages: 404 to the earlier referrer and to the seeker', async () => {
      const { rex, seeker, old } = await passedOn('seeker blocks');
      for (const who of [rex, seeker]) {
        const read = await who.get(`/api/referrals/${old.id}/messages`);
        expect([read.statusCode, read.json()]).toEqual([404, NOT_FOUND]);
        const write = await who.post(`/api/referrals/${old.id}/messages`, { body: 'Still there?' });
        expect([write.statusCode, write.json()]).toEqual([404, NOT_FOUND]);
      }
    });

    it('POST /api/referrals/{id}/confirmation: 404 on the referral that passed on', async () => {
      const { seeker, old } = await passedOn('referrer blocks');
      const res = await seeker.post(`/api/referrals/${old.id}/confirmation`, { received: true });
      expect([res.statusCode, res.json()]).toEqual([404, NOT_FOUND]);
    });

    it('the applicant’s profile and résumé: 404 to the earlier referrer, 200 to the new one', async () => {
      const { rex, ola, seeker, resume } = await passedOn('seeker blocks');
      for (const url of [
        `/api/users/${seeker.user.id}`,
        `/api/users/${seeker.user.id}/experiences`,
        `/api/users/${seeker.user.id}/resume/active`,
        `/api/resumes/${resume}/file`,
      ]) {
        expect((await rex.get(url)).statusCode, url).toBe(404);
        expect((await ola.get(url)).statusCode, url).toBe(200);
      }
    });

    it('report and block stay open to the earlier referrer: they are about a person, not the referral', async () => {
      const { rex, seeker, requestId } = await passedOn('seeker blocks');
      const report = await rex.post('/api/reports', {
        subjectUserId: seeker.user.id,
        requestId,
        reason: 'harassment',
        note: 'Blocked me after asking for money.',
      });
      expect(report.statusCode, report.body).toBe(201);
      expect((await rex.post(`/api/users/${seeker.user.id}/block`, undefined)).statusCode).toBe(200);
    });
  });

  it('the conditional update itself refuses a superseded referral', async () => {
    const { rex, old } = await passedOn('seeker blocks');
    const moved = await moveReferral(t.database.db, {
      id: old.id,
      referrerId: rex.user.id,
      from: 'pending',
      to: 'accepted',
      feedback: null,
    });
    expect(moved).toBeUndefined();
    const [row] = await t.database.db.select().from(referrals).where(eq(referrals.id, old.id));
    expect(row?.status).toBe('pending');
  });
});
