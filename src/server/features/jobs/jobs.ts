import { setTimeout as wait } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { createHostPacer } from '../../lib/host-pacer.js';
import { createOutboundFetch } from '../../lib/outbound-fetch.js';
import type { RateLimitStore } from '../../plugins/rate-limit-store.js';
import { jobsRoutes } from './routes.js';
import { createJobPreviewer, firstHostOf, parseJobUrl, type JobPreviewer } from './service.js';

type Reading = Awaited<ReturnType<JobPreviewer['read']>>;

/** The liveness sweep's pace (issue 23): at most 4 readings at once, one a second per host. */
export const CHECKS_AT_ONCE = 4;
export const CHECK_GAP_PER_HOST_MS = 1000;

/**
 * Job postings (docs/decisions/032-job-postings.md): read through the one guarded way out, previewed at
 * /api/jobs/preview, read for new requests without making them wait, and re-read by the liveness sweep.
 */
export function createJobs(
  config: Config,
  { rateLimits, logger }: { rateLimits: RateLimitStore; logger: FastifyBaseLogger },
) {
  const jobFetch = createOutboundFetch({
    mode: config.jobs.fetch,
    allowedHosts: config.jobs.allowedHosts,
    userAgent: `ReferBridge/1.0 (+${config.publicUrl})`,
  });
  const previewer = createJobPreviewer({ fetch: jobFetch, apis: config.jobs });
  // Readings of new requests' postings still in flight are finished (or fail) before the database closes.
  const inFlight = new Set<Promise<unknown>>();
  const pacer = createHostPacer({ concurrency: CHECKS_AT_ONCE, perHostMs: CHECK_GAP_PER_HOST_MS });
  return {
    /** The referrals feature's port: a cached reading, or a fresh one waited for a moment, else stored later. */
    postings: {
      cached: (jobUrl: string) => previewer.cached(jobUrl),
      readWithin: async (jobUrl: string, waitMs: number) => {
        const url = parseJobUrl(jobUrl);
        if (!url) return { snapshot: undefined, storeWhenRead: () => undefined };
        const reading = previewer.read(url);
        const track = (task: Promise<unknown>) => {
          inFlight.add(task);
          void task.finally(() => inFlight.delete(task));
        };
        track(reading);
        const waitEnds = new AbortController();
        const waited = wait(waitMs, undefined, { signal: waitEnds.signal }).catch(() => undefined);
        const snapshot = await Promise.race([reading, waited]);
        waitEnds.abort();
        return {
          snapshot,
          storeWhenRead: (store: (reading: Reading) => Promise<unknown>) => {
            if (snapshot) return;
            track(
              reading
                .then(store)
                .catch((err: unknown) => logger.warn({ err }, 'could not store a job posting reading')),
            );
          },
        };
      },
      /** The preview of GET /api/jobs/preview (cached when read lately); undefined for a URL it cannot read. */
      preview: async (jobUrl: string) => {
        const url = parseJobUrl(jobUrl);
        return url ? previewer.preview(url) : undefined;
      },
      /**
       * A fresh reading for the liveness sweep, paced; undefined for a URL that cannot be read at all or
       * when `signal` aborts before its turn.
       */
      check: async (jobUrl: string, signal?: AbortSignal): Promise<Reading | undefined> => {
        const url = parseJobUrl(jobUrl);
        // JOB_FETCH=off reads nothing: an unknown answer would count towards asking the seeker.
        if (!url || config.jobs.fetch === 'off') return undefined;
        return pacer
          .run(firstHostOf(url, config.jobs), () => previewer.read(url), signal)
          .catch(() => undefined);
      },
    },
    routes: async (app: FastifyInstance) => {
      app.addHook('preClose', async () => {
        await Promise.allSettled([...inFlight]);
      });
      app.addHook('onClose', () => jobFetch.close());
      await app.register(jobsRoutes, {
        prefix: '/api/jobs',
        previewer,
        rateLimits,
        perMinute: config.jobPreviewRateLimit,
      });
    },
  };
}
