import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminHeldMessageListSchema,
  AdminHeldMessageSchema,
  AdminHeldRequestListSchema,
  AdminHeldRequestSchema,
  HeldMessageIdParamsSchema,
  HeldMessageListQuerySchema,
  HeldRequestIdParamsSchema,
  HeldRequestListQuerySchema,
  RejectHeldInputSchema,
  ReleasedRequestSchema,
  ReleaseHeldInputSchema,
} from '../../../../shared/held-review.js';
import type { Db } from '../../../db/client.js';
import { requireUser } from '../../../lib/request-user.js';
import type { HeldReviewPorts } from '../ports.js';
import {
  heldRequestPage,
  type HeldReview,
  rejectHeldMessage,
  rejectHeldRequest,
  releaseHeldMessage,
  releaseHeldRequest,
} from './held.js';
import { listHeldMessages } from './held-repo.js';
import { route } from '../route-schema.js';

export interface HeldRouteDeps {
  db: Db;
  ports: HeldReviewPorts;
  now: () => Date;
}

/**
 * Issue 25 item 6: the queues of held requests and thread messages and their reviews, registered by
 * adminRoutes inside its guard (admins only; everyone else the 404 of an unknown endpoint).
 */
export async function heldRoutes(app: FastifyInstance, { db, ports, now }: HeldRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  /** The admin asking, now. */
  const review = (request: FastifyRequest): HeldReview => ({
    db,
    ports,
    admin: requireUser(request),
    at: now(),
  });

  api.get(
    '/requests',
    route(
      'Held requests (status=held), oldest first, 50 a page (`limit`, and `after` the last id of the page before): the seeker, the posting, the message in full and the payment rule that held it',
      AdminHeldRequestListSchema,
      { querystring: HeldRequestListQuerySchema },
    ),
    async (request) => heldRequestPage(db, request.query),
  );

  api.post(
    '/requests/:id/release',
    route(
      'Release a held request: it is matched as a new request would be, or waits; the seeker is told',
      ReleasedRequestSchema,
      { params: HeldRequestIdParamsSchema, body: ReleaseHeldInputSchema },
    ),
    async (request) => releaseHeldRequest(review(request), request.params.id, request.body),
  );

  api.post(
    '/requests/:id/reject',
    route(
      'Reject a held request for good, saying why; the seeker is told the reason',
      AdminHeldRequestSchema,
      { params: HeldRequestIdParamsSchema, body: RejectHeldInputSchema },
    ),
    async (request) => rejectHeldRequest(review(request), request.params.id, request.body),
  );

  api.get(
    '/messages',
    route(
      "Held thread messages (status=held), oldest first, 50 a page (`limit`, and `after` the last id of the page before): the message, both people, the thread's request and the rule",
      AdminHeldMessageListSchema,
      { querystring: HeldMessageListQuerySchema },
    ),
    async (request) => listHeldMessages(db, request.query),
  );

  api.post(
    '/messages/:id/release',
    route(
      'Deliver a held message: the other side sees it and is told, as of a new message',
      AdminHeldMessageSchema,
      { params: HeldMessageIdParamsSchema, body: ReleaseHeldInputSchema },
    ),
    async (request) => releaseHeldMessage(review(request), request.params.id, request.body),
  );

  api.post(
    '/messages/:id/reject',
    route(
      'Keep a held message undelivered for good; its sender sees it was not delivered, and why',
      AdminHeldMessageSchema,
      { params: HeldMessageIdParamsSchema, body: RejectHeldInputSchema },
    ),
    async (request) => rejectHeldMessage(review(request), request.params.id, request.body),
  );
}
