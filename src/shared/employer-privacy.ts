/**
 * Issue 50 item 4 (docs/decisions/085-a-job-hunt-hidden-from-the-employer.md): what a referrer reads in
 * place of a seeker's current employer when the seeker hides it, on the card, the profile, the experience
 * entry and the packet alike.
 */
export const HIDDEN_EMPLOYER = 'Current employer (hidden)';

/** The promise as /privacy states it. */
export const EMPLOYER_PRIVACY_PROMISE =
  'Your job hunt stays hidden from your employer: your requests never reach your own company, you can hide its name from the referrers you ask, and news of your requests is never mailed to an address at your company.';

/** The line a referrer reads of the seeker's employer: 'Current employer: Acme', or the hidden text alone. */
export function currentEmployerLine(employer: string): string {
  return employer === HIDDEN_EMPLOYER ? HIDDEN_EMPLOYER : `Current employer: ${employer}`;
}
