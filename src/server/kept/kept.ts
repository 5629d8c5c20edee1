/**
 * What the app keeps in memory, by name (README.md beside this file says what each is kept from and what
 * drops it). Only what pays under a crowd is kept
 * ([decision 070](../../../docs/decisions/070-kept-answers-that-pay-under-a-crowd.md)).
 */
export const KEPT_NAMES = [
  'signed-in user',
  'unread count',
  'company numbers',
  'referrers wanted',
  'request lists',
] as const;

export type KeptName = (typeof KEPT_NAMES)[number];

/** The configuration's say over every kept answer (KEPT_ANSWERS_OFF, KEPT_ANSWERS_VERIFY). */
export interface KeptSettings {
  /** Kept answers turned off: each of their reads goes to the database. */
  off: readonly KeptName[];
  /** The share (0 to 1) of hits also read afresh and compared; a difference is an error. */
  verify: number;
}
