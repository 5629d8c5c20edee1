import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../shared/errors.js';
import { JOB_URL_INVALID_MESSAGE, JobPreviewQuerySchema, JobPreviewSchema } from '../../../shared/jobs.js';
import { badRequest } from '../../lib/errors.js';
import { requireUser } from '../../lib/request-user.js';
import { perUserPerMinute, type RateLimitStore } from '../../plugins/rate-limit-store.js';
import { parseJobUrl, type JobPreviewer } from './service.js';

export async function jobsRoutes(
  app: FastifyInstance,
  {
    previewer,
    rateLimits,
    perMinute,
  }: {
    previewer: JobPreviewer;
    rateLimits: RateLimitStore;
    /** Previews per user per minute (JOB_PREVIEW_RATE_LIMIT): a form previews as the seeker types and pastes. */
    perMinute: number;
  },
) {
  await app.register(rateLimit, perUserPerMinute(rateLimits, 'job-preview', perMinute));

  app.withTypeProvider<ZodTypeProvider>().get(
    '/preview',
    {
      schema: {
        tags: ['jobs'],
        summary:
          "What the posting behind a job URL says (its ATS's public API, else its JSON-LD or Open Graph tags): title, company, location, and open, closed or unknown",
        querystring: JobPreviewQuerySchema,
        response: {
          200: JobPreviewSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
      preValidation: async (request) => {
        // Visitors get 401 before their input is even looked at.
        requireUser(request);
      },
    },
    async (request) => {
      const url = parseJobUrl(request.query.url);
      if (!url) throw badRequest(JOB_URL_INVALID_MESSAGE);
      return previewer.preview(url);
    },
  );
}
