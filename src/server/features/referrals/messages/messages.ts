import { firstNameOf } from '../../../../shared/names.js';
import { paymentOfferRule } from '../../../../shared/payment-offer.js';
import {
  REFERRAL_MESSAGE_TEXTS,
  ReferralMessageStatusSchema,
  THREAD_OPEN_AFTER_END_DAYS,
  type ReferralMessage,
  type ReferralThread,
} from '../../../../shared/referral-messages.js';
import type { Db } from '../../../db/client.js';
import type { UserRow } from '../../../db/schema.js';
import { conflict } from '../../../lib/errors.js';
import { isLive, requireLiveReferral } from '../access.js';
import { INCOMING_LINK, SEEKER_LINK } from '../matching/matching.js';
import type { ReferralDeps } from '../ports.js';
import {
  findMessage,
  findThreadReferral,
  findThreadWithMessages,
  insertMessage,
  lockReferral,
  shareRequestOfReferral,
  type MessageRow,
  type ThreadReferral,
} from './messages-repo.js';
import { isoTime } from '../../../lib/iso-time.js';

const DAY_MS = 24 * 3600 * 1000;
/** A referral that is not one of these has ended: its thread counts down from its last change. */
const LIVE_STATUSES: readonly string[] = ['pending', 'changes_requested', 'accepted', 'submitted'];
const EXCERPT_MAX = 140;
/** A stored status read leniently, the schema built once (not per message). */
const storedMessageStatus = ReferralMessageStatusSchema.catch('delivered');

/**
 * The seeker and the referrer who holds the referral now; anyone else, an earlier referrer included, is
 * told it does not exist (404).
 */
function partyOnly(referral: ThreadReferral | undefined, viewer: UserRow): ThreadReferral {
  // An erased request's thread is gone for both (docs/decisions/036-retention.md).
  return requireLiveReferral(referral, viewer.id, 'either');
}

function closesAt(referral: ThreadReferral): Date | null {
  if (LIVE_STATUSES.includes(referral.status)) return null;
  return new Date(referral.updatedAt.getTime() + THREAD_OPEN_AFTER_END_DAYS * DAY_MS);
}

function authorName(referral: ThreadReferral, authorId: number): string {
  return authorId === referral.seekerId ? referral.seekerName : referral.referrerName;
}

function toMessage(row: MessageRow, viewer: UserRow, referral: ThreadReferral): ReferralMessage {
  const mine = row.authorId === viewer.id;
  return {
    id: row.id,
    mine,
    authorFirstName: firstNameOf(authorName(referral, row.authorId)),
    body: row.body,
    createdAt: isoTime(row.createdAt),
    status: storedMessageStatus.parse(row.status),
    rejectionReason: mine ? row.rejectionReason : null,
  };
}

/** What the other side of the thread is told of a message (bell, stream and mail through notify). */
function newMessageNotice(referral: ThreadReferral, authorId: number, body: string) {
  const toSeeker = authorId === referral.referrerId;
  const excerpt = body.length > EXCERPT_MAX ? `${body.slice(0, EXCERPT_MAX - 1)}…` : body;
  return {
    userId: toSeeker ? referral.seekerId : referral.referrerId,
    title: 'New message',
    message: `${firstNameOf(authorName(referral, authorId))} wrote about ${referral.position} at ${referral.companyName}: "${excerpt}"`,
    type: 'referral_message',
    link: toSeeker ? SEEKER_LINK : INCOMING_LINK,
  };
}

/** GET /api/referrals/{id}/messages (issue 24 item 6). */
export async function readThread(
  db: Db,
  viewer: UserRow,
  referralId: number,
  now: Date,
): Promise<ReferralThread> {
  const thread = await findThreadWithMessages(db, referralId, viewer.id);
  const referral = partyOnly(thread?.referral, viewer);
  const messages = thread?.messages ?? [];
  const closes = closesAt(referral);
  return {
    messages: messages.map((m) => toMessage(m, viewer, referral)),
    closesAt: closes ? isoTime(closes) : null,
    open: closes === null || now < closes,
  };
}

/**
 * POST /api/referrals/{id}/messages: stored and told to the other side (bell, stream and mail through
 * notify) in one transaction; 409 once the thread has closed. A message that offers or asks for money
 * (issue 25 item 6) is stored held instead: its sender sees it awaiting review, the other side neither
 * sees it nor hears of it until an admin delivers it (deliverReleasedMessage).
 */
export async function sendMessage(
  db: Db,
  deps: Pick<ReferralDeps, 'notify'>,
  author: UserRow,
  referralId: number,
  body: string,
  now: Date,
): Promise<ReferralMessage> {
  return db.transaction(async (tx) => {
    // The request, then the referral, as retention, hand-offs and status changes take them; read under both.
    await shareRequestOfReferral(tx, referralId);
    await lockReferral(tx, referralId);
    const referral = requireLiveReferral(await findThreadReferral(tx, referralId), author.id, 'either', {
      whenErased: () => conflict(REFERRAL_MESSAGE_TEXTS.erased),
    });
    const closes = closesAt(referral);
    if (closes && now >= closes) throw conflict(REFERRAL_MESSAGE_TEXTS.closed);
    const heldRule = paymentOfferRule(body);
    const row = await insertMessage(tx, { referralId, authorId: author.id, body, at: now, heldRule });
    if (!heldRule) await deps.notify(tx, newMessageNotice(referral, author.id, body));
    return toMessage(row, author, referral);
  });
}

/**
 * Issue 25 item 6, the admin feature's port: an admin releases a held message, so the other side is told
 * of it as of a new message, in the admin's transaction. False, telling nobody, when the thread is gone
 * for both sides (the referral passed to another referrer, or retention erased the request): there is
 * nobody to deliver it to any more.
 */
export async function deliverReleasedMessage(
  tx: Db,
  deps: Pick<ReferralDeps, 'notify'>,
  messageId: number,
): Promise<boolean> {
  const message = await findMessage(tx, messageId);
  if (!message) return false;
  await lockReferral(tx, message.referralId);
  const referral = await findThreadReferral(tx, message.referralId);
  if (!referral || !isLive(referral)) return false;
  await deps.notify(tx, newMessageNotice(referral, message.authorId, message.body));
  return true;
}
