import { z } from 'zod';
import { JOB_URL_MAX } from './referral-texts.js';

/** The sentence (docs/product.md, Messages) for a job URL the server cannot read at all. */
export const JOB_URL_INVALID_MESSAGE =
  'The provided job URL is invalid or cannot be accessed. Please verify the URL and try again.';

/** Shown under the job URL when the preview says the posting is gone; the seeker may still send. */
export const JOB_CLOSED_MESSAGE = 'This posting seems to be closed.';

/** After this many days of nothing but unknown readings, the seeker is asked (the liveness sweep, once). */
export const JOB_UNREACHABLE_DAYS = 7;
/** The seeker's card says so while it lasts. */
export const JOB_UNREACHABLE_MESSAGE = `We could not check this posting for ${JOB_UNREACHABLE_DAYS} days. Is it still open?`;

export const JOB_STATUSES = ['open', 'closed', 'unknown'] as const;
export const JobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatusSchema>;

export const JOB_SOURCES = ['greenhouse', 'lever', 'ashby', 'workable', 'json-ld', 'open-graph'] as const;
export const JobSourceSchema = z.enum(JOB_SOURCES);
export type JobSource = z.infer<typeof JobSourceSchema>;

/** GET /api/jobs/preview: what the posting behind a job URL says, as far as it could be read. */
export const JobPreviewSchema = z.object({
  url: z.string(),
  title: z.string().nullable(),
  companyName: z.string().nullable(),
  location: z.string().nullable(),
  status: JobStatusSchema,
  source: JobSourceSchema.nullable(),
});
export type JobPreview = z.infer<typeof JobPreviewSchema>;

/** A request's posting as last read: `job` on every request of both lists. */
export const RequestJobSchema = z.object({
  title: z.string().nullable(),
  location: z.string().nullable(),
  status: JobStatusSchema,
  checkedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Since when every reading said unknown, once that has lasted JOB_UNREACHABLE_DAYS; null otherwise. */
  unreachableSince: z.iso.datetime({ offset: true }).nullable(),
});
export type RequestJob = z.infer<typeof RequestJobSchema>;

export const JobPreviewQuerySchema = z.object({
  url: z
    .string({ error: 'The url parameter must be given once, as text.' })
    .max(JOB_URL_MAX, JOB_URL_INVALID_MESSAGE)
    .default(''),
});
export type JobPreviewQuery = z.input<typeof JobPreviewQuerySchema>;
