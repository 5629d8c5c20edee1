import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { inMemoryLimits } from '../../plugins/rate-limit-store.js';
import { createJobs } from './jobs.js';

const logger = pino({ enabled: false });

describe("the liveness sweep's reading of a posting", () => {
  it('reads nothing with JOB_FETCH=off or for a URL that cannot be read, so nothing counts as unknown', async () => {
    const off = createJobs(loadConfig({ JOB_FETCH: 'off' }), { rateLimits: inMemoryLimits, logger });
    expect(await off.postings.check('https://boards.greenhouse.io/acme/jobs/1')).toBeUndefined();
    const on = createJobs(loadConfig({ JOB_FETCH: 'allowed' }), { rateLimits: inMemoryLimits, logger });
    expect(await on.postings.check('mailto:jobs@example.com')).toBeUndefined();
  });

  it('answers unknown, never closed, for a posting it may not reach', async () => {
    const jobs = createJobs(loadConfig({ JOB_FETCH: 'allowed' }), { rateLimits: inMemoryLimits, logger });
    const reading = await jobs.postings.check('https://boards.greenhouse.io/acme/jobs/1');
    expect(reading).toMatchObject({ status: 'unknown' });
  });

  it('drops a reading still waiting for its turn when the signal aborts', async () => {
    const jobs = createJobs(loadConfig({ JOB_FETCH: 'allowed' }), { rateLimits: inMemoryLimits, logger });
    const controller = new AbortController();
    const url = 'https://boards.greenhouse.io/acme/jobs/2';
    const first = jobs.postings.check(url, controller.signal);
    // Same host within the second: it waits its turn, and the abort drops it.
    const second = jobs.postings.check(url, controller.signal);
    controller.abort(new Error('stopping'));
    expect(await first).toMatchObject({ status: 'unknown' });
    expect(await second).toBeUndefined();
  });
});
