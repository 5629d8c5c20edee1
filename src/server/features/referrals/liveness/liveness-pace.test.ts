import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { requestStatus, seekerList } from '../../../testing/handoff-fixtures.js';
import {
  askFor,
  greenhousePosting,
  livenessDepsOf,
  startPostingServers,
  type PostingServers,
} from '../../../testing/liveness-fixtures.js';
import { createTestApp, type SignedIn, testDatabases } from '../../../testing/test-app.js';
import { runLivenessSweep } from './liveness-sweep.js';

const DAY = 86_400_000;
const HOSTS = 6;
const PER_HOST = 2;
let seq = 0;

/** Every request's posting read by its request, so the sweep's readings are all that is counted next. */
async function whenRead(seeker: SignedIn, count: number) {
  await vi.waitFor(async () => {
    const read = (await seekerList(seeker)).filter((r) => r.job.checkedAt !== null);
    expect(read.length).toBeGreaterThanOrEqual(count);
  });
}

describe.each(testDatabases)('job liveness, its pace and its instances (%s)', (kind) => {
  let postings: PostingServers;
  beforeAll(async () => {
    // Each posting takes 300 ms to answer, so readings overlap when the sweep lets them.
    postings = await startPostingServers(HOSTS, 300);
  });
  afterAll(async () => {
    await postings.close();
  });

  async function app(env: Record<string, string> = {}, overrides = {}) {
    return createTestApp(
      kind,
      { referralSweep: false, livenessSweep: false, ...overrides },
      {
        ...postings.env,
        REQUESTS_PER_DAY: '100',
        ...env,
      },
    );
  }

  it('reads at most 4 postings at once and one a second per host', async () => {
    const t = await app();
    try {
      const seeker = await t.signIn('Paula Paced');
      for (const host of postings.hosts) {
        for (let i = 0; i < PER_HOST; i++) {
          seq += 1;
          await askFor(seeker, `Paced ${kind} ${seq}`, `http://${host}/${kind}/jobs/${seq}`);
        }
      }
      await whenRead(seeker, HOSTS * PER_HOST);
      postings.reset();
      const result = await runLivenessSweep(
        t.database.db,
        livenessDepsOf(t),
        new Date(Date.now() + DAY + 1000),
      );
      expect(result).toMatchObject({ stored: HOSTS * PER_HOST, closed: 0 });
      expect(postings.arrivals).toHaveLength(HOSTS * PER_HOST);
      expect(postings.mostAtOnce()).toBe(4);
      for (const host of postings.hosts) {
        const times = postings.arrivals.filter((a) => a.host === host).map((a) => a.at);
        expect(times).toHaveLength(PER_HOST);
        // The pacer spaces the starts by a second; a busy event loop may delay one request's arrival more than
        // the next one's, so the server may see a little less. Unpaced, both would arrive together.
        for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(750);
      }
    } finally {
      await t.close();
    }
  });

  it('reads each due posting once when two instances sweep at the same moment (SKIP LOCKED)', async () => {
    const t = await app();
    try {
      const seeker = await t.signIn('Ivan Instances');
      const paths: string[] = [];
      for (let i = 0; i < 5; i++) {
        seq += 1;
        const posting = greenhousePosting(`twice${kind}`, 1000 + seq);
        await askFor(seeker, `Twice ${kind} ${seq}`, posting.url);
        paths.push(posting.apiPath);
      }
      await whenRead(seeker, paths.length);
      const now = new Date(Date.now() + DAY + 1000);
      // Two instances: each its own job reader (and pace), one database.
      const results = await Promise.all([
        runLivenessSweep(t.database.db, livenessDepsOf(t), now),
        runLivenessSweep(t.database.db, livenessDepsOf(t), now),
      ]);
      expect(results[0]!.stored + results[1]!.stored).toBe(paths.length);
      for (const path of paths) expect(postings.hits(path), path).toBe(2);
      // Claimed rows are not due again until about an interval later.
      const again = await runLivenessSweep(t.database.db, livenessDepsOf(t), now);
      expect(again.stored).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('runs on its own timer in the app, every JOB_CHECK_INTERVAL (3s here) on the injected clock', async () => {
    let now = new Date();
    const t = await app({ JOB_CHECK_INTERVAL: '3s' }, { now: () => now, livenessSweep: true });
    try {
      const seeker = await t.signIn('Tara Timer');
      seq += 1;
      const posting = greenhousePosting(`timer${kind}`, 2000 + seq);
      const requestId = await askFor(seeker, `Timer ${kind} ${seq}`, posting.url);
      await whenRead(seeker, 1);
      postings.answer(posting.apiPath, 410);
      now = new Date(Date.now() + 4000);
      await vi.waitFor(async () => expect(await requestStatus(t, requestId)).toBe('job_closed'), {
        timeout: 8000,
        interval: 200,
      });
    } finally {
      await t.close();
    }
  });
});
