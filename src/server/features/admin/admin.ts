import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { RateLimitStore } from '../../plugins/rate-limit-store.js';
import type {
  AccountControl,
  CompanyLocks,
  HeldReviewPorts,
  RequestHistory,
  SharedRequest,
} from './ports.js';
import type { z } from 'zod';
import type { CompanyEmailDomainsInputSchema, SuspendUserInput } from '../../../shared/admin.js';
import { verifiedSince } from '../../lib/referrer-sql.js';
import { recordAdminAction, type AdminAction, type AdminActor } from './audit-repo.js';
import { mergeCompany, updateEmailDomains } from './companies/companies.js';
import { reportRoutes } from './reports/report-routes.js';
import { adminRoutes } from './routes.js';
import { findAdminUser, searchUsers } from './users/users-repo.js';
import { suspendUser, unsuspendUser, verifyUser } from './users/users.js';

export interface AdminCollaborators {
  db: Db;
  rateLimits: RateLimitStore;
  /** From referrals: whether two users share a request (reports, blocks). */
  sharedRequest: SharedRequest;
  /** Suspension and verification by hand (auth, referrals, notifications). */
  control: AccountControl;
  /** From companies: the names' lock for a merge. */
  companyLocks: CompanyLocks;
  /**
   * Reviewing what a payment offer held (issue 25 item 6): matching a released request and delivering a
   * released message (referrals), telling the seeker or sender (notifications).
   */
  held: HeldReviewPorts;
  /** From referrals: everything that happened to a request's referrals, for the request's view. */
  requestHistory: RequestHistory;
  now?: () => Date;
}

/**
 * Running the marketplace (issue 25): the admins' routes under /api/admin with their audit log (reports,
 * users, companies, held requests and messages), and the users' reports under /api/reports.
 */
export function createAdmin(
  config: Pick<Config, 'adminEmails' | 'verificationTtlMs' | 'reportRateLimit' | 'referrerCapacity'>,
  collaborators: AdminCollaborators,
) {
  const { db, rateLimits, sharedRequest, control, companyLocks, held, requestHistory } = collaborators;
  const now = collaborators.now ?? (() => new Date());
  const since = () => verifiedSince(now(), config.verificationTtlMs);
  return {
    /**
     * The console's own services for an operator at the command line (`npm run admin`): the same writes, each
     * in one transaction with its audit row, by an actor with no account.
     */
    operator: {
      /** An audit row in the caller's transaction, for a write another feature makes (an erasure). */
      record: (tx: Db, entry: AdminAction) => recordAdminAction(tx, entry),
      searchUsers: (q: string, limit: number) => searchUsers(db, q, limit),
      findUser: (id: number) => findAdminUser(db, id),
      suspend: (actor: AdminActor, id: number, input: Required<SuspendUserInput>) =>
        suspendUser(db, control, actor, id, input, now()),
      unsuspend: (actor: AdminActor, id: number) => unsuspendUser(db, control, actor, id),
      verify: (actor: AdminActor, id: number, note: string | null) =>
        verifyUser(db, control, actor, id, note),
      setEmailDomains: (
        actor: AdminActor,
        id: number,
        input: z.output<typeof CompanyEmailDomainsInputSchema>,
      ) => updateEmailDomains(db, actor, id, input, since()),
      merge: (actor: AdminActor, id: number, intoId: number) =>
        mergeCompany(db, companyLocks, actor, id, intoId, since()),
    },
    routes: async (app: FastifyInstance) => {
      await app.register(adminRoutes, {
        prefix: '/api/admin',
        db,
        adminEmails: config.adminEmails,
        verificationTtlMs: config.verificationTtlMs,
        referrerCapacity: config.referrerCapacity,
        control,
        companyLocks,
        held,
        requestHistory,
        now,
      });
      await app.register(reportRoutes, {
        prefix: '/api/reports',
        db,
        sharedRequest,
        rateLimits,
        perMinute: config.reportRateLimit,
      });
    },
  };
}
