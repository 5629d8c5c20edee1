import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CompanySummarySchema } from '../../../shared/companies.js';
import { ApiErrorSchema } from '../../../shared/errors.js';
import type { Db } from '../../db/client.js';
import { requireUser } from '../../lib/request-user.js';
import { listCompanies } from './service.js';

export interface CompaniesRouteDeps {
  db: Db;
}

export async function companiesRoutes(app: FastifyInstance, { db }: CompaniesRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '',
    {
      schema: {
        tags: ['companies'],
        summary: 'All known companies, by name',
        response: { 200: z.array(CompanySummarySchema), 401: ApiErrorSchema },
      },
    },
    async (request) => {
      requireUser(request);
      return listCompanies(db);
    },
  );
}
