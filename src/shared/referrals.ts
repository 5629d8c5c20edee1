import { z } from 'zod';
import { idSchema } from './ids.js';
import { JobUrlSchema } from './job-url-rules.js';
import { RequestJobSchema } from './jobs.js';
import { OpeningIdSchema } from './openings.js';
import { RELATIONSHIP_ERRORS, RELATIONSHIPS } from './referral-honesty.js';
import { CHANGE_KINDS, CHANGES_ERRORS } from './referral-changes.js';
import {
  DECLINE_REASON_ERRORS,
  DECLINE_REASONS,
  DETECTED_COMPANY_NAME_MAX,
  FEEDBACK_MAX,
  JOB_URL_MAX,
  MESSAGE_MAX,
  POSITION_MAX,
  POSITION_MIN,
  REFERRAL_FORM_TEXTS,
  REFERRAL_REQUEST_ERRORS,
} from './referral-texts.js';
import { ReferralStatusSchema, RequestStatusSchema } from './referral-status.js';
import { hasForbiddenCharacters, notAllowedMessage, optionalTextSchema } from './text.js';

/** Every payload of the referral routes: the server's routes and the web's forms both parse with these. */

/** The seeker's optional message to the referrer, with a request or a resubmission: blank is null. */
const OptionalMessageSchema = z
  .string({ error: 'The message must be text.' })
  .trim()
  .max(MESSAGE_MAX, REFERRAL_FORM_TEXTS.messageMax)
  .refine((v) => !hasForbiddenCharacters(v), notAllowedMessage('Message'))
  .nullish()
  .transform((v) => (v ? v : null));

/**
 * POST /api/referral-requests (docs/product.md, The API). `resumeLink` is accepted for the documented payload (docs/product.md, The API) but the
 * server never stores it: lists answer the seeker's current active resume, so the link cannot go stale or
 * point elsewhere. A request names a known company by id, or else the name detection found.
 */
export const CreateReferralRequestInputSchema = z
  .object({
    jobUrl: JobUrlSchema,
    position: z
      .string({ error: REFERRAL_FORM_TEXTS.positionMin })
      .trim()
      .min(POSITION_MIN, REFERRAL_FORM_TEXTS.positionMin)
      .max(POSITION_MAX, REFERRAL_FORM_TEXTS.positionMax)
      .refine((v) => !hasForbiddenCharacters(v), notAllowedMessage('Position')),
    message: OptionalMessageSchema,
    resumeLink: z.string().max(JOB_URL_MAX).nullish(),
    companyId: z.number().int().positive().max(2_147_483_647).nullish(),
    detectedCompanyName: optionalTextSchema({ field: 'Company name', max: DETECTED_COMPANY_NAME_MAX }),
    /** Asked through a referrer's opening (issue 49 item 2): it goes to that referrer first. */
    openingId: OpeningIdSchema.nullish(),
    /**
     * 'Have you already applied for this job?'; null when not said (docs/decisions/082-already-applied-and-
     * relationship.md).
     */
    alreadyApplied: z
      .boolean({ error: 'Say yes or no to whether you already applied, or leave it out.' })
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((v) => v.companyId != null || v.detectedCompanyName != null, {
    path: ['companyId'],
    message: REFERRAL_REQUEST_ERRORS.companyUnknown,
  });
export type CreateReferralRequestInput = z.input<typeof CreateReferralRequestInputSchema>;

/** How the referrer knows the seeker (docs/decisions/082-already-applied-and-relationship.md). */
export const RelationshipSchema = z.enum(RELATIONSHIPS, { error: RELATIONSHIP_ERRORS.unknown });

/** PUT /api/referrals/{referralId}/relationship: changes it while the referral is accepted. */
export const UpdateRelationshipInputSchema = z.object({ relationship: RelationshipSchema });
export type UpdateRelationshipInput = z.infer<typeof UpdateRelationshipInputSchema>;

/** Why a referrer declined (issue 24); never required, so the documented payload (docs/product.md, The API) stays valid. */
export const CANDIDATE_ID_MAX = 100;

/**
 * GET /api/referrals/{referralId}/packet: what a company's referral tool asks, for the referrer holding the
 * referral, and the same as one block of text to paste.
 */
export const ReferralPacketSchema = z.object({
  candidateName: z.string(),
  candidateEmail: z.string(),
  /**
   * Where the candidate works now, as the referrer may read it: 'Current employer (hidden)' when the
   * candidate hides it (docs/decisions/085-a-job-hunt-hidden-from-the-employer.md); null when none is given.
   */
  candidateCurrentEmployer: z.string().nullable().default(null),
  jobUrl: z.string(),
  jobTitle: z.string().nullable(),
  jobLocation: z.string().nullable(),
  position: z.string(),
  company: z.string(),
  message: z.string().nullable(),
  resumeUrl: z.string().nullable(),
  /** The seeker's answer to 'Have you already applied for this job?', null when not said. */
  alreadyApplied: z.boolean().nullable(),
  /** How the referrer said they know the candidate; null until accepted. */
  relationship: RelationshipSchema.nullable(),
  text: z.string(),
});
export type ReferralPacket = z.infer<typeof ReferralPacketSchema>;

export const SeekerConfirmationSchema = z.enum(['received', 'not_received']);
export type SeekerConfirmation = z.infer<typeof SeekerConfirmationSchema>;

/** POST /api/referrals/{referralId}/confirmation ('The company's referral email arrived'). */
export const ReferralConfirmationInputSchema = z.object({
  received: z.boolean({ error: 'Say whether it arrived: received must be true or false.' }),
});
export type ReferralConfirmationInput = z.infer<typeof ReferralConfirmationInputSchema>;

export const DeclineReasonSchema = z.enum(DECLINE_REASONS, { error: DECLINE_REASON_ERRORS.unknown });

/** What a referrer may ask a seeker to change (docs/decisions/084-changes-requested.md). */
export const ChangeKindSchema = z.enum(CHANGE_KINDS, { error: CHANGES_ERRORS.unknown });

export const ReferralSchema = z.object({
  id: z.number().int(),
  requestId: z.number().int(),
  /** The referrer's user id; null in the seeker's list, where the first name is all they learn. */
  referrerId: z.number().int().nullable(),
  status: ReferralStatusSchema,
  feedback: z.string().nullable(),
  /** The company's referral or candidate id, given when it was marked submitted. */
  candidateId: z.string().nullable().default(null),
  /** The seeker's word on whether the company's referral email arrived, once submitted. */
  seekerConfirmation: SeekerConfirmationSchema.nullable().default(null),
  /** Set with a decline; the seeker reads it as DECLINE_REASON_SENTENCES says. */
  declineReason: DeclineReasonSchema.nullable().default(null),
  /**
   * How the referrer said they know the seeker, given when accepting; null before
   * (docs/decisions/082-already-applied-and-relationship.md).
   */
  relationship: RelationshipSchema.nullable().default(null),
  /**
   * The changes the referrer asked for last (docs/decisions/084-changes-requested.md), [] when none; the
   * feedback that came with them is `feedback`.
   */
  changes: z.array(ChangeKindSchema).default([]),
  /** How many times the referrer asked for changes on this referral (MAX_CHANGE_ROUNDS at most). */
  changeRounds: z.number().int().default(0),
  /** While changes are requested: until when the seeker may resubmit (CHANGES_WINDOW); else null. */
  resubmitBy: z.iso.datetime({ offset: true }).nullable().default(null),
  /** In the referrer's list: until when their decline may still be undone (DECLINE_UNDO_WINDOW); else null. */
  undoUntil: z.iso.datetime({ offset: true }).nullable().default(null),
  submittedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Referral = z.infer<typeof ReferralSchema>;

/**
 * One request as both lists answer it (docs/product.md, Data). The displayed status is the referral's when there
 * is one (see displayStatus). `referral.referrerFirstName` is all a seeker learns about their referrer.
 */
/**
 * One earlier referrer of a request who no longer holds it: they declined, did not answer within
 * REFERRAL_RESPONSE_TIME (docs/product.md, A request's life), or stopped referring with it open ('withdrawn':
 * they closed their account, were suspended, or one of the two blocked the other; which, the seeker is not
 * told). `at` is when the request left them.
 */
export const ReferralHandoffSchema = z.object({
  referrerFirstName: z.string(),
  outcome: z.enum(['declined', 'expired', 'withdrawn']),
  at: z.iso.datetime({ offset: true }),
  /** A decline's reason and feedback, as the seeker was told them. */
  declineReason: DeclineReasonSchema.nullable().default(null),
  feedback: z.string().nullable().default(null),
});
export type ReferralHandoff = z.infer<typeof ReferralHandoffSchema>;

/**
 * One step of a request's life (docs/decisions/034-request-timeline.md): asked for, given to a referrer,
 * each status the referral took with its own note, or passed on without an answer. A referrer's timeline
 * holds only their own referral; a seeker's names each referrer by first name. Only the seeker's shows an
 * admin's review (issue 25 item 6): held, then released or rejected.
 */
export const TimelineEntrySchema = z.object({
  kind: z.union([
    // 'resubmitted': the seeker resubmitted after changes were asked for (pending again, same referrer).
    z.enum(['requested', 'assigned', 'passed_on', 'held', 'released', 'rejected', 'resubmitted']),
    ReferralStatusSchema,
  ]),
  at: z.iso.datetime({ offset: true }),
  referrerFirstName: z.string().nullable(),
  note: z.string().nullable(),
  /** On a decline: why, when the referrer said. */
  declineReason: DeclineReasonSchema.nullable().default(null),
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

export const ReferralRequestSchema = z.object({
  id: z.number().int(),
  jobSeekerId: z.number().int(),
  companyId: z.number().int(),
  position: z.string(),
  jobUrl: z.string(),
  /** The request's own status: a referral's, or held or rejected while an admin reviews it (issue 25). */
  status: RequestStatusSchema,
  message: z.string().nullable(),
  /**
   * 'Have you already applied for this job?': the seeker's answer, null when not said
   * (docs/decisions/082-already-applied-and-relationship.md).
   */
  alreadyApplied: z.boolean().nullable().default(null),
  /** The seeker's active resume download path, or null when they have none. */
  resumeLink: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  /** The posting as last read (never waited for: unknown with no checkedAt until it is). */
  job: RequestJobSchema,
  company: z.object({ id: z.number().int(), name: z.string(), isPartner: z.boolean() }),
  jobSeeker: z.object({
    id: z.number().int(),
    fullName: z.string(),
    /** Null on a card the request has passed on from. */
    email: z.string().nullable(),
    profilePicture: z.string().nullable(),
    /**
     * Where the seeker works now, as the card's reader may read it: 'Current employer (hidden)' for a
     * referrer when the seeker hides it (docs/decisions/085-a-job-hunt-hidden-from-the-employer.md); null
     * when none is given, and on a card the request has passed on from.
     */
    currentEmployer: z.string().nullable().default(null),
  }),
  referral: ReferralSchema.extend({
    referrerFirstName: z.string(),
    /** While the referral is pending: when it passes on unless answered (REFERRAL_RESPONSE_TIME). */
    respondBy: z.iso.datetime({ offset: true }).nullable(),
    /**
     * In the referrer's list, when the request left them for another referrer; the card stays as their
     * history without the applicant's email, message or résumé. Null for a referral they still hold.
     */
    passedOnAt: z.iso.datetime({ offset: true }).nullable(),
  }).nullable(),
  /** Earlier referrers, oldest first; in the seeker's list only (the referrer's list answers []). */
  handoffs: z.array(ReferralHandoffSchema).default([]),
  /** The request's life so far, oldest first. */
  timeline: z.array(TimelineEntrySchema).default([]),
  /** When it closed (CLOSED_REQUEST_STATUSES); retention counts from here (docs/decisions/036-retention.md). */
  closedAt: z.iso.datetime({ offset: true }).nullable().default(null),
  /**
   * When retention erased its message, notes and thread: the seeker's list keeps the line (position,
   * company, status, dates) with no referral, timeline or hand-offs; the referrers' lists drop it.
   */
  erasedAt: z.iso.datetime({ offset: true }).nullable().default(null),
  /** In the seeker's list, for a request an admin rejected: why, as the seeker was told. Else null. */
  rejectionReason: z.string().nullable().default(null),
});
export type ReferralRequest = z.infer<typeof ReferralRequestSchema>;
export const ReferralRequestListSchema = z.array(ReferralRequestSchema);

/** Older data's words (docs/product.md, Flows and statuses): approved is accepted; a referral's rejected is declined. */
const REFERRAL_STATUS_ALIASES: Readonly<Record<string, string>> = {
  approved: 'accepted',
  rejected: 'declined',
};

/**
 * A request as the web reads it from either list (docs/product.md, Flows and statuses, issue 46 item 10): a status the web does
 * not know never makes the list an error. A referral's `approved` reads as accepted and its `rejected` as
 * declined (a request's own `rejected` is an admin's refusal); any other value is kept as it came, shown
 * raw by statusLabel, with no actions and in no group. A timeline step of an unknown kind is left out.
 */
export const ShownReferralRequestSchema = ReferralRequestSchema.extend({
  status: z.string().transform((status) => (status === 'approved' ? 'accepted' : status)),
  referral: ReferralRequestSchema.shape.referral
    .unwrap()
    .extend({ status: z.string().transform((status) => REFERRAL_STATUS_ALIASES[status] ?? status) })
    .nullable(),
  timeline: z
    .array(z.unknown())
    .default([])
    .transform((steps) =>
      steps.flatMap((step) => {
        const parsed = TimelineEntrySchema.safeParse(step);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
});
export type ShownReferralRequest = z.infer<typeof ShownReferralRequestSchema>;
export const ShownReferralRequestListSchema = z.array(ShownReferralRequestSchema);

/**
 * The answer to a new request: the request, and `noReferrers: true` when nobody could take it yet;
 * `declinedBefore: true` with it when referrers there declined this posting before and nobody else can take
 * it (issue 46 item 5): the form then says so plainly instead of promising an answer.
 */
export const CreateReferralRequestResultSchema = ReferralRequestSchema.extend({
  noReferrers: z.boolean(),
  declinedBefore: z.boolean().default(false),
});
export type CreateReferralRequestResult = z.infer<typeof CreateReferralRequestResultSchema>;

export const REFERRAL_PAGE_SIZE = 50;
export const REFERRAL_MAX_PAGE_SIZE = 100;
const LIMIT_MESSAGE = 'The limit must be a whole number from 1 to 100.';

/** GET /api/referral-requests[?role=referrer]: newest first; `before` is the id of the last request shown. */
export const ReferralRequestListQuerySchema = z.object({
  role: z.enum(['referrer'], { error: "The role must be 'referrer' or left out." }).optional(),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(REFERRAL_MAX_PAGE_SIZE, LIMIT_MESSAGE)
    .default(REFERRAL_PAGE_SIZE),
  before: idSchema('The before cursor must be a referral request id.').optional(),
});
export type ReferralRequestListQuery = z.input<typeof ReferralRequestListQuerySchema>;

export const ReferralIdParamsSchema = z.object({
  referralId: idSchema('The referral id must be a positive whole number.'),
});

/**
 * PUT /api/referrals/{referralId}/status. Nobody moves a referral back to pending (an undo does, on its own
 * route, and so does the seeker's resubmit), nor ends it. A decline may say why; 'other' needs the feedback
 * to say it. Asking for changes names one or more (`changes`); 'other' needs the feedback too.
 */
export const UpdateReferralStatusInputSchema = z
  .object({
    status: ReferralStatusSchema.exclude(['pending', 'expired', 'withdrawn', 'job_closed'], {
      error:
        'The status must be accepted, declined, changes_requested, submitted, successful or unsuccessful.',
    }),
    /** With 'changes_requested': what the seeker should change, one or more, each once. */
    changes: z
      .array(ChangeKindSchema, { error: CHANGES_ERRORS.unknown })
      .max(CHANGE_KINDS.length * 2, CHANGES_ERRORS.unknown)
      .nullish()
      .transform((v) => (v ? CHANGE_KINDS.filter((kind) => v.includes(kind)) : null)),
    feedback: optionalTextSchema({ field: 'Feedback', max: FEEDBACK_MAX }),
    reason: DeclineReasonSchema.nullish().transform((v) => v ?? null),
    /** With 'submitted': the company's referral or candidate id, for both sides to refer to. */
    candidateId: optionalTextSchema({ field: 'Candidate id', max: CANDIDATE_ID_MAX }),
    /** With 'accepted': how the referrer knows the seeker, DEFAULT_RELATIONSHIP when not said. */
    relationship: RelationshipSchema.nullish().transform((v) => v ?? null),
  })
  .superRefine((v, ctx) => {
    if (v.relationship && v.status !== 'accepted') {
      ctx.addIssue({ code: 'custom', path: ['relationship'], message: RELATIONSHIP_ERRORS.onlyWithAccept });
    }
    if (v.candidateId && v.status !== 'submitted') {
      ctx.addIssue({
        code: 'custom',
        path: ['candidateId'],
        message: 'A candidate id goes with submitted only.',
      });
    }
    if (v.reason && v.status !== 'declined') {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: DECLINE_REASON_ERRORS.onlyWithDecline });
    }
    if (v.reason === 'other' && !v.feedback) {
      ctx.addIssue({ code: 'custom', path: ['feedback'], message: DECLINE_REASON_ERRORS.otherNeedsFeedback });
    }
    if (v.changes && v.status !== 'changes_requested') {
      ctx.addIssue({ code: 'custom', path: ['changes'], message: CHANGES_ERRORS.onlyWithChangesRequested });
    }
    if (v.status === 'changes_requested' && !v.changes?.length) {
      ctx.addIssue({ code: 'custom', path: ['changes'], message: CHANGES_ERRORS.none });
    }
    if (v.status === 'changes_requested' && v.changes?.includes('other') && !v.feedback) {
      ctx.addIssue({ code: 'custom', path: ['feedback'], message: CHANGES_ERRORS.otherNeedsFeedback });
    }
  });
export type UpdateReferralStatusInput = z.input<typeof UpdateReferralStatusInputSchema>;

/**
 * POST /api/referral-requests/{id}/resubmit: the seeker, after the changes asked for, with an optional
 * message to the referrer (docs/decisions/084-changes-requested.md).
 */
export const ResubmitInputSchema = z
  .object({
    message: OptionalMessageSchema,
  })
  .nullish()
  .transform((v) => ({ message: v?.message ?? null }));
export type ResubmitInput = z.input<typeof ResubmitInputSchema>;

/** POST /api/referral-requests/{id}/withdraw. */
export const ReferralRequestIdParamsSchema = z.object({
  id: idSchema('The referral request id must be a positive whole number.'),
});

/** PUT /api/users/{id}/willingness-to-give-referrals; answers the updated user (UserSchema). */
export const WillingnessInputSchema = z.object({
  isWilling: z.boolean({ error: 'isWilling must be true or false.' }),
});
export type WillingnessInput = z.infer<typeof WillingnessInputSchema>;
