import { z } from 'zod';
import { idSchema } from './ids.js';
import { hasForbiddenCharacters, notAllowedMessage, optionalTextSchema } from './text.js';

export { REFERRAL_SUBMIT_TEXTS } from './referral-texts.js';

/**
 * The referral status machine (spec section 4, DESIGN.md "Status changes") and every payload of the
 * referral routes. The server's routes and the web's forms both parse with these.
 */
export const ReferralStatusSchema = z.enum([
  'pending',
  'accepted',
  'declined',
  'submitted',
  'successful',
  'unsuccessful',
  // Never a referrer's move: the sweep sets it when nobody answered in time (DESIGN.md "Bounded answers").
  'expired',
]);
export type ReferralStatus = z.infer<typeof ReferralStatusSchema>;

/** Where a referrer may take a referral from each status; declined, successful and unsuccessful are final. */
export const REFERRAL_TRANSITIONS: Readonly<Record<ReferralStatus, readonly ReferralStatus[]>> = {
  pending: ['accepted', 'declined'],
  accepted: ['submitted'],
  submitted: ['successful', 'unsuccessful'],
  declined: [],
  successful: [],
  unsuccessful: [],
  expired: [],
};

export function canMoveReferral(from: ReferralStatus, to: ReferralStatus): boolean {
  return REFERRAL_TRANSITIONS[from].includes(to);
}

/** A referral that still takes one of the referrer's capacity slots (DESIGN.md "Matching"). */
export const OPEN_REFERRAL_STATUSES: readonly ReferralStatus[] = ['pending', 'accepted'];

/** Spec section 9. */
export const POSITION_MIN = 2;
export const POSITION_MAX = 100;
export const MESSAGE_MAX = 500;
export const FEEDBACK_MAX = 1000;
export const JOB_URL_MAX = 2000;
export const DETECTED_COMPANY_NAME_MAX = 200;

/** Spec section 5 ('Referral request form') and 8 ('Job URL messages'). */
export const REFERRAL_FORM_TEXTS = {
  jobUrlRequired: 'Job URL is required',
  jobUrlInvalid: 'Please enter a valid URL',
  positionMin: 'Position must be at least 2 characters',
  positionMax: 'Position must be less than 100 characters',
  messageMax: 'Message must be less than 500 characters',
} as const;

/** The server's refusals of a request (spec section 8), with the company's display name filled in. */
export const REFERRAL_REQUEST_ERRORS = {
  duplicate:
    'A referral request for this job has already been submitted. You cannot submit duplicate requests for the same job listing.',
  companyUnknown:
    "We couldn't identify the company from the provided job URL. Please select a company manually or try a different job URL that clearly identifies the company.",
  employee: (company: string) =>
    `You are already registered as an employee at ${company}. If you're looking to change teams or positions internally, please use your company's internal mobility program instead of requesting external referrals.`,
  capacity: (company: string) =>
    `We're sorry, but all referrers at ${company} are currently at maximum capacity for referrals. Please try again later or consider other companies.`,
  companyNotFound: 'That company does not exist. Please pick a company from the list.',
} as const;

/** Spec section 8 ('Referral status toasts'). */
export const REFERRAL_STATUS_TOASTS: Readonly<
  Record<Exclude<ReferralStatus, 'pending' | 'expired'>, string>
> = {
  accepted: "You've accepted the referral request. The job seeker has been notified.",
  declined: "You've declined the referral request. The job seeker has been notified.",
  submitted: "You've marked the referral as submitted to your company.",
  successful: "You've marked the referral as successful. The job seeker will be notified.",
  unsuccessful: "You've marked the referral as unsuccessful. The job seeker will be notified.",
};

/** Only web addresses: `javascript:`, `data:`, `file:` and the like are never stored or shown as links. */
export const JobUrlSchema = z
  .string({ error: REFERRAL_FORM_TEXTS.jobUrlRequired })
  .trim()
  .min(1, { error: REFERRAL_FORM_TEXTS.jobUrlRequired, abort: true })
  .max(JOB_URL_MAX, `The job URL must be at most ${JOB_URL_MAX} characters`)
  .refine((v) => isWebUrl(v), REFERRAL_FORM_TEXTS.jobUrlInvalid);

export function isWebUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/**
 * The key that makes two spellings of one posting a duplicate: `http:` and `https:` are one (the key says
 * https), host lower-cased, default port, fragment, tracking parameters (utm_*, trk, refId, ref, src,
 * source, gh_src) and a trailing slash dropped, the remaining parameters sorted.
 */
export function normalizeJobUrl(value: string): string {
  const url = new URL(value.trim());
  url.hash = '';
  const kept = [...url.searchParams.entries()]
    .filter(([key]) => !TRACKING_PARAM.test(key))
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  url.search = new URLSearchParams(kept).toString();
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : '';
  const host = url.host.toLowerCase().replace(/^www\./, '');
  return `https://${host}${path}${url.search}`;
}
const TRACKING_PARAM = /^(utm_.*|trk|trackingid|refid|ref|src|source|gh_src|lever-source.*)$/i;

/**
 * POST /api/referral-requests (spec section 7). `resumeLink` is accepted for the spec's payload but the
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
    message: z
      .string({ error: 'The message must be text.' })
      .trim()
      .max(MESSAGE_MAX, REFERRAL_FORM_TEXTS.messageMax)
      .refine((v) => !hasForbiddenCharacters(v), notAllowedMessage('Message'))
      .nullish()
      .transform((v) => (v ? v : null)),
    resumeLink: z.string().max(JOB_URL_MAX).nullish(),
    companyId: z.number().int().positive().max(2_147_483_647).nullish(),
    detectedCompanyName: optionalTextSchema({ field: 'Company name', max: DETECTED_COMPANY_NAME_MAX }),
  })
  .refine((v) => v.companyId != null || v.detectedCompanyName != null, {
    path: ['companyId'],
    message: REFERRAL_REQUEST_ERRORS.companyUnknown,
  });
export type CreateReferralRequestInput = z.input<typeof CreateReferralRequestInputSchema>;

export const ReferralSchema = z.object({
  id: z.number().int(),
  requestId: z.number().int(),
  /** The referrer's user id; null in the seeker's list, where the first name is all they learn. */
  referrerId: z.number().int().nullable(),
  status: ReferralStatusSchema,
  feedback: z.string().nullable(),
  submittedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Referral = z.infer<typeof ReferralSchema>;

/**
 * One request as both lists answer it (spec section 3). The displayed status is the referral's when there
 * is one (see displayStatus). `referral.referrerFirstName` is all a seeker learns about their referrer.
 */
/**
 * One earlier referrer of a request who no longer holds it: they declined, or did not answer within
 * REFERRAL_RESPONSE_TIME (DESIGN.md "Bounded answers"). `at` is when the request left them.
 */
export const ReferralHandoffSchema = z.object({
  referrerFirstName: z.string(),
  outcome: z.enum(['declined', 'expired']),
  at: z.iso.datetime({ offset: true }),
});
export type ReferralHandoff = z.infer<typeof ReferralHandoffSchema>;

export const ReferralRequestSchema = z.object({
  id: z.number().int(),
  jobSeekerId: z.number().int(),
  companyId: z.number().int(),
  position: z.string(),
  jobUrl: z.string(),
  status: ReferralStatusSchema,
  message: z.string().nullable(),
  /** The seeker's active resume download path, or null when they have none. */
  resumeLink: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  company: z.object({ id: z.number().int(), name: z.string(), isPartner: z.boolean() }),
  jobSeeker: z.object({
    id: z.number().int(),
    fullName: z.string(),
    email: z.string(),
    profilePicture: z.string().nullable(),
  }),
  referral: ReferralSchema.extend({ referrerFirstName: z.string() }).nullable(),
  /** Earlier referrers, oldest first; in the seeker's list only (the referrer's list answers []). */
  handoffs: z.array(ReferralHandoffSchema).default([]),
});
export type ReferralRequest = z.infer<typeof ReferralRequestSchema>;
export const ReferralRequestListSchema = z.array(ReferralRequestSchema);

/** The answer to a new request: the request, and `noReferrers: true` when nobody could take it yet. */
export const CreateReferralRequestResultSchema = ReferralRequestSchema.extend({ noReferrers: z.boolean() });
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

/** PUT /api/referrals/{referralId}/status. Nobody moves a referral back to pending, nor expires it. */
export const UpdateReferralStatusInputSchema = z.object({
  status: ReferralStatusSchema.exclude(['pending', 'expired'], {
    error: 'The status must be accepted, declined, submitted, successful or unsuccessful.',
  }),
  feedback: optionalTextSchema({ field: 'Feedback', max: FEEDBACK_MAX }),
});
export type UpdateReferralStatusInput = z.input<typeof UpdateReferralStatusInputSchema>;

/** PUT /api/users/{id}/willingness-to-give-referrals; answers the updated user (UserSchema). */
export const WillingnessInputSchema = z.object({
  isWilling: z.boolean({ error: 'isWilling must be true or false.' }),
});
export type WillingnessInput = z.infer<typeof WillingnessInputSchema>;

export const NO_COMPANY_FOR_WILLINGNESS =
  'Please tell us where you work (your current company) before you offer referrals.';

/** The status a card shows: the referral's when there is one, else the request's (spec section 3). */
export function displayStatus(request: Pick<ReferralRequest, 'status' | 'referral'>): ReferralStatus {
  return request.referral?.status ?? request.status;
}

/**
 * Spec section 4: every status value a card may meet, as it is shown. Older data may say approved or
 * rejected; anything unknown is shown raw.
 */
export function statusLabel(status: string): string {
  switch (status) {
    case 'pending':
      return 'Pending';
    case 'approved':
    case 'accepted':
      return 'Accepted';
    case 'rejected':
    case 'declined':
      return 'Declined';
    case 'submitted':
      return 'Submitted';
    case 'successful':
      return 'Successful';
    case 'unsuccessful':
      return 'Unsuccessful';
    case 'expired':
      return 'Expired';
    default:
      return status;
  }
}
