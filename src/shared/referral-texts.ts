import type { ReferralStatus } from './referral-status.js';

// Without zod: the signed-in screens' shared module shows the sign-in toast and must stay small.

/** Spec section 8 ('Referral request'). */
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
  Record<Exclude<ReferralStatus, 'pending' | 'expired' | 'withdrawn' | 'job_closed'>, string>
> = {
  accepted: "You've accepted the referral request. The job seeker has been notified.",
  declined: "You've declined the referral request. The job seeker has been notified.",
  submitted: "You've marked the referral as submitted to your company.",
  successful: "You've marked the referral as successful. The job seeker will be notified.",
  unsuccessful: "You've marked the referral as unsuccessful. The job seeker will be notified.",
};

export const NO_COMPANY_FOR_WILLINGNESS =
  'Please tell us where you work (your current company) before you offer referrals.';
