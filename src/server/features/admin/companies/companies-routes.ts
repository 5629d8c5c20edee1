import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminCompanyIdParamsSchema,
  AdminCompanyListSchema,
  AdminCompanySchema,
  AdminCompanySearchQuerySchema,
  CompanyEmailDomainsInputSchema,
  MergeCompanyInputSchema,
} from '../../../../shared/admin.js';
import type { Db } from '../../../db/client.js';
import { requireUser } from '../../../lib/request-user.js';
import type { CompanyLocks } from '../ports.js';
import { searchCompanies } from './companies-repo.js';
import { mergeCompany, updateEmailDomains } from './companies.js';
import { route } from '../route-schema.js';

export const ADMIN_COMPANY_SEARCH_SIZE = 25;

/** /api/admin/companies…, registered inside adminRoutes (its guard covers them). */
export async function adminCompanyRoutes(
  app: FastifyInstance,
  {
    db,
    locks,
    verifiedSince,
  }: {
    db: Db;
    locks: CompanyLocks;
    /** Now less a verification's lifetime: who counts as verified (docs/decisions/035-verification-lapse.md). */
    verifiedSince: () => Date;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/companies',
    route(
      'Companies whose name holds `q`, most referrers first, with their email domains',
      AdminCompanyListSchema,
      { querystring: AdminCompanySearchQuerySchema },
    ),
    async (request) => searchCompanies(db, request.query.q, ADMIN_COMPANY_SEARCH_SIZE, verifiedSince()),
  );

  api.put(
    '/companies/:id',
    route("Set the email domains that verify a company's employees", AdminCompanySchema, {
      params: AdminCompanyIdParamsSchema,
      body: CompanyEmailDomainsInputSchema,
    }),
    async (request) =>
      updateEmailDomains(db, requireUser(request), request.params.id, request.body, verifiedSince()),
  );

  api.post(
    '/companies/:id/merge',
    route('Fold a duplicate company into another: requests, referrers and stats follow', AdminCompanySchema, {
      params: AdminCompanyIdParamsSchema,
      body: MergeCompanyInputSchema,
    }),
    async (request) =>
      mergeCompany(db, locks, requireUser(request), request.params.id, request.body.intoId, verifiedSince()),
  );
}
