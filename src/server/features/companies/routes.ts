import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CompanyDirectoryPageSchema,
  CompanyDirectoryQuerySchema,
  CompanyIdParamsSchema,
  CompanyStatsSchema,
  CompanySummarySchema,
  WantedCompaniesSchema,
} from '../../../shared/companies.js';
import { WANTED_MIN_DEMAND, WANTED_SIZE } from '../../../shared/demand.js';
import { ApiErrorSchema } from '../../../shared/errors.js';
import { CompanyDetectionSchema, DetectCompanyQuerySchema } from '../../../shared/job-url.js';
import type { Db } from '../../db/client.js';
import { wantedCompanies } from '../../lib/company-demand.js';
import { tooManyRequests } from '../../lib/errors.js';
import { requireUser } from '../../lib/request-user.js';
import { rateLimitOptions, type RateLimitStore } from '../../plugins/rate-limit-store.js';
import {
  RESPONSE_WINDOW_MS,
  companyDirectory,
  companyStats,
  detectCompanyFromJobUrl,
  listCompanies,
} from './service.js';
import { responseNumbers } from './stats-repo.js';
import { createSharedMemo } from '../../kept/shared-memo.js';
import type { KeptSettings } from '../../kept/kept.js';
import { createTimedAnswer } from '../../kept/timed-answer.js';
import type { Listen } from '../../db/listen.js';

export interface CompaniesRouteDeps {
  db: Db;
  /** VERIFICATION_TTL in milliseconds: the stats count only verifications still holding. */
  verificationTtlMs: number;
  rateLimits: RateLimitStore;
  now: () => Date;
  pagesPerMinute: DirectoryPagesPerMinute;
  /** The database's LISTEN: every instance hears a change of a company's numbers. */
  listen: Listen;
  keptAnswers: KeptSettings;
  /** REFERRER_CAPACITY: 'Referrers wanted' names companies where nobody can take a request, as matching judges. */
  referrerCapacity: number;
}

/** How old the public 'Referrers wanted' list may be (issue 49 item 4: up to a minute). */
export const WANTED_LIFETIME_MS = 60_000;

/** The channel the triggers announce a change of a company's response numbers on (migration 0035). */
export const COMPANY_NUMBERS_CHANNEL = 'referbridge_companies';
const CompanyChangedSchema = z.object({ companyId: z.number().int() });

/**
 * Directory pages a signed-in user (DIRECTORY_RATE_LIMIT), and a visitor's address
 * (DIRECTORY_VISITOR_RATE_LIMIT), may read a minute (issue 46 item 8): every search and every page is a kept
 * answer of its own, so one user's flood of unique searches would otherwise evict everyone's.
 */
export interface DirectoryPagesPerMinute {
  user: number;
  visitor: number;
}
export const TOO_MANY_DIRECTORY_PAGES =
  'You have opened many pages of companies in a minute. Please wait a moment, or sign in to keep browsing.';
export const TOO_MANY_DIRECTORY_PAGES_SIGNED_IN =
  'You have opened many pages of companies in a minute. Please wait a moment before searching again.';

export async function companiesRoutes(
  app: FastifyInstance,
  {
    db,
    verificationTtlMs,
    rateLimits,
    now,
    pagesPerMinute,
    listen,
    keptAnswers,
    referrerCapacity,
  }: CompaniesRouteDeps,
) {
  await app.register(rateLimit, rateLimitOptions(rateLimits, 'directory', { global: false }));
  // One limiter of our own, as profile's company changes have: a route's `config.rateLimit` is counted again
  // by every rate-limit registration that sees the route.
  const visitorPages = app.createRateLimit({
    max: pagesPerMinute.visitor,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `directory:ip:${request.ip}`,
  });
  const userPages = app.createRateLimit({
    max: pagesPerMinute.user,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `directory:user:${request.user?.id ?? 0}`,
  });
  const directoryLimit = async (request: FastifyRequest) => {
    const limit = await (request.user ? userPages : visitorPages)(request);
    if (!limit.isAllowed && limit.isExceeded) {
      const sentence = request.user ? TOO_MANY_DIRECTORY_PAGES_SIGNED_IN : TOO_MANY_DIRECTORY_PAGES;
      throw tooManyRequests(sentence, Math.max(1, limit.ttlInSeconds));
    }
  };
  // How each company's referrers answered, shared by the directory and the stats: kept until a change of
  // them is heard, or their oldest request leaves the window (kept/shared-memo.ts).
  const numbers = createSharedMemo({
    name: 'company numbers',
    read: (ids) => responseNumbers(db, ids, now(), RESPONSE_WINDOW_MS),
    settings: keptAnswers,
    now: () => now().getTime(),
  });
  const listener = await listen(COMPANY_NUMBERS_CHANNEL, {
    onMessage(payload) {
      const event = CompanyChangedSchema.safeParse(JSON.parse(payload));
      if (event.success) numbers.changed(event.data.companyId);
      else app.log.warn({ payload }, 'ignored a malformed company event');
    },
    onLost: () => numbers.suspend(),
    onReconnect: () => numbers.resume(),
  });
  app.addHook('onClose', async () => listener.close());
  const readResponses = (ids: readonly number[]) => numbers.get(ids);
  // Names only, of listed companies with nobody available and at least WANTED_MIN_DEMAND waiting + watchers
  // (docs/decisions/079-demand-figures-and-their-threshold.md): the same for everyone, kept a minute.
  const wanted = createTimedAnswer({
    name: 'referrers wanted',
    read: async () => ({
      items: await wantedCompanies(db, {
        at: now(),
        capacity: referrerCapacity,
        minimum: WANTED_MIN_DEMAND,
        limit: WANTED_SIZE,
      }),
    }),
    lifetimeMs: WANTED_LIFETIME_MS,
    settings: keptAnswers,
    now: () => now().getTime(),
  });
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

  api.get(
    '/directory',
    {
      // A public page (/companies): counts only, never who the referrers are. Visitors are limited per
      // address, signed-in users per account.
      onRequest: directoryLimit,
      schema: {
        tags: ['companies'],
        summary:
          'Companies where a referrer can take a request now, by name: how many referrers (verified too) and how they answer; never who they are. Open to visitors',
        querystring: CompanyDirectoryQuerySchema,
        response: { 200: CompanyDirectoryPageSchema, 400: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request) => companyDirectory(db, request.query, verificationTtlMs, now(), readResponses),
  );

  api.get(
    '/wanted',
    {
      // Public, on /companies and /refer: limited as directory pages are, per address or account.
      onRequest: directoryLimit,
      schema: {
        tags: ['companies'],
        summary:
          'Referrers wanted: up to ten listed companies where nobody can take a request now, most waiting requests and watchers first, each wanted by 3 or more; names only, never a count, and up to a minute old. Open to visitors',
        response: { 200: WantedCompaniesSchema, 429: ApiErrorSchema },
      },
    },
    async () => wanted.get(),
  );

  api.get(
    '/detect',
    {
      schema: {
        tags: ['companies'],
        summary:
          'The company a job posting URL belongs to (docs/product.md, Job postings), with the reason when none is found',
        querystring: DetectCompanyQuerySchema,
        response: { 200: CompanyDetectionSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
      preValidation: async (request) => {
        // Visitors get 401 before their input is even looked at.
        requireUser(request);
      },
    },
    async (request) => detectCompanyFromJobUrl(db, request.query.url),
  );

  api.get(
    '/:id/stats',
    {
      schema: {
        tags: ['companies'],
        summary:
          "How the company's referrers answer: willing and verified referrers now, and the response rate and median hours to an answer over the last 90 days (null with too little data)",
        params: CompanyIdParamsSchema,
        response: {
          200: CompanyStatsSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
      preValidation: async (request) => {
        requireUser(request);
      },
    },
    async (request) => companyStats(db, request.params.id, verificationTtlMs, now(), readResponses),
  );
}
