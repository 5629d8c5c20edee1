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
