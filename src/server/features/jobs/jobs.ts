import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { createOutboundFetch } from '../../lib/outbound-fetch.js';
import type { RateLimitStore } from '../../plugins/rate-limit-store.js';
import { jobsRoutes } from './routes.js';
import { createJobPreviewer, parseJobUrl, type JobPreviewer } from './service.js';

type Reading = Awaited<ReturnType<JobPreviewer['read']>>;

/**
 * Job postings (docs/decisions/032-job-postings.md): read through the one guarded way out, previewed at
 * /api/jobs/preview, and read for new requests without making them wait.
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
  return {
    /** The referrals feature's port: a cached reading now, or a fresh one stored after the commit. */
    postings: {
      cached: (jobUrl: string) => previewer.cached(jobUrl),
      readLater: (jobUrl: string, store: (reading: Reading) => Promise<unknown>) => {
        const url = parseJobUrl(jobUrl);
        if (!url) return;
        const task: Promise<unknown> = previewer
          .read(url)
          .then(store)
          .catch((err: unknown) => logger.warn({ err }, 'could not store a job posting reading'))
          .finally(() => inFlight.delete(task));
        inFlight.add(task);
      },
    },
    routes: async (app: FastifyInstance) => {
      app.addHook('preClose', async () => {
        await Promise.allSettled([...inFlight]);
      });
      app.addHook('onClose', () => jobFetch.close());
      await app.register(jobsRoutes, { prefix: '/api/jobs', previewer, rateLimits });
    },
  };
}
