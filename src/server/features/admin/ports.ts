import type { Db } from '../../db/client.js';

/** What the admin feature gets from others through app-features.ts (it imports no other feature). */

/** From referrals: a request the two users share (one its seeker, the other a referrer who held it), or null. */
export type SharedRequest = (
  userId: number,
  otherId: number,
  requestId?: number | null,
) => Promise<number | null>;

/**
 * What suspension and verification by hand need from auth, referrals and notifications (app-features.ts
 * wires them). The transactional ones run in the admin's transaction.
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
  /**
   * Referrals: takes back a verification made by hand; otherwise says why there is nothing to undo (no
   * referrer, not verified, or verified by their own sign-in email or work-email code).
   */
  unverifyByAdmin: (
    tx: Db,
    userId: number,
  ) => Promise<'undone' | 'no-referrer' | 'not-verified' | 'sign-in-email' | 'work-email'>;
  /** Notifications, after the commit: the user's open streams on every instance close. */
  sessionsEnded: (userId: number) => Promise<unknown>;
  /**
   * Mail: queues a mail to the user in the caller's transaction, whatever their notification settings
   * (it is about their account, like a verification code).
   */
  sendMail: (
    tx: Db,
    message: { userId: number; to: string; subject: string; text: string },
  ) => Promise<unknown>;
  /** PUBLIC_URL: where the mail sends them to sign in again. */
  publicUrl: string;
}

/** From companies: the lock every change of who names a company takes, and the built-in employers. */
export interface CompanyLocks {
  lockNames: (tx: Db, names: string[]) => Promise<void>;
  /** A built-in employer (by normalised name) is seeded again at every start: never the one merged away. */
  isBuiltIn: (normalizedName: string) => boolean;
}

/**
 * From referrals (issue 25 item 6): a held request the admin has just released (pending now, in this
 * transaction) is matched as a new request would be. 'waiting' when nobody can take it yet: it waits as
 * a pending request, and capacity never refuses a release.
 */
export type MatchReleasedRequest = (tx: Db, requestId: number, at: Date) => Promise<'assigned' | 'waiting'>;

/**
 * From referrals (issue 25 item 6): the other side of the thread is told of a released message as of a new
 * one. False when the thread is gone for both sides (passed on, or erased): nobody is told.
 */
export type DeliverReleasedMessage = (tx: Db, messageId: number) => Promise<boolean>;

/** From notifications: tells a user something, in the transaction of the change it is about. */
export type Notify = (
  tx: Db,
  notice: { userId: number; title: string; message: string; type: string; link?: string | null },
) => Promise<unknown>;

/** What reviewing held requests and messages needs from the other features. */
export interface HeldReviewPorts {
  matchReleasedRequest: MatchReleasedRequest;
  deliverReleasedMessage: DeliverReleasedMessage;
  notify: Notify;
}

/**
 * From referrals (issue 46 item 9): everything that happened to a request's referrals, oldest first: each
 * one's assignment, every status it took with that step's note, and 'passed_on' whenever the request left
 * it; whose, by the referral's id and its referrer's full name. Nothing for no such request.
 */
export type RequestHistory = (
  db: Db,
  requestId: number,
) => Promise<{ kind: string; at: Date; note: string | null; referralId: number; referrerName: string }[]>;
