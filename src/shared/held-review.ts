import { z } from 'zod';
import { adminQueuePageShape } from './admin.js';
import { idSchema } from './ids.js';
import { PAYMENT_RULES } from './payment-rules.js';
import { ReferralMessageStatusSchema } from './referral-messages.js';
import { RequestStatusSchema } from './referral-status.js';
import { requiredTextSchema, optionalTextSchema } from './text.js';

/**
 * Issue 25 item 6: what the admin console reads and writes about requests and thread messages held because
 * they offer or ask for money (src/shared/payment-offer.ts; docs/decisions/039-running-the-marketplace.md).
 */

export const PaymentRuleSchema = z.enum(PAYMENT_RULES);

export const HELD_REASON_MAX = 1000;

/** GET /api/admin/requests and /api/admin/messages: only held ones can be listed for now, a page at a time. */
const heldStatus = z.literal('held', {
  error: "The status must be 'held': only held requests and messages can be listed for now.",
});
export const HeldRequestListQuerySchema = z.object({
  status: heldStatus,
  ...adminQueuePageShape('a held request'),
});
export type HeldRequestListQuery = z.input<typeof HeldRequestListQuerySchema>;
export const HeldMessageListQuerySchema = z.object({
  status: heldStatus,
  ...adminQueuePageShape('a held message'),
});
export type HeldMessageListQuery = z.input<typeof HeldMessageListQuerySchema>;

/** POST …/release: `{}`, or a note for the audit log. */
export const ReleaseHeldInputSchema = z.strictObject({
  note: optionalTextSchema({ field: 'Note', max: HELD_REASON_MAX }),
});
export type ReleaseHeldInput = z.input<typeof ReleaseHeldInputSchema>;

/** POST …/reject: the reason, which the seeker (or the message's sender) is told. */
export const RejectHeldInputSchema = z.strictObject({
  reason: requiredTextSchema({
    field: 'Reason',
    max: HELD_REASON_MAX,
    requiredMessage: 'Say why in the reason: the user is told it.',
  }),
});
export type RejectHeldInput = z.input<typeof RejectHeldInputSchema>;

export const HeldRequestIdParamsSchema = z.object({ id: idSchema('There is no such held request.') });
export const HeldMessageIdParamsSchema = z.object({ id: idSchema('There is no such held message.') });

const PersonSchema = z.object({ id: z.number().int(), fullName: z.string(), email: z.string() });

/** A held request as the admin reviews it: who, where, the message in full, and the rule that held it. */
export const AdminHeldRequestSchema = z.object({
  id: z.number().int(),
  /** `held` in the queue; after a review, `pending` (or further along) or `rejected`. */
  status: RequestStatusSchema,
  seeker: PersonSchema,
  company: z.object({ id: z.number().int(), name: z.string() }),
  position: z.string(),
  jobUrl: z.string(),
  message: z.string().nullable(),
  /** The payment rule that held it; null only on a row that was never held. */
  rule: PaymentRuleSchema.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  reviewedAt: z.iso.datetime({ offset: true }).nullable(),
  rejectionReason: z.string().nullable(),
});
export type AdminHeldRequest = z.infer<typeof AdminHeldRequestSchema>;
export const AdminHeldRequestListSchema = z.array(AdminHeldRequestSchema);

/** The answer to a release: the request, and whether a referrer has it now or it waits for one. */
export const ReleasedRequestSchema = AdminHeldRequestSchema.extend({
  outcome: z.enum(['assigned', 'waiting']),
});
export type ReleasedRequest = z.infer<typeof ReleasedRequestSchema>;

/** A held thread message as the admin reviews it: the message, both people, the thread's request. */
export const AdminHeldMessageSchema = z.object({
  id: z.number().int(),
  status: ReferralMessageStatusSchema,
  body: z.string(),
  rule: PaymentRuleSchema.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  referralId: z.number().int(),
  sender: PersonSchema,
  /** Which side of the thread wrote it. */
  senderRole: z.enum(['seeker', 'referrer']),
  /** The other side of the thread, who would receive it. */
  recipient: PersonSchema,
  request: z.object({ id: z.number().int(), position: z.string(), companyName: z.string() }),
  reviewedAt: z.iso.datetime({ offset: true }).nullable(),
  rejectionReason: z.string().nullable(),
});
export type AdminHeldMessage = z.infer<typeof AdminHeldMessageSchema>;
export const AdminHeldMessageListSchema = z.array(AdminHeldMessageSchema);
