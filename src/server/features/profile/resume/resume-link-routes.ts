import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../../shared/errors.js';
import type { Db } from '../../../db/client.js';
import { notFound } from '../../../lib/errors.js';
import type { ResumeLinkRule } from '../ports.js';
import { inlineContentDisposition } from './resume-file.js';
import { findResumeById, findResumeBytes } from './resume-repo.js';
import { RESUME_FILE_POLICY } from './resume-routes.js';

const LINK_GONE = 'This résumé link has expired or no longer opens anything.';
const TokenParamsSchema = z.object({ token: z.string().max(200) });

/**
 * GET /api/resume-links/{token} (issue 46 item 9): the résumé a referral packet's signed link names, for
 * whoever it was pasted to, with no session. Whether it still opens is the referrals feature's rule; any
 * link that does not answers the same 404, so a link says nothing about why.
 */
export async function resumeLinkRoutes(
  app: FastifyInstance,
  { db, openResumeLink }: { db: Db; openResumeLink: ResumeLinkRule },
) {
  app.get<{ Params: z.output<typeof TokenParamsSchema> }>(
    '/resume-links/:token',
    {
      schema: {
        tags: ['profile'],
        summary: "Open the résumé of a referral packet's signed link (no session needed)",
        params: TokenParamsSchema,
        description: 'Answers the file itself: `application/pdf`, shown inline, never cached.',
        response: { 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const resumeId = await openResumeLink(db, request.params.token);
      const row = resumeId === undefined ? undefined : await findResumeById(db, resumeId);
      const data = row && (await findResumeBytes(db, row.id));
      if (!row || !data) throw notFound(LINK_GONE);
      return reply
        .type('application/pdf')
        .header('content-disposition', inlineContentDisposition(row.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .header('content-security-policy', RESUME_FILE_POLICY)
        .send(data);
    },
  );
}
