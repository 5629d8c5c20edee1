import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../../shared/errors.js';
import {
  ConfirmVerificationCodeInputSchema,
  SendVerificationCodeInputSchema,
  SendVerificationCodeResultSchema,
  VerificationStatusSchema,
} from '../../../../shared/verification.js';
import type { Db } from '../../../db/client.js';
import { requireUser } from '../../../lib/request-user.js';
import {
  confirmVerificationCode,
  sendVerificationCode,
  verificationStatus,
  type VerificationDeps,
} from './verification.js';

export interface VerificationRouteDeps extends VerificationDeps {
  db: Db;
}

const tags = ['referrals'];
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  409: ApiErrorSchema,
  429: ApiErrorSchema,
};

/** docs/product.md, Verification: verifying a referrer by a code mailed to a work address. */
export async function verificationRoutes(app: FastifyInstance, { db, ...deps }: VerificationRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  api.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Whether I am a verified referrer, and how',
        response: { 200: VerificationStatusSchema, ...errors },
      },
    },
    async (request) => verificationStatus(db, deps, requireUser(request).id),
  );

  api.post(
    '/',
    {
      schema: {
        tags,
        summary: "Mail a 6-digit code to a work address at my company's domain",
        body: SendVerificationCodeInputSchema,
        response: { 200: SendVerificationCodeResultSchema, ...errors },
      },
    },
    async (request) => sendVerificationCode(db, deps, requireUser(request), request.body.workEmail),
  );

  api.post(
    '/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm the mailed code: I become a verified referrer',
        body: ConfirmVerificationCodeInputSchema,
        response: { 200: VerificationStatusSchema, ...errors },
      },
    },
    async (request) => confirmVerificationCode(db, deps, requireUser(request), request.body.code),
  );
}
