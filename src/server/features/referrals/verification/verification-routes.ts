import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ConfirmVerificationCodeInputSchema,
  SendVerificationCodeInputSchema,
  SendVerificationCodeResultSchema,
  VerificationStatusSchema,
} from '../../../../shared/verification.js';
import type { Db } from '../../../db/client.js';
import { requireUser } from '../../../lib/request-user.js';
import { refusals, routeSchemas } from '../../../lib/route-schema.js';
import {
  confirmVerificationCode,
  sendVerificationCode,
  verificationStatus,
  type VerificationDeps,
} from './verification.js';

export interface VerificationRouteDeps extends VerificationDeps {
  db: Db;
}

const route = routeSchemas(['referrals'], refusals(400, 401, 409, 429));

/** docs/product.md, Verification: verifying a referrer by a code mailed to a work address. */
export async function verificationRoutes(app: FastifyInstance, { db, ...deps }: VerificationRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  api.get(
    '/',
    route('Whether I am a verified referrer, and how', VerificationStatusSchema),
    async (request) => verificationStatus(db, deps, requireUser(request).id),
  );

  api.post(
    '/',
    route("Mail a 6-digit code to a work address at my company's domain", SendVerificationCodeResultSchema, {
      body: SendVerificationCodeInputSchema,
    }),
    async (request) => sendVerificationCode(db, deps, requireUser(request), request.body.workEmail),
  );

  api.post(
    '/confirm',
    route('Confirm the mailed code: I become a verified referrer', VerificationStatusSchema, {
      body: ConfirmVerificationCodeInputSchema,
    }),
    async (request) => confirmVerificationCode(db, deps, requireUser(request), request.body.code),
  );
}
