import type { Db } from '../../db/client.js';

/**
 * What the profile feature needs from the rest of the app, handed in by app-features.ts (features never
 * import each other). Each takes the db or transaction it should work in.
 */

/**
 * Who may read someone's profile (user, experience, education, skills, resumes). The profile feature only
 * asks; the app decides, because the answer depends on referrals.
 */
export type ProfileViewRule = (db: Db, viewerId: number, profileUserId: number) => Promise<boolean>;

/** The rule before referrals: a user sees their own profile, nobody else's. */
export const ownProfileOnly: ProfileViewRule = async (_db, viewerId, profileUserId) =>
  viewerId === profileUserId;

/**
 * Which résumé a signed link opens now, or undefined (issue 46 item 9): the referrals feature signs the
 * links in its packets and knows whether the referral behind one still stands.
 */
export type ResumeLinkRule = (db: Db, token: string) => Promise<number | undefined>;

/** Before referrals: no link opens anything. */
export const noResumeLinks: ResumeLinkRule = async () => undefined;

/** The company list, as far as a user's current company touches it. */
export interface CompanyDirectory {
  /**
   * Makes sure a company of this name exists (found case- and space-insensitively, or created) and gives it
   * back: a name an admin merged away gives the company it was merged into.
   */
  ensure(db: Db, name: string): Promise<{ name: string }>;
  /** Removes the company when it was not seeded and no user names it any more. */
  release(db: Db, name: string): Promise<unknown>;
  /** Taken first in the transaction that ensures or releases these names; keeps release race-free. */
  lock(db: Db, names: string[]): Promise<unknown>;
}

/**
 * Told, inside the transaction that saved it, that a user's current company changed (after the company
 * exists and before the previous one is released), so a referrer record can follow the user.
 */
export type CurrentCompanyChanged = (tx: Db, userId: number, companyName: string) => Promise<unknown>;

export const ignoreCompanyChanges: CurrentCompanyChanged = async () => undefined;
