import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminAuditPageSchema,
  AdminAuditQuerySchema,
  AdminQueueCountsSchema,
} from '../../../shared/admin.js';
import {
  AdminReportListSchema,
  AdminReportQueueQuerySchema,
  AdminReportSchema,
  ReportIdParamsSchema,
  ResolveReportInputSchema,
} from '../../../shared/reports.js';
import type { Db } from '../../db/client.js';
import { isAdmin } from '../../lib/admins.js';
import { AppError } from '../../lib/errors.js';
import { verifiedSince } from '../../lib/referrer-sql.js';
import { requireUser } from '../../lib/request-user.js';
import { listAdminActions } from './audit-repo.js';
import { adminCompanyRoutes } from './companies/companies-routes.js';
import { adminDemandRoutes } from './demand/demand-routes.js';
import { heldRoutes } from './held/held-routes.js';
import { countQueues } from './queue-counts.js';
import type { AccountControl, CompanyLocks, HeldReviewPorts, RequestHistory } from './ports.js';
import { adminUserRoutes } from './users/users-routes.js';
import { adminViewRoutes } from './views/views-routes.js';
import { openReportPage, resolveOpenReport } from './reports/reports.js';
import { route } from './route-schema.js';

export interface AdminRouteDeps {
  db: Db;
  adminEmails: readonly string[];
  /** How long a referrer's verification lasts (VERIFICATION_TTL): the console counts only the current ones. */
  verificationTtlMs: number;
  /** REFERRER_CAPACITY: the demand tab counts referrers with room as matching does. */
  referrerCapacity: number;
  control: AccountControl;
  companyLocks: CompanyLocks;
  /** What reviewing held requests and messages needs of referrals and notifications (issue 25 item 6). */
  held: HeldReviewPorts;
  /** From referrals: everything that happened to a request's referrals, for its view (issue 46 item 9). */
  requestHistory: RequestHistory;
  now: () => Date;
}

/**
 * Issue 25: /api/admin/…, registered under /api/admin. Anyone but an admin is answered as at an unknown
 * endpoint before the request reaches these routes (hidden.ts); the check here is the routes' own second line.
 */
export async function adminRoutes(
  app: FastifyInstance,
  {
    db,
    adminEmails,
    verificationTtlMs,
    referrerCapacity,
    control,
    companyLocks,
    held,
    requestHistory,
    now,
  }: AdminRouteDeps,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', async (request) => {
    const user = requireUser(request);
    if (!isAdmin(adminEmails, user)) {
      throw new AppError(404, `No such endpoint: ${request.method} ${request.url.split('?')[0]}`);
    }
  });

  api.get(
    '/audit',
    route('Every admin write, newest first, a page at a time', AdminAuditPageSchema, {
      querystring: AdminAuditQuerySchema,
    }),
    async (request) => listAdminActions(db, request.query),
  );

  api.get(
    '/reports',
    route(
      'Open reports, oldest first, 50 a page (`limit`, and `after` the last id of the page before), with both users, the request and the note in full',
      AdminReportListSchema,
      { querystring: AdminReportQueueQuerySchema },
    ),
    async (request) => openReportPage(db, request.query),
  );

  api.get(
    '/queue-counts',
    route(
      'How many open reports, held requests and held messages wait, all pages together',
      AdminQueueCountsSchema,
    ),
    async (_request) => countQueues(db),
  );

  api.post(
    '/reports/:id/resolve',
    route('Close an open report, saying what was done', AdminReportSchema, {
      params: ReportIdParamsSchema,
      body: ResolveReportInputSchema,
    }),
    async (request) => resolveOpenReport(db, requireUser(request), request.params.id, request.body, now()),
  );

  await app.register(adminUserRoutes, { db, control, now });
  // What a report links to: a user's and a request's own view (issue 46 item 9).
  await app.register(adminViewRoutes, { db, requestHistory });
  await app.register(adminCompanyRoutes, {
    db,
    locks: companyLocks,
    verifiedSince: () => verifiedSince(now(), verificationTtlMs),
  });
  // Where referrers are missing (issue 49 item 4).
  await app.register(adminDemandRoutes, { db, capacity: referrerCapacity, now });
  // Held requests and messages (issue 25 item 6).
  await app.register(heldRoutes, { db, ports: held, now });
}
