/**
 * What a referral says honestly to the company (issue 50 items 2 and 3; docs/decisions/082-already-applied-and-relationship.md):
 * whether the seeker already applied, and how the referrer knows them. No zod here, so the web's cards
 * may import the texts without the schemas.
 */

export const ALREADY_APPLIED_TEXTS = {
  question: 'Have you already applied for this job?',
  yes: 'Yes',
  no: 'No',
  warning:
    'Some companies do not accept a referral for a job you already applied to. Your referrer will see this.',
} as const;

/** The line the packet prints and the referrer's card shows; nothing when the seeker did not say. */
export function alreadyAppliedLine(alreadyApplied: boolean | null): string | null {
  if (alreadyApplied === null) return null;
  return `Already applied: ${alreadyApplied ? 'yes' : 'no'}`;
}

export const RELATIONSHIPS = ['worked_together', 'know_personally', 'referbridge_only'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

/** What accepting records when the referrer does not say. */
export const DEFAULT_RELATIONSHIP: Relationship = 'referbridge_only';

/** The referrer's choice, as the accept dialog lists it. */
export const RELATIONSHIP_LABELS: Readonly<Record<Relationship, string>> = {
  worked_together: 'We worked together',
  know_personally: 'I know them personally',
  referbridge_only: 'Only through ReferBridge',
};

/** The company's question, as referral tools ask it. */
export const RELATIONSHIP_QUESTION = 'How do you know the candidate?';

/** The honest answer the packet prints to RELATIONSHIP_QUESTION. */
export const RELATIONSHIP_ANSWERS: Readonly<Record<Relationship, string>> = {
  worked_together: 'I have worked with the candidate and know their work first-hand.',
  know_personally: 'I know the candidate personally, but I have not worked with them.',
  referbridge_only:
    'I know the candidate only through this referral: they asked me for it on ReferBridge, and I have not worked with them.',
};

/** What the seeker's card says was given. */
export const RELATIONSHIP_SEEKER_SENTENCES: Readonly<Record<Relationship, string>> = {
  worked_together: 'Your referrer said they worked with you.',
  know_personally: 'Your referrer said they know you personally.',
  referbridge_only: 'Your referrer said they know you only through ReferBridge.',
};

/** The packet's lines on both (its text, to paste): nothing for what was not said. */
export function honestPacketLines(
  alreadyApplied: boolean | null,
  relationship: Relationship | null,
): string[] {
  const lines = [alreadyAppliedLine(alreadyApplied)];
  if (relationship) lines.push(`${RELATIONSHIP_QUESTION} ${RELATIONSHIP_ANSWERS[relationship]}`);
  return lines.filter((l) => l !== null);
}

export const RELATIONSHIP_ERRORS = {
  unknown: 'The relationship must be worked_together, know_personally or referbridge_only.',
  onlyWithAccept: 'A relationship goes with accepted only.',
  notAccepted: 'Accept this referral first: how you know the candidate is given when you accept.',
  settled: (status: string) =>
    `This referral is already ${status}, so how you know the candidate can no longer be changed.`,
} as const;
