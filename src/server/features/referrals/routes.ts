import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UserSchema } from '../../../shared/auth.js';
import { UserIdParamsSchema } from '../../../shared/profile.js';
import {
  CreateReferralRequestInputSchema,
  CreateReferralRequestResultSchema,
  ReferralConfirmationInputSchema,
  ReferralIdParamsSchema,
  ReferralPacketSchema,
  ReferralRequestIdParamsSchema,
  ReferralRequestListQuerySchema,
  ReferralRequestSchema,
  ReferralRequestListSchema,
  ReferralSchema,
  ResubmitInputSchema,
  UpdateReferralStatusInputSchema,
  UpdateRelationshipInputSchema,
  WillingnessInputSchema,
} from '../../../shared/referrals.js';
import { ReferrerRecordSchema } from '../../../shared/referrer-record.js';
import { DailyLimitErrorSchema } from '../../../shared/request-limit.js';
import type { Db } from '../../db/client.js';
import { requireUser, toUserDto } from '../../lib/request-user.js';
import { refusals, routeSchemas } from '../../lib/route-schema.js';
import type { ReferralDeps } from './ports.js';
import { changeReferralStatus, createReferralRequest, listRequests } from './requests/service.js';
import { confirmReferral } from './requests/confirmation.js';
import { changeRelationship } from './requests/relationship.js';
import { referralPacket } from './requests/packet.js';
import { undoReferralDecline, withdrawRequest } from './requests/lifecycle.js';
import { resubmitRequest } from './requests/changes.js';
import { setWillingness } from './matching/willingness.js';
import { referrerRecord } from './matching/record.js';
import type { RequestLists } from './requests/request-lists.js';

export interface ReferralRouteDeps extends ReferralDeps {
  db: Db;
  /** PUBLIC_URL: the packet's résumé link is absolute, to paste elsewhere. */
  publicUrl: string;
  /** Signs the résumé links of packets (SESSION_SECRET). */
  resumeLinkSecret: string;
  /** The lists' first pages kept in memory (request-lists.ts); without it every page is read afresh. */
  requestLists?: RequestLists;
}

const tags = ['referrals'];
const errors = refusals(400, 401, 403, 404, 409);
const route = routeSchemas(tags, errors);

/** docs/product.md, The API, registered under /api. */
export async function referralRoutes(
  app: FastifyInstance,
  { db, publicUrl, resumeLinkSecret, requestLists, ...deps }: ReferralRouteDeps,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Visitors get 401 before any body or query is validated.
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  api.post(
    '/referral-requests',
    {
      schema: {
        tags,
        summary: 'Ask for a referral to one job posting (assigned to a referrer at once when one has room)',
        body: CreateReferralRequestInputSchema,
        response: { 201: CreateReferralRequestResultSchema, ...errors, 429: DailyLimitErrorSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createReferralRequest(db, deps, requireUser(request), request.body)),
  );

  api.get(
    '/referral-requests',
    route(
      'My referral requests, or with role=referrer the requests assigned to me; newest first',
      ReferralRequestListSchema,
      { querystring: ReferralRequestListQuerySchema },
    ),
    async (request) => listRequests(db, deps, requireUser(request), request.query, requestLists),
  );

  api.put(
    '/referrals/:referralId/status',
    route('Move a referral assigned to me along the status machine', ReferralSchema, {
      params: ReferralIdParamsSchema,
      body: UpdateReferralStatusInputSchema,
    }),
    async (request) =>
      changeReferralStatus(db, deps, requireUser(request), request.params.referralId, request.body),
  );

  api.put(
    '/referrals/:referralId/relationship',
    route('Change how I know the candidate of a referral I accepted, until it is submitted', ReferralSchema, {
      params: ReferralIdParamsSchema,
      body: UpdateRelationshipInputSchema,
    }),
    async (request) =>
      changeRelationship(
        db,
        deps,
        requireUser(request),
        request.params.referralId,
        request.body.relationship,
      ),
  );

  api.post(
    '/referral-requests/:id/withdraw',
    route(
      'Withdraw my request while nothing has been submitted (waiting, pending or accepted)',
      ReferralRequestSchema,
      { params: ReferralRequestIdParamsSchema },
    ),
    async (request) => withdrawRequest(db, deps, requireUser(request), request.params.id),
  );

  api.post(
    '/referral-requests/:id/resubmit',
    route(
      'Resubmit my request after the changes my referrer asked for: pending again with the same referrer',
      ReferralRequestSchema,
      { params: ReferralRequestIdParamsSchema, body: ResubmitInputSchema },
    ),
    async (request) => resubmitRequest(db, deps, requireUser(request), request.params.id, request.body),
  );

  api.post(
    '/referrals/:referralId/undo',
    route('Undo my decline within DECLINE_UNDO_WINDOW: the referral is pending again', ReferralSchema, {
      params: ReferralIdParamsSchema,
    }),
    async (request) => undoReferralDecline(db, deps, requireUser(request), request.params.referralId),
  );

  api.get(
    '/referrals/:referralId/packet',
    route(
      "The referral's details for my company's referral tool, as fields and as one text to paste",
      ReferralPacketSchema,
      { params: ReferralIdParamsSchema },
    ),
    async (request) => {
      return referralPacket(db, requireUser(request).id, request.params.referralId, {
        publicUrl,
        secret: resumeLinkSecret,
        retentionMs: deps.retentionMs,
        now: deps.now(),
      });
    },
  );

  api.get(
    '/referrer/record',
    route(
      'My record as a referrer: answered in time, median hours to answer, confirmed submissions (nobody else sees it)',
      ReferrerRecordSchema,
    ),
    async (request) => referrerRecord(db, deps, requireUser(request).id),
  );

  api.post(
    '/referrals/:referralId/confirmation',
    route(
      "As the seeker, say whether the company's referral email arrived (once submitted)",
      ReferralSchema,
      { params: ReferralIdParamsSchema, body: ReferralConfirmationInputSchema },
    ),
    async (request) =>
      confirmReferral(db, deps, requireUser(request), request.params.referralId, request.body.received),
  );

  api.put(
    '/users/:id/willingness-to-give-referrals',
    route('Offer referrals at my current company, or stop taking new ones', UserSchema, {
      params: UserIdParamsSchema,
      body: WillingnessInputSchema,
    }),
    async (request) =>
      toUserDto(
        await setWillingness(db, deps, requireUser(request), request.params.id, request.body.isWilling),
      ),
  );
}
