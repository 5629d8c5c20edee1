import type { Db } from '../../db/client.js';

/** What the admin feature gets from others through app.ts (it imports no other feature). */

/** From referrals: a request the two users share (one its seeker, the other a referrer who held it), or null. */
export type SharedRequest = (
  userId: number,
  otherId: number,
  requestId?: number | null,
) => Promise<number | null>;

/**
 * What suspension and verification by hand need from auth, referrals and notifications (app.ts wires
 * them). The transactional ones run in the admin's transaction.
 */
export interface AccountControl {
  /** Auth: deletes every session of the user. */
  endSessions: (tx: Db, userId: number) => Promise<void>;
  /** Referrals: their referrals pass on, their requests leave their referrers and wait. */
  setAside: (tx: Db, userId: number) => Promise<unknown>;
  /** Referrals: their waiting requests are matched again. */
  resume: (tx: Db, userId: number) => Promise<unknown>;
  /** Referrals: verifies a referrer by hand; false when the user is no referrer. */
  verifyByAdmin: (tx: Db, userId: number) => Promise<boolean>;
  /** Notifications, after the commit: the user's open streams on every instance close. */
  sessionsEnded: (userId: number) => Promise<unknown>;
}

/** From companies: the lock every change of who names a company takes, and the built-in employers. */
export interface CompanyLocks {
  lockNames: (tx: Db, names: string[]) => Promise<void>;
  /** A built-in employer (by normalised name) is seeded again at every start: never the one merged away. */
  isBuiltIn: (normalizedName: string) => boolean;
}
