import { z } from 'zod';
import { requiredTextSchema } from './text.js';

/** Issue 24 item 6: a short thread between the seeker and the referrer who holds the referral. */
export const REFERRAL_MESSAGE_MAX = 1000;
/** A thread takes new messages until this long after its referral ended; it stays readable. */
export const THREAD_OPEN_AFTER_END_DAYS = 30;

export const REFERRAL_MESSAGE_TEXTS = {
  closed: `This conversation closed ${THREAD_OPEN_AFTER_END_DAYS} days after the referral ended, so it takes no new messages.`,
  erased: 'This conversation was erased with its request, so it takes no new messages.',
} as const;

/** POST /api/referrals/{referralId}/messages */
export const ReferralMessageInputSchema = z.object({
  body: requiredTextSchema({
    field: 'Message',
    max: REFERRAL_MESSAGE_MAX,
    requiredMessage: 'Write a message first.',
  }),
});
export type ReferralMessageInput = z.input<typeof ReferralMessageInputSchema>;

/**
 * A message that offers or asks for money is held (issue 25 item 6): only its sender sees it, as held, until
 * an admin delivers it, or as rejected if they do not. The other side sees delivered messages only.
 */
export const ReferralMessageStatusSchema = z.enum(['delivered', 'held', 'rejected']);
export type ReferralMessageStatus = z.infer<typeof ReferralMessageStatusSchema>;

export const ReferralMessageSchema = z.object({
  id: z.number().int(),
  /** True for the reader's own messages. */
  mine: z.boolean(),
  authorFirstName: z.string(),
  body: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  status: ReferralMessageStatusSchema.default('delivered'),
  /** On the sender's own rejected message: why the admin did not deliver it. */
  rejectionReason: z.string().nullable().default(null),
});
export type ReferralMessage = z.infer<typeof ReferralMessageSchema>;

/** GET /api/referrals/{referralId}/messages: oldest first, and until when a new one may be written. */
export const ReferralThreadSchema = z.object({
  messages: z.array(ReferralMessageSchema),
  /** Null while the referral is open; after it ends, the moment the thread closes. */
  closesAt: z.iso.datetime({ offset: true }).nullable(),
  open: z.boolean(),
});
export type ReferralThread = z.infer<typeof ReferralThreadSchema>;
