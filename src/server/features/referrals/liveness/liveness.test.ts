import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { JOB_UNREACHABLE_DAYS } from '../../../../shared/jobs.js';
import {
  companyWithReferrers,
  currentReferral,
  referrerList,
  requestStatus,
  seekerList,
} from '../../../testing/handoff-fixtures.js';
import {
  askFor,
  greenhousePosting,
  livenessSweeper,
  startPostingServers,
  type PostingServers,
} from '../../../testing/liveness-fixtures.js';
import { notificationsOf, setWilling } from '../../../testing/referral-fixtures.js';
import { createTestApp, type SignedIn, testDatabases, type TestApp } from '../../../testing/test-app.js';

const DAY = 86_400_000;
let board = 0;

describe.each(testDatabases)('job liveness (%s)', (kind) => {
  let t: TestApp;
  let postings: PostingServers;
  beforeAll(async () => {
    postings = await startPostingServers();
  });
  afterAll(async () => {
    await postings.close();
  });
  // An app each: the sweep claims every due row of the database, and counts are asserted.
  beforeEach(async () => {
    t = await createTestApp(
      kind,
      { referralSweep: false, livenessSweep: false },
      { ...postings.env, REFERRER_CAPACITY: '1' },
    );
  });
  afterEach(async () => {
    await t.close();
  });

  /** A Greenhouse posting of its own, read (open) when its request was made. */
  async function openPosting(seeker: SignedIn, company: string, id: number) {
    board += 1;
    const posting = greenhousePosting(`live${kind}${board}`, id);
    const requestId = await askFor(seeker, company, posting.url);
    await vi.waitFor(async () => {
      const mine = (await seekerList(seeker)).find((r) => r.id === requestId);
      expect(mine?.job.status).toBe('open');
    });
    return { requestId, ...posting };
  }

  it('closes the request whose posting answers 404, freeing its referrer, and leaves a 503 and a 403 open', async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Rhea Referrer');
    const rhea = referrers[0]!;
    const gone = await t.signIn('Gil Gone');
    const waiting = await t.signIn('Wanda Waiting');
    const other = await t.signIn('Otto Unknown');
    const closing = await openPosting(gone, company, 404);
    // Rhea is full (one slot): a second request at her company waits for her.
    await setWilling(rhea, false);
    const queued = await openPosting(waiting, company, 200);
    await setWilling(rhea, true);
    expect(await currentReferral(t, queued.requestId)).toBeUndefined();
    const busy = await openPosting(other, `Elsewhere ${kind} ${board}`, 503);
    const denied = await openPosting(other, `Elsewhere ${kind} ${board}`, 403);
    for (const p of [closing, busy, denied]) postings.answer(p.apiPath, Number(p.apiPath.split('/').pop()));

    const { sweep, at } = livenessSweeper(t);
    // Not due yet: a request is first re-read one JOB_CHECK_INTERVAL after it was made.
    expect(await sweep(DAY / 2)).toMatchObject({ closed: 0, stored: 0 });
    const result = await sweep(DAY + 1000);
    expect(result).toMatchObject({ closed: 1, stored: 3, unread: 0 });
    // Read afresh, although the readings made with the requests are still cached.
    for (const p of [closing, queued, busy, denied]) expect(postings.hits(p.apiPath)).toBe(2);

    expect(await requestStatus(t, closing.requestId)).toBe('job_closed');
    expect(await currentReferral(t, closing.requestId)).toMatchObject({
      referrerId: rhea.user.id,
      status: 'job_closed',
      updatedAt: at(DAY + 1000),
    });
    const sentence = `The posting for Software Engineer at ${company} has closed`;
    const [toSeeker] = await notificationsOf(t, gone.user.id);
    expect(toSeeker).toMatchObject({ title: 'Job posting closed', link: '/my-referrals' });
    expect(toSeeker!.message).toContain(sentence);
    const toRhea = (await notificationsOf(t, rhea.user.id)).find((n) => n.title === 'Job posting closed');
    expect(toRhea?.message).toContain(sentence);
    expect(toRhea?.message).toContain('Gil Gone');

    // Her slot went to the waiting request.
    expect(await currentReferral(t, queued.requestId)).toMatchObject({
      referrerId: rhea.user.id,
      status: 'pending',
    });
    expect((await notificationsOf(t, waiting.user.id))[0]?.title).toBe('Referrer found');

    // Both lists show it closed; unknown answers closed nothing and are recorded.
    const [mine] = await seekerList(gone);
    expect(mine).toMatchObject({ status: 'job_closed', referral: { status: 'job_closed' } });
    expect(mine?.job).toMatchObject({ status: 'closed', checkedAt: at(DAY + 1000).toISOString() });
    const held = (await referrerList(rhea)).find((r) => r.id === closing.requestId);
    expect(held?.referral?.status).toBe('job_closed');
    // The closing is the last step of the request's timeline on both sides.
    expect(mine?.timeline.at(-1)).toMatchObject({ kind: 'job_closed', at: at(DAY + 1000).toISOString() });
    expect(held?.timeline.map((e) => e.kind)).toEqual(['requested', 'assigned', 'job_closed']);
    for (const p of [busy, denied]) {
      expect(await requestStatus(t, p.requestId)).toBe('pending');
      const listed = (await seekerList(other)).find((r) => r.id === p.requestId);
      expect(listed?.job).toMatchObject({ status: 'unknown', unreachableSince: null });
    }
    expect((await notificationsOf(t, other.user.id)).map((n) => n.type)).toEqual(['welcome']);
  });

  it(`asks the seeker once when a posting was unknown for ${JOB_UNREACHABLE_DAYS} days in a row, and forgets it on an answer`, async () => {
    const seeker = await t.signIn('Una Unreachable');
    const p = await openPosting(seeker, `Quiet ${kind} ${board}`, 503);
    postings.answer(p.apiPath, 503);
    const { sweep, at } = livenessSweeper(t);
    const asked = async () =>
      (await notificationsOf(t, seeker.user.id)).filter((n) => n.title === 'Is this posting still open?');
    const job = async () => (await seekerList(seeker)).find((r) => r.id === p.requestId)?.job;

    for (const day of [1, 4, 6]) expect(await sweep(day * DAY + 1000)).toMatchObject({ stored: 1 });
    expect(await asked()).toEqual([]);
    expect((await job())?.unreachableSince).toBeNull();
    // The open reading at creation ended no run: the run began with the first unknown one, on day 1.
    expect(await sweep(8 * DAY + 1000)).toMatchObject({ flagged: 1 });
    expect(await sweep(9 * DAY + 1000)).toMatchObject({ stored: 1, flagged: 0 });
    const notices = await asked();
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toContain(`for ${JOB_UNREACHABLE_DAYS} days. Is it still open?`);
    expect(await job()).toMatchObject({
      status: 'unknown',
      unreachableSince: at(DAY + 1000).toISOString(),
    });
    expect(await requestStatus(t, p.requestId)).toBe('pending');

    postings.answer(p.apiPath, 200);
    expect(await sweep(10 * DAY + 1000)).toMatchObject({ stored: 1 });
    expect(await job()).toMatchObject({ status: 'open', unreachableSince: null });
  });

  it('leaves a request submitted while its posting was being read', async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Sol Submitter');
    const sol = referrers[0]!;
    const seeker = await t.signIn('Sue Submitted');
    const p = await openPosting(seeker, company, 404);
    postings.answer(p.apiPath, 404);
    const referralId = (await currentReferral(t, p.requestId))!.id;
    const move = (status: string) => sol.put(`/api/referrals/${referralId}/status`, { status });
    expect((await move('accepted')).statusCode).toBe(200);

    const { sweep, deps } = livenessSweeper(t);
    const jobs = deps.jobs!;
    // The referrer submits after the sweep claimed the row and before its answer is applied.
    const racing = {
      ...deps,
      jobs: {
        ...jobs,
        check: async (url: string, signal?: AbortSignal) => {
          expect((await move('submitted')).statusCode).toBe(200);
          return jobs.check(url, signal);
        },
      },
    };
    expect(await sweep(DAY + 1000, racing)).toMatchObject({ closed: 0, stored: 1 });
    expect(await requestStatus(t, p.requestId)).toBe('submitted');
    expect(await currentReferral(t, p.requestId)).toMatchObject({ status: 'submitted' });
    const [mine] = await seekerList(seeker);
    expect(mine?.job.status).toBe('closed');
    expect((await notificationsOf(t, seeker.user.id)).map((n) => n.title)).not.toContain(
      'Job posting closed',
    );
  });
});
