import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_HOLD_NOTICES, REFERRAL_REQUEST_ERRORS } from '../../../../shared/referral-texts.js';
import { dailyLimitMessage } from '../../../../shared/request-limit.js';
import { RECORD_MIN_ASKED } from '../../../../shared/referrer-record.js';
import { referralRequests, referrals, referrers, userSettings } from '../../../db/schema.js';
import type { JobPostings, JobSnapshot } from '../ports.js';
import { openReferralWorld, type ReferralWorld } from '../../../testing/referral-world.js';
import {
  changeReferralStatus,
  createReferralRequest,
  illegalMoveMessage,
  isUniqueViolation,
  listRequests,
} from './service.js';
import { REFERRAL_NOT_FOUND } from '../access.js';
import { rejection } from '../../../testing/rejection.js';
import { assignWaitingRequests } from '../matching/matching.js';

/**
 * The rules of service.ts called directly on one bare in-memory database (referral-world.ts): creating a
 * request, who may move a referral and along which transitions, what the seeker is told, and the slot a
 * closed referral frees. Fast enough for mutation testing; requests.test.ts and status.test.ts walk the
 * same rules through HTTP.
 */

let w: ReferralWorld;
beforeAll(async () => {
  w = await openReferralWorld({ capacity: 1 });
});
afterAll(() => w.close());

const body = (overrides: Record<string, unknown> = {}) =>
  ({
    jobUrl: `https://jobs.example/${Math.random().toString(36).slice(2)}`,
    position: 'Engineer',
    message: 'Hello there',
    companyId: null,
    detectedCompanyName: null,
    ...overrides,
  }) as Parameters<typeof createReferralRequest>[3];

describe('isUniqueViolation', () => {
  const withCode = (code: string, cause?: unknown) => Object.assign(new Error('x', { cause }), { code });
  it('finds the code on the error or down its causes, at most five deep', () => {
    expect(isUniqueViolation(withCode('23505'))).toBe(true);
    expect(isUniqueViolation(new Error('wrapped', { cause: withCode('23505') }))).toBe(true);
    let deep: Error = withCode('23505');
    for (let i = 0; i < 4; i++) deep = new Error(`level ${i}`, { cause: deep });
    expect(isUniqueViolation(deep)).toBe(true);
    expect(isUniqueViolation(new Error('one more', { cause: deep }))).toBe(false);
  });
  it('says no to other codes, to errors without one and to non-errors', () => {
    expect(isUniqueViolation(withCode('23503'))).toBe(false);
    expect(isUniqueViolation(new Error('plain'))).toBe(false);
    expect(isUniqueViolation({ code: '23505' })).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation(new Error('cause not an error', { cause: { code: '23505' } }))).toBe(false);
  });
});

describe('illegalMoveMessage', () => {
  it('names the current status and the refused move', () => {
    expect(illegalMoveMessage('pending', 'submitted')).toBe(
      'This referral is still pending, so it cannot be submitted.',
    );
    expect(illegalMoveMessage('accepted', 'pending')).toBe(
      'This referral is already accepted, so it cannot be moved back to pending.',
    );
    expect(illegalMoveMessage('declined', 'accepted')).toBe(
      'This referral is already declined, so it cannot be accepted.',
    );
    expect(illegalMoveMessage('submitted', 'declined')).toBe(
      'This referral is already submitted, so it cannot be declined.',
    );
    expect(illegalMoveMessage('expired', 'successful')).toBe(
      'This referral is already expired, so it cannot be marked successful.',
    );
    expect(illegalMoveMessage('successful', 'unsuccessful')).toBe(
      'This referral is already successful, so it cannot be marked unsuccessful.',
    );
    expect(illegalMoveMessage('unsuccessful', 'expired')).toBe(
      'This referral is already unsuccessful, so it cannot be expired.',
    );
  });
});

/** Creates a request for `seeker` with the body's defaults overridden (the world's ports unless others are given). */
const create = (
  seeker: Parameters<typeof createReferralRequest>[2],
  overrides: Record<string, unknown>,
  deps = w.deps,
) => createReferralRequest(w.database.db, deps, seeker, body(overrides));

describe('createReferralRequest', () => {
  it('assigns a referrer at once and tells them', async () => {
    const company = await w.company();
    const referrer = await w.referrer('Rita Ref', company.name);
    const seeker = await w.user('Sam Seeker');
    const created = await create(seeker, { detectedCompanyName: company.name });
    expect(created.noReferrers).toBe(false);
    expect(created.company.name).toBe(company.name);
    expect(created.referral).toMatchObject({
      referrerId: expect.any(Number),
      status: 'pending',
      referrerFirstName: 'Rita',
    });
    expect(created.position).toBe('Engineer');
    expect(created.message).toBe('Hello there');
    expect(created.status).toBe('pending');
    expect((await w.current(created.id))?.referrerId).toBe(referrer.id);
    expect(await w.noticesOf(referrer.id)).toEqual([
      {
        title: 'New referral request',
        message: `Sam Seeker asks for a referral for Engineer at ${company.name}.`,
        type: 'referral_assigned',
        link: '/my-referrals?tab=incoming',
      },
    ]);
    expect(await w.noticesOf(seeker.id)).toEqual([]);
  });

  it('gives the request to the referrer with the better record before the one who waited longest', async () => {
    const company = await w.company();
    const sid = await w.referrer('Sid Slow', company.name);
    const kim = await w.referrer('Kim Keen', company.name);
    const db = w.database.db;
    // By time alone Sid comes first: never assigned, where Kim was last given one in January.
    await db
      .update(referrers)
      .set({ lastAssignedAt: new Date('2026-01-05T10:00:00Z') })
      .where(eq(referrers.userId, kim.id));
    // Sid's record: as many referrals as make a record, each left to expire unanswered (the worst tier).
    const earlier = await w.user('Earlier Seeker');
    for (let i = 0; i < RECORD_MIN_ASKED; i++) {
      const [request] = await db
        .insert(referralRequests)
        .values({
          jobSeekerId: earlier.id,
          companyId: company.id,
          position: 'Engineer',
          jobUrl: `https://jobs.example/record-${i}`,
          normalizedJobUrl: `https://jobs.example/record-${i}`,
          status: 'expired',
        })
        .returning({ id: referralRequests.id });
      await db.insert(referrals).values({
        requestId: request!.id,
        referrerId: sid.id,
        status: 'expired',
        createdAt: new Date('2025-12-01T10:00:00Z'),
        supersededAt: new Date('2025-12-03T10:00:00Z'),
      });
    }
    const created = await create(await w.user('Sam Seeker'), { detectedCompanyName: company.name });
    expect((await w.current(created.id))?.referrerId).toBe(kim.id);
  });

  it('saves the request to wait when nobody refers at the company', async () => {
    const company = await w.company();
    const seeker = await w.user('Sam Seeker');
    const created = await create(seeker, { companyId: company.id });
    expect(created.noReferrers).toBe(true);
    expect(created.companyId).toBe(company.id);
    expect(await w.referralsOf(created.id)).toEqual([]);
    expect(await w.requestStatus(created.id)).toBe('pending');
  });

  it('refuses, saving nothing, when every referrer is at capacity', async () => {
    const company = await w.company();
    await w.referrer('Rita Ref', company.name);
    await w.ask(await w.user('First Seeker'), company.name);
    const seeker = await w.user('Sam Seeker');
    const err = await rejection(
      createReferralRequest(w.database.db, w.deps, seeker, body({ detectedCompanyName: company.name })),
    );
    expect([err.statusCode, err.message]).toEqual([409, REFERRAL_REQUEST_ERRORS.capacity(company.name)]);
    const saved = await w.database.db
      .select()
      .from(referralRequests)
      .where(eq(referralRequests.jobSeekerId, seeker.id));
    expect(saved).toEqual([]);
  });

  it('refuses an employee of the company, however they spell it', async () => {
    const company = await w.company();
    const seeker = await w.user('Sam Seeker', { currentCompanyName: `  ${company.name.toUpperCase()} ` });
    const err = await rejection(
      createReferralRequest(w.database.db, w.deps, seeker, body({ companyId: company.id })),
    );
    expect([err.statusCode, err.message]).toEqual([409, REFERRAL_REQUEST_ERRORS.employee(company.name)]);
    const other = await w.user('Olga Other', { currentCompanyName: 'Somewhere Else Entirely' });
    const created = await createReferralRequest(
      w.database.db,
      w.deps,
      other,
      body({ companyId: company.id }),
    );
    expect(created.companyId).toBe(company.id);
  });

  it('refuses the same posting twice from one seeker', async () => {
    const company = await w.company();
    const seeker = await w.user('Sam Seeker');
    const input = body({ companyId: company.id, jobUrl: 'https://jobs.example/same-posting-1' });
    await createReferralRequest(w.database.db, w.deps, seeker, input);
    const err = await rejection(createReferralRequest(w.database.db, w.deps, seeker, input));
    expect([err.statusCode, err.message]).toEqual([409, REFERRAL_REQUEST_ERRORS.duplicate]);
    // Another seeker may ask for the same posting.
    const other = await w.user('Olga Other');
    await createReferralRequest(w.database.db, w.deps, other, input);
  });

  it('answers 400 with a field error for an unknown company id', async () => {
    const seeker = await w.user('Sam Seeker');
    const err = await rejection(
      createReferralRequest(w.database.db, w.deps, seeker, body({ companyId: 987654 })),
    );
    expect(err.statusCode).toBe(400);
    expect(err.message).toBe(REFERRAL_REQUEST_ERRORS.companyNotFound);
    expect(err.fieldErrors).toEqual({ companyId: [REFERRAL_REQUEST_ERRORS.companyNotFound] });
  });

  it('holds a request whose message offers money: no referrer has it, and the seeker is told it waits', async () => {
    const company = await w.company();
    const referrer = await w.referrer('Rita Ref', company.name);
    const seeker = await w.user('Sam Seeker');
    const created = await create(seeker, {
      detectedCompanyName: company.name,
      position: 'Designer',
      message: 'I can send $200 by PayPal',
    });
    expect(created.status).toBe('held');
    expect(created.noReferrers).toBe(false);
    expect(created.referral).toBeNull();
    expect(await w.referralsOf(created.id)).toEqual([]);
    expect(await w.noticesOf(seeker.id)).toEqual([
      { ...PAYMENT_HOLD_NOTICES.requestHeld('Designer', company.name), link: '/my-referrals' },
    ]);
    expect(await w.noticesOf(referrer.id)).toEqual([]);
  });

  it('keeps a posting a preview read moments ago, and stores one read past the wait after the commit', async () => {
    const company = await w.company();
    const seeker = await w.user('Sam Seeker');
    const checkedAt = new Date('2026-11-20T10:00:00.000Z');
    const snapshot: JobSnapshot = {
      title: 'Staff Engineer',
      location: 'Berlin',
      status: 'open',
      source: 'greenhouse',
      checkedAt,
    };
    const later: { url: string; store: (s: JobSnapshot) => Promise<unknown> }[] = [];
    const jobs: JobPostings = {
      cached: (url) => (url.endsWith('/cached') ? snapshot : undefined),
      // Nothing comes within the wait: the reading is stored when it comes.
      readWithin: (url) =>
        Promise.resolve({ snapshot: undefined, storeWhenRead: (store) => void later.push({ url, store }) }),
      check: () => Promise.resolve(undefined),
    };
    const deps = { ...w.deps, jobs };
    const cached = await create(
      seeker,
      { companyId: company.id, jobUrl: 'https://jobs.example/cached' },
      deps,
    );
    expect(cached.job).toMatchObject({ title: 'Staff Engineer', location: 'Berlin', status: 'open' });
    expect(cached.job.checkedAt).toBe(checkedAt.toISOString());
    expect(later).toEqual([]);

    const fresh = await create(seeker, { companyId: company.id, jobUrl: 'https://jobs.example/fresh' }, deps);
    expect(fresh.job.title).toBeNull();
    expect(later.map((l) => l.url)).toEqual(['https://jobs.example/fresh']);
    await later[0]!.store({ ...snapshot, title: 'Read later', status: 'closed' });
    const [row] = await w.database.db
      .select({ title: referralRequests.jobTitle, status: referralRequests.jobStatus })
      .from(referralRequests)
      .where(eq(referralRequests.id, fresh.id));
    expect(row).toEqual({ title: 'Read later', status: 'closed' });
    // Its next reading by the liveness sweep comes an interval on.
    const [next] = await w.database.db
      .select({ at: referralRequests.jobNextCheckAt })
      .from(referralRequests)
      .where(eq(referralRequests.id, fresh.id));
    expect(next!.at!.getTime()).toBeGreaterThan(Date.now() + w.deps.jobCheckMs - 60_000);
  });

  it('creates the detected company when it is new', async () => {
    const seeker = await w.user('Sam Seeker');
    const name = `Brand New Detected ${Math.random().toString(36).slice(2, 8)}`;
    const created = await create(seeker, { detectedCompanyName: name });
    expect(created.company.name).toBe(name);
    expect(created.referral).toBeNull();
    expect(created.noReferrers).toBe(true);
  });

  it('keeps to the daily limit, saying in the seeker’s time zone when the next one may be sent', async () => {
    const company = await w.company();
    const seeker = await w.user('Sam Seeker');
    await w.database.db.insert(userSettings).values({ userId: seeker.id, timeZone: 'Asia/Kolkata' });
    const deps = { ...w.deps, requestsPerDay: 1 };
    await createReferralRequest(w.database.db, deps, seeker, body({ companyId: company.id }));
    const [first] = await w.database.db
      .select({ createdAt: referralRequests.createdAt })
      .from(referralRequests)
      .where(eq(referralRequests.jobSeekerId, seeker.id));
    const err = await rejection(
      createReferralRequest(w.database.db, deps, seeker, body({ companyId: company.id })),
    );
    const nextAt = new Date(first!.createdAt.getTime() + 24 * 60 * 60_000);
    expect(err.statusCode).toBe(429);
    expect(err.message).toBe(dailyLimitMessage(1, nextAt, 'Asia/Kolkata'));
    expect(err.message).not.toBe(dailyLimitMessage(1, nextAt, null));
    expect(err.details).toEqual({ retryAt: nextAt.toISOString() });
    const wait = Number(err.headers?.['retry-after']);
    expect(wait).toBeGreaterThan(24 * 60 * 60 - 60);
    expect(wait).toBeLessThanOrEqual(24 * 60 * 60);
  });
});

describe('changeReferralStatus', () => {
  async function assigned() {
    const company = await w.company();
    const referrer = await w.referrer('Rita Ref', company.name);
    const seeker = await w.user('Sam Seeker');
    const requestId = await w.ask(seeker, company.name);
    const referral = (await w.current(requestId))!;
    return { company, referrer, seeker, requestId, referral };
  }
  const move = (
    referrer: Parameters<typeof changeReferralStatus>[2],
    id: number,
    status: string,
    feedback: string | null = null,
  ) =>
    changeReferralStatus(w.database.db, w.deps, referrer, id, {
      status: status as 'accepted',
      feedback,
    });

  it('lets only the assigned referrer move it, and answers 404 to anyone else', async () => {
    const { referral, company, seeker } = await assigned();
    const colleague = await w.referrer('Colin Colleague', company.name);
    for (const who of [colleague, seeker]) {
      const err = await rejection(move(who, referral.id, 'accepted'));
      expect([err.statusCode, err.message]).toEqual([404, REFERRAL_NOT_FOUND]);
    }
    expect(REFERRAL_NOT_FOUND).toBe('Referral not found.');
    const err = await rejection(move(colleague, 9_999_999, 'accepted'));
    expect(err.statusCode).toBe(404);
    expect((await w.current(referral.requestId))?.status).toBe('pending');
  });

  it('follows the transitions and tells the seeker each step, with feedback', async () => {
    const { referrer, referral, seeker, requestId, company } = await assigned();
    const where = `Your referral request for Engineer at ${company.name}`;

    const skip = await rejection(move(referrer, referral.id, 'submitted'));
    expect([skip.statusCode, skip.message]).toEqual([409, illegalMoveMessage('pending', 'submitted')]);

    const accepted = await move(referrer, referral.id, 'accepted');
    expect(accepted).toMatchObject({
      id: referral.id,
      requestId,
      referrerId: referrer.id,
      status: 'accepted',
    });
    expect(await w.requestStatus(requestId)).toBe('accepted');

    const again = await rejection(move(referrer, referral.id, 'accepted'));
    expect([again.statusCode, again.message]).toEqual([409, illegalMoveMessage('accepted', 'accepted')]);

    const submitted = await move(referrer, referral.id, 'submitted', 'Sent to the hiring manager');
    expect(submitted.status).toBe('submitted');
    expect(submitted.feedback).toBe('Sent to the hiring manager');
    expect(submitted.submittedAt).not.toBeNull();
    expect(await w.requestStatus(requestId)).toBe('submitted');

    const done = await move(referrer, referral.id, 'unsuccessful');
    expect(done.status).toBe('unsuccessful');
    expect(done.feedback).toBe('Sent to the hiring manager');
    expect(await w.requestStatus(requestId)).toBe('unsuccessful');

    const final = await rejection(move(referrer, referral.id, 'successful'));
    expect([final.statusCode, final.message]).toEqual([
      409,
      illegalMoveMessage('unsuccessful', 'successful'),
    ]);

    const link = '/my-referrals';
    const type = 'referral_status';
    expect(await w.noticesOf(seeker.id)).toEqual([
      { title: 'Referral accepted', message: `${where} was accepted by your referrer.`, type, link },
      {
        title: 'Referral submitted',
        message: `${where} was submitted to the company by your referrer. Feedback: Sent to the hiring manager`,
        type,
        link,
      },
      {
        title: 'Referral unsuccessful',
        message: `${where} was unsuccessful: the company did not select you this time.`,
        type,
        link,
      },
    ]);
  });

  it('an accept keeps the referral with its referrer though a colleague could take it', async () => {
    const { referrer, referral, requestId, company } = await assigned();
    const colleague = await w.referrer('Colin Colleague', company.name);
    await move(referrer, referral.id, 'accepted');
    const rows = await w.referralsOf(requestId);
    expect(rows.map((r) => [r.referrerId, r.status, r.supersededAt])).toEqual([
      [referrer.id, 'accepted', null],
    ]);
    expect(await w.noticesOf(colleague.id)).toEqual([]);
  });

  it('tells the seeker of a success', async () => {
    const { referrer, referral, seeker, company } = await assigned();
    await move(referrer, referral.id, 'accepted');
    await move(referrer, referral.id, 'submitted');
    await move(referrer, referral.id, 'successful', 'Interview on Monday');
    const notices = await w.noticesOf(seeker.id);
    expect(notices.at(-1)).toEqual({
      title: 'Referral successful',
      message: `Your referral request for Engineer at ${company.name} was successful: you were shortlisted or invited to interview. Feedback: Interview on Monday`,
      type: 'referral_status',
      link: '/my-referrals',
    });
    expect(notices.map((n) => n.title)).toEqual([
      'Referral accepted',
      'Referral submitted',
      'Referral successful',
    ]);
  });

  it('a decline with nobody else left stays current, ends the request and tells the seeker', async () => {
    const { referrer, referral, seeker, requestId, company } = await assigned();
    const declined = await move(referrer, referral.id, 'declined', 'Not my team');
    expect(declined).toMatchObject({ status: 'declined', feedback: 'Not my team' });
    // The request stays open through DECLINE_UNDO_WINDOW; the sweep ends it after.
    expect(await w.requestStatus(requestId)).toBe('pending');
    expect(await w.noticesOf(seeker.id)).toEqual([]);
    await w.settleDeclines();
    expect((await w.current(requestId))?.answeredAt).toBeInstanceOf(Date);
    expect(await w.requestStatus(requestId)).toBe('declined');
    expect((await w.current(requestId))?.id).toBe(referral.id);
    expect(await w.noticesOf(seeker.id)).toEqual([
      {
        title: 'Referral declined',
        message: `Your referral request for Engineer at ${company.name} was declined by your referrer. Feedback: Not my team`,
        type: 'referral_status',
        link: '/my-referrals',
      },
    ]);
  });

  it('a decline passes the request to the next referrer, who alone is told it is new', async () => {
    const { referrer, referral, seeker, requestId, company } = await assigned();
    const next = await w.referrer('Nina Next', company.name);
    await move(referrer, referral.id, 'declined');
    expect((await w.current(requestId))?.id, 'no hand-off inside the undo window').toBe(referral.id);
    await w.settleDeclines();
    const current = (await w.current(requestId))!;
    expect([current.referrerId, current.status]).toEqual([next.id, 'pending']);
    expect(await w.requestStatus(requestId)).toBe('pending');
    expect((await w.noticesOf(seeker.id)).map((n) => n.title)).toEqual([
      'Request passed to another referrer',
    ]);
    expect((await w.noticesOf(next.id)).map((n) => n.title)).toEqual(['New referral request']);
    expect((await w.noticesOf(referrer.id)).map((n) => n.title)).toEqual(['New referral request']);
  });

  it('a referral leaving the open set gives the referrer the oldest waiting request', async () => {
    const company = await w.company();
    const first = await w.user('First Seeker');
    const second = await w.user('Second Seeker');
    const firstRequest = await w.ask(first, company.name);
    const secondRequest = await w.ask(second, company.name);
    const referrer = await w.referrer('Rita Ref', company.name);
    const referral = (await w.current(firstRequest))!;
    expect(referral.referrerId).toBe(referrer.id);
    expect(await w.current(secondRequest)).toBeUndefined();

    // With room for more, a move that keeps the referral open still assigns nothing.
    const roomy = { ...w.deps, capacity: 3 };
    await changeReferralStatus(w.database.db, roomy, referrer, referral.id, {
      status: 'accepted',
      feedback: null,
    });
    expect(await w.current(secondRequest)).toBeUndefined();

    await move(referrer, referral.id, 'submitted');
    const handed = (await w.current(secondRequest))!;
    expect([handed.referrerId, handed.status]).toEqual([referrer.id, 'pending']);
    expect((await w.noticesOf(second.id)).map((n) => n.title)).toEqual(['Referrer found']);
  });

  it('a referrer at their monthly cap or paused takes no new request; the others still do', async () => {
    const company = await w.company();
    const rita = await w.referrer('Rita Capped', company.name);
    const firstRequest = await w.ask(await w.user('First Seeker'), company.name);
    const referral = (await w.current(firstRequest))!;
    expect(referral.referrerId).toBe(rita.id);
    await move(rita, referral.id, 'accepted');
    await move(rita, referral.id, 'submitted');
    // One assignment this month, none open: a cap of 1 is reached.
    await w.database.db.insert(userSettings).values({ userId: rita.id, monthlyReferralCap: 1 });
    const nina = await w.referrer('Nina Next', company.name);
    const second = await w.ask(await w.user('Second Seeker'), company.name);
    expect((await w.current(second))?.referrerId).toBe(nina.id);
    const asking = async (name: string) =>
      createReferralRequest(
        w.database.db,
        w.deps,
        await w.user(name),
        body({ detectedCompanyName: company.name }),
      );
    const full = await rejection(asking('Third Seeker'));
    expect([full.statusCode, full.message]).toEqual([409, REFERRAL_REQUEST_ERRORS.capacity(company.name)]);

    await w.database.db
      .update(userSettings)
      .set({ monthlyReferralCap: 2 })
      .where(eq(userSettings.userId, rita.id));
    const third = await asking('Third Seeker');
    expect(third.referral?.referrerId).toBe(rita.id);
    await move(rita, third.referral!.id, 'accepted');
    await move(rita, third.referral!.id, 'submitted');

    // No cap, room again, but paused: nobody takes the next one.
    await w.database.db
      .update(userSettings)
      .set({ monthlyReferralCap: null, referralsPausedUntil: '2999-01-01' })
      .where(eq(userSettings.userId, rita.id));
    expect((await rejection(asking('Fourth Seeker'))).statusCode).toBe(409);
    await w.database.db
      .update(userSettings)
      .set({ referralsPausedUntil: null })
      .where(eq(userSettings.userId, rita.id));
    expect((await asking('Fifth Seeker')).referral?.referrerId).toBe(rita.id);
  });

  it('a closed referral does not assign again (from submitted on)', async () => {
    const company = await w.company();
    const first = await w.user('First Seeker');
    const firstRequest = await w.ask(first, company.name);
    const referrer = await w.referrer('Rita Ref', company.name);
    const referral = (await w.current(firstRequest))!;
    await move(referrer, referral.id, 'accepted');
    await move(referrer, referral.id, 'submitted');
    // A request that waits now (the referrer is moved off the company's list and back, so it waits).
    const second = await w.user('Second Seeker');
    const other = await w.company();
    const secondRequest = await w.ask(second, other.name);
    expect(await w.current(secondRequest)).toBeUndefined();
    await move(referrer, referral.id, 'successful');
    expect(await w.current(secondRequest)).toBeUndefined();
  });
});

describe('listRequests', () => {
  it('lists the seeker’s own requests newest first, or with the referrer role the ones the user holds, a page at a time', async () => {
    const company = await w.company();
    const rita = await w.referrer('Rita List', company.name);
    const nina = await w.referrer('Nina List', company.name);
    const seeker = await w.user('Sam List');
    const first = await w.ask(seeker, company.name);
    const second = await w.ask(seeker, company.name);
    const ids = (list: { id: number }[]) => list.map((r) => r.id);
    const list = (user: typeof seeker, query: Parameters<typeof listRequests>[3]) =>
      listRequests(w.database.db, w.deps, user, query).then(ids);

    expect(await list(seeker, { limit: 10 })).toEqual([second, first]);
    expect(await list(seeker, { limit: 1 })).toEqual([second]);
    expect(await list(seeker, { limit: 10, before: second })).toEqual([first]);
    // Capacity 1: each referrer holds one of the two.
    const held = { [rita.id]: [] as number[], [nina.id]: [] as number[] };
    for (const id of [second, first]) held[(await w.current(id))!.referrerId]!.push(id);
    expect(await list(rita, { role: 'referrer', limit: 10 })).toEqual(held[rita.id]);
    expect(await list(nina, { role: 'referrer', limit: 10 })).toEqual(held[nina.id]);
    expect(held[rita.id]).toHaveLength(1);
    expect(await list(rita, { limit: 10 })).toEqual([]);
    expect(await list(seeker, { role: 'referrer', limit: 10 })).toEqual([]);
  });
});

describe('assignWaitingRequests', () => {
  it('hands the oldest waiting requests up to the room and the monthly cap left, telling both sides; nothing while paused', async () => {
    const company = await w.company();
    const seekers = [await w.user('Ann Wait'), await w.user('Ben Wait'), await w.user('Cal Wait')];
    const waiting: number[] = [];
    for (const seeker of seekers) waiting.push(await w.ask(seeker, company.name));
    for (const id of waiting) expect(await w.current(id)).toBeUndefined();
    // Turning willing with room for one (the world's capacity) takes the oldest.
    const rita = await w.referrer('Rita Room', company.name);
    expect((await w.current(waiting[0]!))?.referrerId).toBe(rita.id);
    expect(await w.noticesOf(seekers[0]!.id)).toEqual([
      {
        title: 'Referrer found',
        message: `A referrer at ${company.name} now has your request for Engineer.`,
        type: 'referral_assigned',
        link: '/my-referrals',
      },
    ]);
    expect(await w.noticesOf(rita.id)).toContainEqual({
      title: 'New referral request',
      message: `Ann Wait asks for a referral for Engineer at ${company.name}.`,
      type: 'referral_assigned',
      link: '/my-referrals?tab=incoming',
    });

    const roomy = { ...w.deps, capacity: 5 };
    const assign = () =>
      w.database.db.transaction((tx) => assignWaitingRequests(tx, roomy, rita.id, new Date(), null));
    await w.database.db.insert(userSettings).values({ userId: rita.id, monthlyReferralCap: 2 });
    expect(await assign()).toBe(1);
    expect((await w.current(waiting[1]!))?.referrerId).toBe(rita.id);
    expect(await w.current(waiting[2]!)).toBeUndefined();
    expect(await assign()).toBe(0);

    await w.database.db
      .update(userSettings)
      .set({ monthlyReferralCap: null, referralsPausedUntil: '2999-01-01' })
      .where(eq(userSettings.userId, rita.id));
    expect(await assign()).toBe(0);
    await w.database.db
      .update(userSettings)
      .set({ referralsPausedUntil: null })
      .where(eq(userSettings.userId, rita.id));
    expect(await assign()).toBe(1);
    expect((await w.current(waiting[2]!))?.referrerId).toBe(rita.id);
    expect(await assign()).toBe(0);
    expect(
      await w.database.db.transaction((tx) => assignWaitingRequests(tx, w.deps, rita.id, new Date(), null)),
    ).toBe(0);
  });
});
