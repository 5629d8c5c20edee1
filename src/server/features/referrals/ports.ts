import type { Db } from '../../db/client.js';

/**
 * What the referrals feature needs from the rest of the app, handed in by app.ts (features never import
 * each other). Each takes the db or transaction it should work in.
 */

/** A company as referrals use it. */
export interface ReferralCompany {
  id: number;
  name: string;
  normalizedName: string;
  /** The domains whose addresses verify its employees (companies.email_domains). */
  emailDomains: string[];
}

export interface ReferralCompanyDirectory {
  /** The company of this name (case- and space-insensitively), created when unknown. */
  ensure(db: Db, name: string): Promise<ReferralCompany>;
  /** The same for a name typed on a request: a new one stays private to the request. */
  ensureForRequest(db: Db, name: string): Promise<ReferralCompany>;
  /** Taken first in a transaction that makes rows refer to these companies, so a release cannot race it. */
  lock(db: Db, names: string[]): Promise<unknown>;
  /** The listed company a job URL names, when detection is sure of it (confidence high or medium). */
  postingCompany(db: Db, jobUrl: string): Promise<{ id: number; name: string } | null>;
}

export interface ReferralNotice {
  userId: number;
  title: string;
  message: string;
  type: string;
  link?: string | null;
}

/** Tells a user something, in the transaction of the change it is about. */
export type Notify = (db: Db, notice: ReferralNotice) => Promise<unknown>;

/** A request's posting as read (docs/decisions/032-job-postings.md). */
export interface JobSnapshot {
  title: string | null;
  location: string | null;
  status: 'open' | 'closed' | 'unknown';
  source: string | null;
  checkedAt: Date;
}

/** A posting being read: what came within the wait, and a way to store what comes after it. */
export interface PendingReading {
  /** The reading, when it came within the wait. */
  snapshot: JobSnapshot | undefined;
  /** Hands the reading to `store` once it comes; nothing when it came within the wait. */
  storeWhenRead(store: (snapshot: JobSnapshot) => Promise<unknown>): void;
}

/** The job postings reader, as requests use it: a new request waits on the network for 2 seconds at most. */
export interface JobPostings {
  /** What a preview read lately says of this URL, without the network; undefined when none did. */
  cached(jobUrl: string): JobSnapshot | undefined;
  /** Reads the posting, waiting at most `waitMs` for it; a failure or the wait's end reads as nothing. */
  readWithin(jobUrl: string, waitMs: number): Promise<PendingReading>;
  /**
   * Reads the posting afresh for the liveness sweep, paced per host; undefined when it was not read (a URL
   * that cannot be, or `signal` aborted first).
   */
  check(jobUrl: string, signal?: AbortSignal): Promise<JobSnapshot | undefined>;
}

/** Everything the referral services need besides the database. */
export interface ReferralDeps {
  companies: ReferralCompanyDirectory;
  notify: Notify;
  /** REFERRER_CAPACITY: open (pending, accepted or changes requested) referrals one referrer holds at most. */
  capacity: number;
  /** REQUESTS_PER_DAY: new requests one seeker may send in any 24 hours. */
  requestsPerDay: number;
  /** REFERRAL_MAX_HANDOFFS: how many times one request may pass from referrer to referrer. */
  maxHandoffs: number;
  /** REFERRAL_RESPONSE_TIME in milliseconds: how long a referral may stay pending. */
  responseMs: number;
  /** DECLINE_UNDO_WINDOW in milliseconds: how long a decline may be undone; the hand-off waits for it. */
  declineUndoMs: number;
  /**
   * CHANGES_WINDOW in milliseconds: how long a seeker has to resubmit after their referrer asked for changes;
   * after it the request ends withdrawn (docs/decisions/084-changes-requested.md).
   */
  changesWindowMs: number;
  /** SUBMIT_REMINDER_AFTER in milliseconds: an accepted referral not submitted by then reminds once. */
  submitReminderMs: number;
  /** RETENTION_AFTER_CLOSE in milliseconds: a closed request's free text, thread and access go after it. */
  retentionMs: number;
  /** VERIFICATION_TTL in milliseconds: a verification lapses this long after it was earned or renewed. */
  verificationTtlMs: number;
  /** The clock of the undo window and of the lists that judge it (tests move it); the wall clock in the app. */
  now: () => Date;
  /** Reads the posting behind a new request; without it requests keep `unknown`. */
  jobs?: JobPostings;
  /** JOB_CHECK_INTERVAL in milliseconds: how often the liveness sweep re-reads an open request's posting. */
  jobCheckMs: number;
  /**
   * Issue 49 item 1: the company has gone from nobody who can take a request to one, `referrerId`, in this
   * transaction (the watch feature tells its watchers). Absent, nobody is told.
   */
  supplyArrived?: (tx: Db, companyId: number, referrerId: number) => Promise<unknown>;
  /**
   * Issue 49 item 3: the user is now a willing referrer at the company, in this transaction (said when they
   * become willing, and when a willing referrer's company changes; the invitations feature tells whoever
   * invited them). Absent, nobody is told.
   */
  becameReferrer?: (tx: Db, userId: number, companyId: number) => Promise<unknown>;
  /**
   * Issue 49 item 2: the referrer of the opening a new request is asked through, while the opening is live;
   * null when it closed or its referrer left. Throws the 404 of an unknown opening, the 400 of one at
   * another company. Absent, openingId is ignored.
   */
  openingReferrer?: (tx: Db, openingId: number, companyId: number) => Promise<number | null>;
  /**
   * Issue 49 item 2: the user stopped referring (unwilling, suspended) or, with `keepCompanyId`, moved
   * there; their openings elsewhere close, in this transaction.
   */
  referrerLeft?: (tx: Db, userId: number, keepCompanyId?: number) => Promise<unknown>;
  /** Issue 49 item 2: the liveness sweep's share for openings, run with each sweep of requests. */
  sweepOpenings?: (now: Date, signal?: AbortSignal) => Promise<unknown>;
}
