import type { ReferralStatus } from './referral-status.js';

// Without zod: the signed-in screens' shared module shows the sign-in toast and must stay small.

/** docs/product.md, Messages ('Referral request'). */
export const REFERRAL_SUBMIT_TEXTS = {
  success: 'Request submitted successfully!',
  noReferrers:
    "We're currently looking for referrers at this company. We'll notify you when one becomes available.",
  sent: 'Your referral request has been sent to available referrers.',
  failed: 'Failed to submit request',
  failedFallback: 'Failed to submit referral request',
  unexpected: 'An unexpected error occurred',
  authTitle: 'Authentication required',
  authMessage: 'Please sign in to request referrals',
} as const;

/** docs/product.md, Limits. */
export const POSITION_MIN = 2;
export const POSITION_MAX = 100;
export const MESSAGE_MAX = 500;
export const FEEDBACK_MAX = 1000;
export const JOB_URL_MAX = 2000;
export const DETECTED_COMPANY_NAME_MAX = 200;

/** docs/product.md, Validation (the request form) and Messages (the job URL messages). */
export const REFERRAL_FORM_TEXTS = {
  jobUrlRequired: 'Job URL is required',
  jobUrlInvalid: 'Please enter a valid URL',
  positionMin: 'Position must be at least 2 characters',
  positionMax: 'Position must be less than 100 characters',
  messageMax: 'Message must be less than 500 characters',
} as const;

/** The server's refusals of a request (docs/product.md, Messages), with the company's display name filled in. */
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
  /** Issue 46 item 5: the posting URL decides the company when detection is sure of it. */
  companyMismatch: (posting: string, chosen: string) =>
    `This posting is at ${posting}, not ${chosen}. Send the request to ${posting}, or paste a posting at ${chosen}.`,
  postingClosed: 'This posting is closed.',
} as const;

/**
 * Issue 46 item 5: a request nobody at its company can take now (everyone who could has declined this
 * posting before, or is blocked from it), with the ways forward. Never a promise of an answer.
 */
export const NOBODY_CAN_TAKE_TEXTS = {
  nobody: (company: string) => `Nobody at ${company} can take this request now.`,
  waysForward:
    'It waits here and goes to the first referrer there who can take it. You can withdraw it, or ask at another company.',
} as const;

/** docs/product.md, Messages ('Referral status toasts'). */
export const REFERRAL_STATUS_TOASTS: Readonly<
  Record<Exclude<ReferralStatus, 'pending' | 'expired' | 'withdrawn' | 'job_closed'>, string>
> = {
  accepted: "You've accepted the referral request. The job seeker has been notified.",
  declined: "You've declined the referral request. The job seeker has been notified.",
  changes_requested: "You've asked for changes. The job seeker has been notified.",
  submitted: "You've marked the referral as submitted to your company.",
  successful: "You've marked the referral as successful. The job seeker will be notified.",
  unsuccessful: "You've marked the referral as unsuccessful. The job seeker will be notified.",
};

export const NO_COMPANY_FOR_WILLINGNESS =
  'Please tell us where you work (your current company) before you offer referrals.';

/**
 * Why a referrer declined (issue 24; docs/decisions/033-request-lifecycle.md): the values the status route
 * takes with a decline, and the plain sentence the seeker reads for each.
 */
export const DECLINE_REASONS = [
  'not_a_fit',
  'level_mismatch',
  'team_not_hiring',
  'cannot_vouch',
  'resume_unclear',
  'other',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/** The referrer's choice, as the decline dialog lists it. */
export const DECLINE_REASON_LABELS: Readonly<Record<DeclineReason, string>> = {
  not_a_fit: 'Not a fit for this role',
  level_mismatch: 'Level does not match',
  team_not_hiring: 'The team is not hiring',
  cannot_vouch: 'I cannot vouch for this applicant',
  resume_unclear: 'The résumé is unclear',
  other: 'Other (please explain)',
};

/** What the seeker reads, with the referrer's feedback after it. */
export const DECLINE_REASON_SENTENCES: Readonly<Record<DeclineReason, string>> = {
  not_a_fit: 'The referrer did not think this role is a fit for your profile.',
  level_mismatch: "The referrer thought the role's level does not match your experience.",
  team_not_hiring: 'The referrer said the team is not hiring for this role right now.',
  cannot_vouch: 'The referrer did not feel able to vouch for you for this role.',
  resume_unclear: 'The referrer found your résumé unclear for this role.',
  other: 'The referrer gave another reason.',
};

export const DECLINE_REASON_ERRORS = {
  unknown:
    'The reason must be not_a_fit, level_mismatch, team_not_hiring, cannot_vouch, resume_unclear or other.',
  otherNeedsFeedback: "Please say why in the feedback when the reason is 'other'.",
  onlyWithDecline: 'A reason goes only with a decline.',
} as const;

/** Withdraw and undo (issue 24). */
export const REQUEST_LIFECYCLE_TEXTS = {
  withdrawTitle: 'Withdraw this request?',
  withdrawBody:
    'Your referrer will be told, and they will no longer see your profile or résumé. You can ask for this job again later.',
  withdrawHeldBody: 'It has not reached a referrer yet. You can ask for this job again later.',
  withdrawButton: 'Withdraw',
  withdrawn: 'Your request was withdrawn.',
  undo: 'Undo',
  undone: 'The decline was undone; the request is pending again.',
  /**
   * Issue 46 item 9: while a decline may be undone nobody is told of it, so its toast says when the seeker
   * will be (the product's 'has been notified' would not be true yet; docs/decisions/060-decline-toast-tells-the-truth.md).
   */
  declinedUndoable:
    "You've declined the referral request. The job seeker will be told once the undo window passes; until then you can undo it here or on the card.",
  undoOnCard: 'Undo decline',
  undoUntil: (time: string) => `You can undo this decline until ${time}; the job seeker is told after that.`,
} as const;

/**
 * Issue 25 item 6: a request or thread message that offers or asks for money waits for an admin
 * (src/shared/payment-offer.ts; docs/decisions/039-running-the-marketplace.md). What the seeker's card, the
 * request form and the thread say, and the notices the server sends.
 */
export const PAYMENT_HOLD_TEXTS = {
  requestHeld: 'Your request awaits review by our team before it goes to a referrer.',
  requestHeldWhy:
    'Referrals here are free: a message that seems to offer or ask for money is read by our team first.',
  requestRejected: 'Our team reviewed this request and did not send it to a referrer.',
  reason: (reason: string) => `Reason: ${reason}`,
  /** The short labels on the sender's own message in a thread. */
  messageHeld: 'Awaiting review',
  messageRejected: 'Not delivered',
  messageHeldNote:
    'Only you see this message for now: our team reads messages that seem to offer or ask for money before they are delivered.',
  messageRejectedNote: 'Our team did not deliver this message.',
} as const;

type Notice = { title: string; message: string; type: string };

/** The notices of a held request and a held message, as the seeker (or sender) receives them. */
export const PAYMENT_HOLD_NOTICES = {
  requestHeld: (position: string, company: string): Notice => ({
    title: 'Request awaiting review',
    message: `Your request for ${position} at ${company} awaits review by our team before it goes to a referrer.`,
    type: 'referral_held',
  }),
  requestReleased: (position: string, company: string, assigned: boolean): Notice => ({
    title: 'Request released',
    message: assigned
      ? `Our team reviewed your request for ${position} at ${company}: it has gone to a referrer.`
      : `Our team reviewed your request for ${position} at ${company}: it waits for a referrer there, and you will be told when one has it.`,
    type: 'referral_released',
  }),
  requestRejected: (position: string, company: string, reason: string): Notice => ({
    title: 'Request rejected',
    message: `Our team reviewed your request for ${position} at ${company} and did not send it to a referrer. Reason: ${reason}`,
    type: 'referral_rejected',
  }),
  messageRejected: (position: string, company: string, reason: string): Notice => ({
    title: 'Message not delivered',
    message: `Our team did not deliver your message about ${position} at ${company}. Reason: ${reason}`,
    type: 'referral_message_rejected',
  }),
} as const;
