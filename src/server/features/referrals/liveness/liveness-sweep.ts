import type { Db } from '../../../db/client.js';
import type { SweepLog, SweepTimer } from '../handoffs/sweep.js';
import type { ReferralDeps } from '../ports.js';
import { applyReading, type LivenessOutcome } from './liveness.js';
import { claimDueChecks, releaseChecks } from './liveness-repo.js';

/** Rows claimed per run: the next run claims more once these are read, so claims never outrun the reads. */
const CHECK_BATCH = 100;

export type LivenessResult = Record<LivenessOutcome | 'unread', number>;

/** How often the sweep looks for due postings: a tenth of JOB_CHECK_INTERVAL, every second to every minute. */
export function livenessTickMs(intervalMs: number): number {
  return Math.max(1000, Math.min(60_000, Math.floor(intervalMs / 10)));
}

/**
 * Docs/decisions/032-job-postings.md "Liveness", as of `now`: claims the open requests whose posting is
 * due (a short transaction, SKIP LOCKED, so instances share the work and never read one row twice), reads
 * each afresh outside any transaction (the jobs port paces them: at most 4 at once, one a second per host),
 * and applies each answer in a transaction of its own. Rows not read because `signal` aborted are due again.
 */
export async function runLivenessSweep(
  db: Db,
  deps: ReferralDeps,
  now: Date,
  signal?: AbortSignal,
): Promise<LivenessResult> {
  const result: LivenessResult = { stored: 0, closed: 0, flagged: 0, unread: 0 };
  const jobs = deps.jobs;
  if (!jobs) return result;
  const due = await db.transaction((tx) => claimDueChecks(tx, now, deps.jobCheckMs, CHECK_BATCH));
  const unread: number[] = [];
  const settled = await Promise.allSettled([
    // Referrers' openings are read in the same run, paced with the requests' postings (issue 49 item 2).
    deps.sweepOpenings?.(now, signal),
    ...due.map(async ({ id, jobUrl }) => {
      const reading = await jobs.check(jobUrl, signal);
      if (!reading) {
        unread.push(id);
        return;
      }
      // The sweep's clock dates the reading, so a test's fake clock counts the days of an unknown run.
      const outcome = await db.transaction((tx) =>
        applyReading(tx, deps, id, { ...reading, checkedAt: now }),
      );
      result[outcome] += 1;
    }),
  ]);
  if (signal?.aborted) await releaseChecks(db, unread, now);
  result.unread = unread.length;
  const failed = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason] : []));
  if (failed.length > 0)
    throw new AggregateError(failed, `${failed.length} posting readings could not be applied`);
  return result;
}

/** Runs the liveness sweep every livenessTickMs(JOB_CHECK_INTERVAL); one run at a time per instance. */
export function startLivenessSweep(
  db: Db,
  deps: ReferralDeps,
  options: { now: () => Date; log: SweepLog },
): SweepTimer {
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = runLivenessSweep(db, deps, options.now(), stopping.signal)
      .then(() => undefined)
      .catch((err: unknown) => options.log.error({ err }, 'job liveness sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, livenessTickMs(deps.jobCheckMs));
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      stopping.abort(new Error('the job liveness sweep is stopping'));
      await running;
    },
  };
}
