import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Listen } from './db/listen.js';
import { allHear } from './kept/session-memo.js';
import { createAccount } from './features/account/account.js';
import { activityRoutes } from './features/activity/routes.js';
import { createAdmin } from './features/admin/admin.js';
import { createAuth } from './features/auth/auth.js';
import type { OidcClient } from './features/auth/oidc-client.js';
import { createCompanies } from './features/companies/companies.js';
import { createInvitations } from './features/invitations/invitations.js';
import { createJobs } from './features/jobs/jobs.js';
import { createMail, type MailCollaborators } from './features/mail/mail.js';
import { createNotifications } from './features/notifications/notifications.js';
import { createOpenings } from './features/openings/openings.js';
import { createProfile } from './features/profile/profile.js';
import { createReferrals, createRequestLists } from './features/referrals/referrals.js';
import { createWatches } from './features/watches/watches.js';
import type { RateLimitStore } from './plugins/rate-limit-store.js';

/** What the features need from the process and the tests (part of app.ts's AppDeps). */
export interface FeatureDeps {
  db: Db;
  /** The database's LISTEN (Database.listen): live notification streams hear every instance's changes. */
  listen: Listen;
  /** Heartbeat period of the notification stream (tests shorten it); 25 s by default. */
  streamHeartbeatMs?: number;
  /** Replaces the relying party (tests of failure paths); by default it is built from the config. */
  oidc?: OidcClient;
  /** Mail worker tuning for tests (an injected clock, fewer attempts, shorter backoff). */
  mailWorker?: MailCollaborators['worker'];
  /** The referral sweep's clock (tests move it forward); the wall clock by default. */
  now?: () => Date;
  /** False: no referral sweep timer (tests that drive runReferralSweep themselves). */
  referralSweep?: boolean;
  /** False: no job liveness timer (tests that drive runLivenessSweep themselves). */
  livenessSweep?: boolean;
}

/**
 * The features, and how they are joined (docs/architecture.md, Features and what each owns): each is built
 * by its factory from the configuration and what it needs of the others, handed in as functions, never
 * imported. app.ts loads the sessions through `auth`, then registers `routes` in this order.
 */
export async function createFeatures(
  config: Config,
  deps: FeatureDeps & { rateLimits: RateLimitStore; logger: FastifyBaseLogger },
) {
  const { db, rateLimits, logger, now } = deps;
  // The lists' first pages, kept per viewer: read by the referrals feature, told by auth of every write a
  // user makes and by the notification channel of every change heard.
  const requestLists = createRequestLists(db, config.keptAnswers);
  const mail = createMail(config, {
    db,
    logger,
    now,
    worker: deps.mailWorker,
    aroundReferralLimitsChange: (userId, change) => referrals.aroundLimitsChange(userId, change),
  });
  const auth = createAuth(config, {
    db,
    rateLimits,
    oidc: deps.oidc,
    onUserCreated: (userId) => notifications.welcome(userId),
    onSignedIn: (userId) => referrals.renewAtSignIn(userId),
    onSignedOut: (userId) => notifications.sessionsEnded(userId),
    afterSignIn: (signIn) => invitations.afterSignIn(signIn),
    keptOfUsers: requestLists,
  });
  const notifications = await createNotifications(config, {
    db,
    listen: deps.listen,
    isSessionLive: auth.isSessionLive,
    userMemos: allHear(auth.signedInUsers, requestLists),
    readSession: auth.readSession,
    sessionUnchangedUntil: auth.sessionUnchangedUntil,
    onNotified: mail.onNotified,
    heartbeatMs: deps.streamHeartbeatMs,
    logger,
  });
  const companies = createCompanies(config, { db, listen: deps.listen, rateLimits, now });
  const jobs = createJobs(config, { rateLimits, logger });
  const referrals = createReferrals(config, {
    db,
    companies: companies.directory,
    jobs: jobs.postings,
    notify: notifications.notify,
    requestLists,
    sendMail: mail.send,
    rateLimits,
    now,
    supplyArrived: (tx, companyId, referrerId) => watches.supplyArrived(tx, companyId, referrerId),
    becameReferrer: (tx, userId, companyId) => invitations.becameReferrer(tx, userId, companyId),
    openingReferrer: (tx, openingId, companyId) => openings.openingReferrer(tx, openingId, companyId),
    referrerLeft: (tx, userId, keepCompanyId) => openings.referrerLeft(tx, userId, keepCompanyId),
    sweepOpenings: (at, signal) => openings.sweep(at, signal),
    sweep: deps.referralSweep,
    livenessSweep: deps.livenessSweep,
    logger,
  });
  const watches = createWatches({
    db,
    now,
    notify: notifications.notify,
    seekersWithOpenRequestAt: referrals.seekersWithOpenRequestAt,
  });
  const invitations = createInvitations(config, { db, now, notify: notifications.notify });
  const openings = createOpenings({
    db,
    now,
    rateLimits,
    postsPerMinute: config.jobPreviewRateLimit,
    detectCompany: companies.detect,
    previewPosting: jobs.postings.preview,
    checkPosting: jobs.postings.check,
    verificationTtlMs: config.verificationTtlMs,
    jobCheckMs: config.jobCheckIntervalMs,
  });
  const profile = createProfile(config, {
    db,
    rateLimits,
    companies: companies.directory,
    canViewProfile: referrals.canViewProfile,
    openResumeLink: referrals.openResumeLink,
    onCurrentCompanyChanged: referrals.followCurrentCompany,
  });
  const account = createAccount({
    db,
    passOnReferrals: referrals.passOnReferralsOf,
    referralNotes: referrals.referralNotes,
    companies: companies.directory,
    clearSession: auth.clearSession,
    onDeleted: notifications.sessionsEnded,
  });
  const admin = createAdmin(config, {
    db,
    rateLimits,
    sharedRequest: referrals.sharedRequest,
    control: {
      endSessions: auth.endSessions,
      setAside: referrals.suspension.setAside,
      resume: referrals.suspension.resume,
      verifyByAdmin: referrals.verifyByAdmin,
      unverifyByAdmin: referrals.unverifyByAdmin,
      sessionsEnded: notifications.sessionsEnded,
      sendMail: mail.send,
      publicUrl: config.publicUrl,
    },
    companyLocks: companies.locks,
    held: {
      matchReleasedRequest: referrals.matchReleasedRequest,
      deliverReleasedMessage: referrals.deliverReleasedMessage,
      notify: notifications.notify,
    },
    requestHistory: referrals.requestHistory,
    now,
  });
  const activity = async (app: FastifyInstance) => {
    await app.register(activityRoutes, {
      prefix: '/api/activity',
      db,
      rateLimits,
      perMinute: config.activityRateLimit,
    });
  };
  return {
    auth,
    mailWorker: mail.worker,
    /** For `npm run admin`: the console's services, an account's export and erasure, the timed rules once. */
    operator: {
      ...admin.operator,
      ...account.operator,
      sweepOnce: referrals.sweepOnce,
      drainMail: () => mail.worker.runOnce(),
    },
    routes: [
      ...[
        auth,
        notifications,
        companies,
        jobs,
        profile,
        referrals,
        watches,
        invitations,
        openings,
        account,
        mail,
        admin,
      ].map((f) => f.routes),
      activity,
    ],
  };
}
