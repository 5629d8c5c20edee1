/**
 * Changes asked for, not a bare decline (issue 50 item 1; docs/decisions/084-changes-requested.md): what a
 * referrer may ask a seeker to change before they refer them, and the plain sentence the seeker reads for
 * each. No zod here, so the web's cards may import the texts without the schemas.
 */

export const CHANGE_KINDS = [
  'missing_keywords',
  'impact_unclear',
  'seniority_mismatch',
  'resume_format',
  'other',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** A referral goes back to its seeker for changes twice at most; then the referrer accepts or declines. */
export const MAX_CHANGE_ROUNDS = 2;

/** The referrer's choice, as the 'Ask for changes' dialog lists it. */
export const CHANGE_LABELS: Readonly<Record<ChangeKind, string>> = {
  missing_keywords: 'Missing keywords from the posting',
  impact_unclear: 'The impact of their work is unclear',
  seniority_mismatch: 'Seniority does not match the role',
  resume_format: 'The résumé is hard to read',
  other: 'Something else (please explain)',
};

/** What the seeker reads, one sentence a change, with the referrer's feedback after them. */
export const CHANGE_SENTENCES: Readonly<Record<ChangeKind, string>> = {
  missing_keywords: 'Your résumé is missing keywords the job posting asks for.',
  impact_unclear: 'Your résumé does not make the impact of your work clear: say what changed because of it.',
  seniority_mismatch: 'Your experience does not read as the seniority this role asks for.',
  resume_format: 'Your résumé is hard to read: make it clean and easy to scan.',
  other: 'Your referrer asked for another change: see their feedback.',
};

export const CHANGES_ERRORS = {
  unknown:
    'Each change must be missing_keywords, impact_unclear, seniority_mismatch, resume_format or other.',
  none: 'Say which changes you ask for: choose at least one.',
  otherNeedsFeedback: "Please say in the feedback what should change when you choose 'other'.",
  onlyWithChangesRequested: 'Changes go only with the status changes_requested.',
  thirdRound: `You have asked for changes ${MAX_CHANGE_ROUNDS} times on this request already: please accept or decline it now.`,
  notWaiting: (statusLabel: string) =>
    `This request is ${statusLabel.toLowerCase()}, not waiting for your changes, so there is nothing to resubmit.`,
  paymentOffer: 'A message to your referrer cannot offer or ask for payment. Please take that out.',
} as const;

export const CHANGES_TEXTS = {
  title: 'Changes requested',
  /** The seeker's notification, told at once. */
  told: (position: string, company: string) =>
    `Your referrer asked for changes to your request for ${position} at ${company}.`,
  /** The referrer's card while the seeker makes them. */
  waitingOnSeeker: 'Waiting for the applicant to make the changes you asked for and resubmit.',
  seekerIntro: 'Your referrer asked for these changes before they refer you:',
  seekerHint:
    'Edit your résumé or profile first, then resubmit: your referrer gets the request back with a fresh time to answer.',
  resubmit: 'Resubmit',
  resubmitMessageLabel: 'A message to your referrer (optional)',
  resubmitted: 'Resubmitted: your referrer has your request again.',
  askForChanges: 'Ask for changes',
  askTitle: 'Ask for changes',
  askBody:
    'The applicant is told what to change and may resubmit; the request keeps its place with you meanwhile.',
  askSent: 'Changes asked for: the applicant has been told.',
  /** What the dialog says of the rounds left after this one. */
  roundsLeft: (left: number) =>
    left <= 0
      ? 'This is the last time you may ask for changes on this request; after it, accept or decline.'
      : left === 1
        ? 'You may ask for changes once more after this.'
        : `You may ask for changes ${left} more times after this.`,
  /** The referrer's card: what they asked for, and until when the applicant may resubmit. */
  youAskedFor: 'You asked for:',
  resubmitBy: (when: string) => `The request ends withdrawn unless resubmitted by ${when}.`,
  seekerResubmitBy: (when: string) => `Resubmit by ${when}, or the request ends withdrawn.`,
  resubmittedAfter: (rounds: number) =>
    rounds === 1
      ? 'Resubmitted after the changes you asked for.'
      : `Resubmitted after ${rounds} rounds of changes: accept or decline it now.`,
  editProfile: 'Edit your profile and résumé',
} as const;

/** The sentences the seeker reads for `changes`, in the order of CHANGE_KINDS, without repeats. */
export function changeSentences(changes: readonly ChangeKind[]): string[] {
  return CHANGE_KINDS.filter((kind) => changes.includes(kind)).map((kind) => CHANGE_SENTENCES[kind]);
}
