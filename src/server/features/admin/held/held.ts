import type { AdminQueuePage } from '../../../../shared/admin.js';
import type {
  AdminHeldMessage,
  AdminHeldRequest,
  RejectHeldInputSchema,
  ReleasedRequest,
  ReleaseHeldInputSchema,
} from '../../../../shared/held-review.js';
import { PAYMENT_HOLD_NOTICES } from '../../../../shared/referral-texts.js';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import type { UserRow } from '../../../db/schema.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { recordAdminAction } from '../audit-repo.js';
import type { HeldReviewPorts } from '../ports.js';
import {
  companyName,
  findAdminHeldMessage,
  findAdminHeldRequest,
  listHeldRequests,
  lockReviewedMessage,
  lockReviewedRequest,
  rejectRequest,
  releaseRequest,
  reviewMessage,
} from './held-repo.js';
import { INCOMING_LINK, SEEKER_LINK } from '../../../../shared/notifications.js';

/**
 * Issue 25 item 6: an admin releases or rejects what a payment offer held
 * (docs/decisions/039-running-the-marketplace.md). Each review locks the row first, so of two admins (or an
 * admin and a seeker withdrawing) the second finds it reviewed: 409 with a sentence saying what happened.
 * A request or message that was never held is 404, as one that does not exist. The notices and the audit
 * entry land in the review's own transaction.
 */

export const NO_SUCH_HELD_REQUEST = 'There is no such held request.';
export const NO_SUCH_HELD_MESSAGE = 'There is no such held message.';
export const LOST_REQUEST_CURSOR =
  'No request has the id in the after cursor (it may have been deleted): load the queue again from its first page.';
export const THREAD_GONE =
  'This message can no longer be delivered: its referral passed to another referrer or was erased. Reject it instead.';

type ReleaseInput = z.output<typeof ReleaseHeldInputSchema>;
type RejectInput = z.output<typeof RejectHeldInputSchema>;

/** Who reviews, when, and what they reach: the same for every review one admin's call makes. */
export interface HeldReview {
  db: Db;
  ports: HeldReviewPorts;
  admin: UserRow;
  at: Date;
}

/** A page of the held requests (issue 26); a cursor naming no request at all is 400, not an empty page. */
export async function heldRequestPage(db: Db, page: AdminQueuePage): Promise<AdminHeldRequest[]> {
  const requests = await listHeldRequests(db, page);
  if (!requests) throw badRequest(LOST_REQUEST_CURSOR);
  return requests;
}

/** Why a held request cannot be reviewed again. */
export function requestReviewedMessage(request: { status: string; reviewedAt: Date | null }): string {
  if (request.status === 'rejected') return 'This request was already rejected.';
  if (request.reviewedAt) return 'This request was already released.';
  return 'Its seeker withdrew this request before it was reviewed.';
}

export function messageReviewedMessage(status: string): string {
  return status === 'rejected' ? 'This message was already rejected.' : 'This message was already delivered.';
}

async function lockHeldRequest(tx: Db, id: number) {
  const request = await lockReviewedRequest(tx, id);
  if (!request?.heldRule) throw notFound(NO_SUCH_HELD_REQUEST);
  if (request.status !== 'held') throw conflict(requestReviewedMessage(request));
  return request;
}

/** A held message as the console shows it. */
async function heldMessageView(db: Db, id: number): Promise<AdminHeldMessage> {
  const message = await findAdminHeldMessage(db, id);
  if (!message) throw notFound(NO_SUCH_HELD_MESSAGE);
  return message;
}

async function lockHeldMessage(tx: Db, id: number) {
  const message = await lockReviewedMessage(tx, id);
  if (!message?.heldRule) throw notFound(NO_SUCH_HELD_MESSAGE);
  if (message.status !== 'held') throw conflict(messageReviewedMessage(message.status));
  return message;
}

/**
 * One review of a held request, in one transaction: the row locked and still held, the decision's `apply`
 * (the release or the rejection), the seeker told, the audit entry; then the request as the console shows it.
 */
async function reviewHeldRequest<Outcome>(
  { db, ports, admin }: HeldReview,
  id: number,
  decision: {
    action: 'request.released' | 'request.rejected';
    /** What the audit entry keeps: the admin's note, or the reason given to the seeker. */
    reason: string | null | undefined;
    apply: (tx: Db) => Promise<Outcome>;
    notice: (
      position: string,
      company: string,
      outcome: Outcome,
    ) => { title: string; message: string; type: string };
  },
): Promise<{ request: AdminHeldRequest; outcome: Outcome }> {
  const outcome = await db.transaction(async (tx) => {
    const request = await lockHeldRequest(tx, id);
    const outcome = await decision.apply(tx);
    const company = await companyName(tx, request.companyId);
    await ports.notify(tx, {
      userId: request.jobSeekerId,
      ...decision.notice(request.position, company, outcome),
      link: SEEKER_LINK,
    });
    await recordAdminAction(tx, {
      actor: admin,
      action: decision.action,
      targetType: 'referral_request',
      targetId: id,
      reason: decision.reason,
    });
    return outcome;
  });
  const request = await findAdminHeldRequest(db, id);
  if (!request) throw notFound(NO_SUCH_HELD_REQUEST);
  return { request, outcome };
}

/**
 * POST /api/admin/requests/{id}/release: matched as a new request would be (a referrer picked has it and
 * is told; otherwise it waits as pending); the seeker is told either way. Capacity never refuses it.
 */
export async function releaseHeldRequest(
  review: HeldReview,
  id: number,
  input: ReleaseInput,
): Promise<ReleasedRequest> {
  const { ports, at } = review;
  const { request, outcome } = await reviewHeldRequest(review, id, {
    action: 'request.released',
    reason: input.note,
    apply: async (tx) => {
      await releaseRequest(tx, id, at);
      return ports.matchReleasedRequest(tx, id, at);
    },
    notice: (position, company, outcome) =>
      PAYMENT_HOLD_NOTICES.requestReleased(position, company, outcome === 'assigned'),
  });
  return { ...request, outcome };
}

/**
 * POST /api/admin/requests/{id}/reject: the request ends rejected, final (the seeker cannot send that
 * posting again), and the seeker is told why.
 */
export async function rejectHeldRequest(
  review: HeldReview,
  id: number,
  input: RejectInput,
): Promise<AdminHeldRequest> {
  const { request } = await reviewHeldRequest(review, id, {
    action: 'request.rejected',
    reason: input.reason,
    apply: (tx) => rejectRequest(tx, id, input.reason, review.at),
    notice: (position, company) => PAYMENT_HOLD_NOTICES.requestRejected(position, company, input.reason),
  });
  return request;
}

/**
 * POST /api/admin/messages/{id}/release: delivered; the other side sees it and is told as of a new
 * message. 409 when its thread is gone for both sides (nobody to deliver it to).
 */
export async function releaseHeldMessage(
  review: HeldReview,
  id: number,
  input: ReleaseInput,
): Promise<AdminHeldMessage> {
  const { db, ports, admin, at } = review;
  await db.transaction(async (tx) => {
    await lockHeldMessage(tx, id);
    if (!(await ports.deliverReleasedMessage(tx, id))) throw conflict(THREAD_GONE);
    await reviewMessage(tx, id, { status: 'delivered', reason: null, at });
    await recordAdminAction(tx, {
      actor: admin,
      action: 'message.released',
      targetType: 'referral_message',
      targetId: id,
      reason: input.note,
    });
  });
  return heldMessageView(db, id);
}

/**
 * POST /api/admin/messages/{id}/reject: it stays undelivered for good; its sender sees it marked not
 * delivered and is told why. The other side never learns of it.
 */
export async function rejectHeldMessage(
  review: HeldReview,
  id: number,
  input: RejectInput,
): Promise<AdminHeldMessage> {
  const { db, ports, admin, at } = review;
  await db.transaction(async (tx) => {
    await lockHeldMessage(tx, id);
    await reviewMessage(tx, id, { status: 'rejected', reason: input.reason, at });
    const message = await heldMessageView(tx, id);
    await ports.notify(tx, {
      userId: message.sender.id,
      ...PAYMENT_HOLD_NOTICES.messageRejected(
        message.request.position,
        message.request.companyName,
        input.reason,
      ),
      link: message.senderRole === 'seeker' ? SEEKER_LINK : INCOMING_LINK,
    });
    await recordAdminAction(tx, {
      actor: admin,
      action: 'message.rejected',
      targetType: 'referral_message',
      targetId: id,
      reason: input.reason,
    });
  });
  return heldMessageView(db, id);
}
