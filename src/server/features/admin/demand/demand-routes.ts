import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminDemandPageSchema, AdminDemandQuerySchema } from '../../../../shared/demand.js';
import type { Db } from '../../../db/client.js';
import { errors, tags } from '../route-schema.js';
import { demandCsv, readDemand } from './demand.js';

/** /api/admin/demand, registered inside adminRoutes (its guard covers it). */
export async function adminDemandRoutes(
  app: FastifyInstance,
  {
    db,
    capacity,
    now,
  }: {
    db: Db;
    /** REFERRER_CAPACITY: who counts as an available referrer, as matching judges them. */
    capacity: number;
    now: () => Date;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/demand',
    {
      schema: {
        tags,
        summary:
          'Each company with demand: waiting requests, those expired unanswered in 90 days, watchers and available referrers, most `waiting + watchers` first, then by name',
        description:
          '`limit` (1–100, 50 by default) and `cursor` (the nextCursor of the page before). `format=csv` answers the same page as `text/csv`.',
        querystring: AdminDemandQuerySchema,
        // The CSV is text, sent as it is: no serializer reads a string of another type than JSON.
        response: { 200: z.union([AdminDemandPageSchema, z.string()]), ...errors },
      },
    },
    async (request, reply) => {
      const page = await readDemand(db, request.query, { at: now(), capacity });
      if (request.query.format === 'json') return page;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="referbridge-demand.csv"')
        .send(demandCsv(page.items));
    },
  );
}
