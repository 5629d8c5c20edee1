import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ApiErrorSchema } from '../../../../shared/errors.js';
import {
  ItemIdParamsSchema,
  RESUME_MAX_BYTES,
  ResumeSchema,
  UserIdParamsSchema,
} from '../../../../shared/profile.js';
import type { Db } from '../../../db/client.js';
import { AppError, badRequest } from '../../../lib/errors.js';
import { requireUser } from '../../../lib/request-user.js';
import { rateLimitOptions, type RateLimitStore } from '../../../plugins/rate-limit-store.js';
import { inlineContentDisposition } from './resume-file.js';
import {
  getActiveResume,
  openResumeFile,
  RESUME_TOO_LARGE,
  uploadResume,
  type ResumeUpload,
} from './resume-service.js';
import type { ProfileViewRule } from '../ports.js';

const tags = ['profile'];
const NO_FILE = 'Choose a PDF file to upload (form field "resume").';

/** The policy of a served resume (docs/decisions/026-inline-resume-sandbox.md): no script, no origin, framed by our pages only. */
export const RESUME_FILE_POLICY = "sandbox; default-src 'none'; frame-ancestors 'self'";

export const tooManyUploads = (max: number) =>
  `You have uploaded ${max} resumes in the last hour. Please try again later.`;

export interface ResumeRouteDeps {
  db: Db;
  canViewProfile: ProfileViewRule;
  /** Uploads one user may make in an hour (`RESUME_UPLOADS_PER_HOUR`). */
  uploadsPerHour: number;
  rateLimits: RateLimitStore;
}

export async function resumeRoutes(
  app: FastifyInstance,
  { db, canViewProfile, uploadsPerHour, rateLimits }: ResumeRouteDeps,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/user/resume/active',
    {
      schema: {
        tags,
        summary: 'My active resume (null when none is uploaded)',
        response: { 200: ResumeSchema.nullable(), 401: ApiErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return getActiveResume(canViewProfile, db, user.id, user.id);
    },
  );

  api.get(
    '/users/:id/resume/active',
    {
      schema: {
        tags,
        summary: "A user's active resume (null when none is uploaded)",
        params: UserIdParamsSchema,
        response: {
          200: ResumeSchema.nullable(),
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request) => getActiveResume(canViewProfile, db, requireUser(request).id, request.params.id),
  );

  // Typed by hand: the type provider only knows JSON replies, and this one streams a file.
  app.get<{ Params: z.output<typeof ItemIdParamsSchema> }>(
    '/resumes/:id/file',
    {
      schema: {
        tags,
        summary: 'Download a resume (PDF) of a profile you may see',
        params: ItemIdParamsSchema,
        description: 'Answers the file itself: `application/pdf`, shown inline, never cached.',
        response: { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const file = await openResumeFile(canViewProfile, db, requireUser(request).id, request.params.id);
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', inlineContentDisposition(file.fileName))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          // Shown inline, yet inert even if some browser took it for a page (a PDF can also be HTML): the
          // sandbox gives it no origin of ours and no script. docs/decisions/026-inline-resume-sandbox.md weighs this against PDF viewers.
          .header('content-security-policy', RESUME_FILE_POLICY)
          .send(file.data)
      );
    },
  );

  // Multipart exists only in this scope: everywhere else the API accepts JSON bodies only.
  await app.register(async (upload) => {
    await upload.register(multipart, { limits: { fileSize: RESUME_MAX_BYTES, files: 1, fields: 5 } });
    // Per signed-in user: each upload writes up to 5 MB. Visitors are not counted; they get 401 anyway.
    await upload.register(
      rateLimit,
      rateLimitOptions(rateLimits, 'resume-upload', {
        max: uploadsPerHour,
        timeWindow: '1 hour',
        allowList: (request) => !request.user,
        keyGenerator: (request) => `resume-upload:${request.user?.id ?? request.ip}`,
        errorResponseBuilder: () => new AppError(429, tooManyUploads(uploadsPerHour)),
      }),
    );
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/user/resume',
      {
        schema: {
          tags,
          summary: 'Upload a PDF resume (multipart field "resume", at most 5 MB); it becomes the active one',
          consumes: ['multipart/form-data'],
          response: {
            201: ResumeSchema,
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            413: ApiErrorSchema,
            415: ApiErrorSchema,
            429: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const resume = await uploadResume(db, user.id, await readResumeUpload(request));
        return reply.status(201).send(resume);
      },
    );
  });
}

async function readResumeUpload(request: FastifyRequest): Promise<ResumeUpload> {
  try {
    const part = await request.file();
    // A browser sends an empty part with an empty name when no file was chosen.
    if (!part || part.fieldname !== 'resume') throw badRequest(NO_FILE);
    const data = await part.toBuffer();
    if (data.length === 0 && !part.filename) throw badRequest(NO_FILE);
    return { clientFileName: part.filename, data };
  } catch (err) {
    throw uploadError(err);
  }
}

/** The multipart parser's own errors, as sentences. */
function uploadError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = typeof err === 'object' && err !== null && 'code' in err ? err.code : undefined;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, RESUME_TOO_LARGE);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest(`Send the resume as multipart/form-data. ${NO_FILE}`);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest('Upload one PDF file at a time.');
    default:
      return err;
  }
}
