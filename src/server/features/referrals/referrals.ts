import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { passOnReferralsOfLeavingReferrer } from './handoffs/leave.js';
import { runReferralSweep, startReferralSweep, type SweepTimer } from './handoffs/sweep.js';
import { runLivenessSweep, startLivenessSweep } from './liveness/liveness-sweep.js';
import { assignWaitingRequests, readSupply } from './matching/matching.js';
import { canViewProfile, followCurrentCompany } from './matching/willingness.js';
import type { JobPostings, Notify, ReferralCompanyDirectory, ReferralDeps } from './ports.js';
import { referralRoutes } from './routes.js';
import { verificationRoutes, type VerificationRouteDeps } from './verification/verification-routes.js';
import type { RateLimitStore } from '../../plugins/rate-limit-store.js';
import { messageRoutes } from './messages/messages-routes.js';
import { bonusRoutes } from './bonuses/bonuses-routes.js';
import { blockRoutes, myBlocksRoutes } from './blocks/blocks-routes.js';
import { sharedRequest } from './rows/people.js';
import { seekersWithOpenRequestAt } from './rows/requests.js';
import { resumeAfterSuspension, setAsideForSuspension } from './suspension/suspension.js';
import { undoVerificationByAdmin, verifyReferrerByAdmin } from './verification/by-admin.js';
import { renewAtSignIn } from './verification/lapse.js';
import { matchReleasedRequest } from './requests/release.js';
import { deliverReleasedMessage } from './messages/messages.js';
import { openResumeLink } from './requests/resume-link.js';
import { readReferralNotes, readRequestHistory } from './timeline/timeline.js';
import type { RequestLists } from './requests/request-lists.js';

export { createRequestLists } from './requests/request-lists.js';

export interface ReferralCollaborators {
  db: Db;
  /** The companies feature's directory. */
  companies: ReferralCompanyDirectory;
  /** The jobs feature's reader of postings; without it requests keep `unknown`. */
  jobs?: JobPostings;
  /** The notifications feature's notify (mail included). */
  notify: Notify;
  /** Budgets shared across instances (the messages' per-user limit). */
  rateLimits: RateLimitStore;
  /** The mail feature's queue, for verification codes. */
  sendMail: VerificationRouteDeps['sendMail'];
  /** The sweep's and the codes' clock (tests move it); the wall clock by default. */
  now?: () => Date;
  /** The watch feature's: a company has gone from nobody who can take a request to one (issue 49 item 1). */
  supplyArrived?: ReferralDeps['supplyArrived'];
  /** The invitations feature's: the user became a willing referrer at a company (issue 49 item 3). */
  becameReferrer?: ReferralDeps['becameReferrer'];
  /** The openings feature's (issue 49 item 2): routing through an opening, closing, and its liveness share. */
  openingReferrer?: ReferralDeps['openingReferrer'];
  referrerLeft?: ReferralDeps['referrerLeft'];
  sweepOpenings?: ReferralDeps['sweepOpenings'];
  /**
   * The lists' first pages kept in memory (createRequestLists, built by the composition root, which tells it
   * every change heard and every write made); without it every page is read afresh.
   */
  requestLists?: RequestLists;
  /** False: no sweep timer (tests that drive runReferralSweep themselves). */
  sweep?: boolean;
  /** False: no job liveness timer (tests that drive runLivenessSweep themselves). */
  livenessSweep?: boolean;
  logger: FastifyBaseLogger;
}

/**
 * Referrals (docs/product.md, Matching, Statuses and A request's life): requests, matching, hand-offs and
 * their sweep, verification. Its ports are the rules other features need from it.
 */
export type ReferralConfig = Pick<
  Config,
  | 'referrerCapacity'
  | 'requestsPerDay'
  | 'referralMaxHandoffs'
  | 'referralResponseMs'
  | 'declineUndoMs'
  | 'changesWindowMs'
  | 'submitReminderMs'
  | 'retentionAfterCloseMs'
  | 'verificationTtlMs'
  | 'referralSweepIntervalMs'
  | 'jobCheckIntervalMs'
  | 'sessionSecret'
  | 'publicUrl'
  | 'env'
  | 'messageRateLimit'
>;

export function createReferrals(config: ReferralConfig, collaborators: ReferralCollaborators) {
  const { db, logger } = collaborators;
  const now = collaborators.now ?? (() => new Date());
  const deps: ReferralDeps = {
    companies: collaborators.companies,
    notify: collaborators.notify,
    jobs: collaborators.jobs,
    supplyArrived: collaborators.supplyArrived,
    becameReferrer: collaborators.becameReferrer,
    openingReferrer: collaborators.openingReferrer,
    referrerLeft: collaborators.referrerLeft,
    sweepOpenings: collaborators.sweepOpenings,
    capacity: config.referrerCapacity,
    requestsPerDay: config.requestsPerDay,
    maxHandoffs: config.referralMaxHandoffs,
    responseMs: config.referralResponseMs,
    jobCheckMs: config.jobCheckIntervalMs,
    declineUndoMs: config.declineUndoMs,
    changesWindowMs: config.changesWindowMs,
    submitReminderMs: config.submitReminderMs,
    retentionMs: config.retentionAfterCloseMs,
    verificationTtlMs: config.verificationTtlMs,
    now,
  };
  return {
    deps,
    /**
     * Every timed rule once, as the timers run them (`npm run admin -- sweep`): hand-offs, reminders, retention
     * and verification lapses, then the postings' liveness (which reads them through the guarded fetch).
     */
    sweepOnce: async () => ({
      ...(await runReferralSweep(db, deps, now())),
      ...(deps.jobs ? { liveness: await runLivenessSweep(db, deps, now()) } : {}),
    }),
    /** The profile feature's view rule: a referrer holding one of the user's requests may see them. */
    canViewProfile,
    /** The profile feature's hook: the referrer record follows its user to a new company. */
    followCurrentCompany: (tx: Db, userId: number, companyName: string) =>
      followCurrentCompany(tx, deps, userId, companyName),
    /** The profile feature's rule for a packet's signed résumé link: the résumé it opens now, if any. */
    openResumeLink: (linkDb: Db, token: string) => openResumeLink(linkDb, config.sessionSecret, token, now()),
    /** The admin feature's rule for reports and blocks: a request the two users share, or null. */
    sharedRequest: (userId: number, otherId: number, requestId?: number | null) =>
      sharedRequest(db, userId, otherId, requestId),
    /**
     * The admin feature's ports for what a payment offer held (issue 25 item 6): a released request is
     * matched as a new one would be; a released message reaches the other side as a new one would.
     */
    matchReleasedRequest: (tx: Db, requestId: number, at: Date) =>
      matchReleasedRequest(tx, deps, requestId, at),
    deliverReleasedMessage: (tx: Db, messageId: number) => deliverReleasedMessage(tx, deps, messageId),
    /** The admin feature's view of a request (issue 46 item 9): everything that happened to its referrals. */
    requestHistory: readRequestHistory,
    /** The auth feature's hook after each sign-in: a sign-in email at the company's domain renews. */
    renewAtSignIn: (userId: number) => renewAtSignIn(db, deps, userId),
    /**
     * The mail feature's hook around a change of monthly cap, pause or time zone: a referrer with room again
     * gets the waiting requests at their company (issue 25 item 9), and where they stood before the change
     * tells whether their company's watchers are told (issue 49 item 1).
     */
    aroundLimitsChange: async <T>(userId: number, change: () => Promise<T>): Promise<T> => {
      const before = await db.transaction((tx) => readSupply(tx, deps, userId, now()));
      const changed = await change();
      await db.transaction((tx) => assignWaitingRequests(tx, deps, userId, now(), before));
      return changed;
    },
    /** The watch feature's rule (issue 49 item 1): who of these users has a request at the company matching serves. */
    seekersWithOpenRequestAt,
    /** The account feature's export: each referral's status changes as the user may see them. */
    referralNotes: readReferralNotes,
    /** The account feature's hook: a deleted referrer's open referrals pass on. */
    passOnReferralsOf: (tx: Db, userId: number) => passOnReferralsOfLeavingReferrer(tx, deps, userId, now()),
    /** The admin feature's suspension, in its transaction (docs/decisions/039-running-the-marketplace.md). */
    suspension: {
      setAside: (tx: Db, userId: number) => setAsideForSuspension(tx, deps, userId, now()),
      resume: (tx: Db, userId: number) => resumeAfterSuspension(tx, deps, userId, now()),
    },
    /** The admin feature's verification by hand: false when the user is no referrer. */
    verifyByAdmin: (tx: Db, userId: number) => verifyReferrerByAdmin(tx, userId, now()),
    /** The admin feature's undo of a verification by hand (issue 46). */
    unverifyByAdmin: (tx: Db, userId: number) => undoVerificationByAdmin(tx, userId, now()),
    routes: async (app: FastifyInstance) => {
      await app.register(referralRoutes, {
        prefix: '/api',
        db,
        publicUrl: config.publicUrl,
        resumeLinkSecret: config.sessionSecret,
        requestLists: collaborators.requestLists,
        ...deps,
      });
      await app.register(blockRoutes, { prefix: '/api/users/:id/block', db, ...deps });
      await app.register(bonusRoutes, { prefix: '/api', db, now });
      await app.register(myBlocksRoutes, { prefix: '/api/user/blocks', db });
      await app.register(messageRoutes, {
        prefix: '/api/referrals/:referralId/messages',
        db,
        notify: deps.notify,
        rateLimits: collaborators.rateLimits,
        perMinute: config.messageRateLimit,
        now,
      });
      await app.register(verificationRoutes, {
        prefix: '/api/referrer/verification',
        db,
        sendMail: collaborators.sendMail,
        secret: config.sessionSecret,
        now,
        ttlMs: config.verificationTtlMs,
      });
      // Reminders and hand-offs, and the postings' liveness; every instance runs both, rows are claimed.
      const timers: SweepTimer[] = [];
      app.addHook('onReady', async () => {
        if (collaborators.sweep !== false) {
          timers.push(
            startReferralSweep(db, deps, { intervalMs: config.referralSweepIntervalMs, now, log: logger }),
          );
        }
        if (collaborators.livenessSweep !== false && deps.jobs) {
          timers.push(startLivenessSweep(db, deps, { now, log: logger }));
        }
      });
      app.addHook('onClose', async () => {
        await Promise.all(timers.map((timer) => timer.stop()));
      });
    },
  };
}
