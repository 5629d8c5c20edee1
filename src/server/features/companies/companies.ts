import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Listen } from '../../db/listen.js';
import { inMemoryLimits, type RateLimitStore } from '../../plugins/rate-limit-store.js';
import { companiesRoutes } from './routes.js';
import {
  detectCompanyFromJobUrl,
  findOrCreateCompanyByName,
  findOrCreateRequestCompany,
  isBuiltInEmployer,
  lockCompanyNames,
  postingCompany,
  releaseCompany,
} from './service.js';

/**
 * The directory other features name companies through: lock the names first, ensure (listed, or private to a
 * request), release. It holds no state, so test helpers that need only it take it without the routes.
 */
export const companyDirectory = {
  ensure: findOrCreateCompanyByName,
  ensureForRequest: findOrCreateRequestCompany,
  release: releaseCompany,
  lock: lockCompanyNames,
  postingCompany,
};

/**
 * Companies (docs/product.md, Data): the list, detection and stats routes, and the directory. The directory's
 * limits come from the configuration, their one owner.
 */
export function createCompanies(
  config: Pick<
    Config,
    | 'verificationTtlMs'
    | 'directoryRateLimit'
    | 'directoryVisitorRateLimit'
    | 'keptAnswers'
    | 'referrerCapacity'
  >,
  {
    db,
    listen,
    rateLimits = inMemoryLimits,
    now = () => new Date(),
  }: {
    db: Db;
    /** The database's LISTEN: each instance hears a change of a company's response numbers. */
    listen: Listen;
    /** Where the directory's limit for visitors counts (the app's store; in memory by default). */
    rateLimits?: RateLimitStore;
    /** The directory's and the stats' clock (tests move it); the wall clock by default. */
    now?: () => Date;
  },
) {
  return {
    directory: companyDirectory,
    /** The openings feature's check of a posting's company (GET /api/companies/detect's rules). */
    detect: detectCompanyFromJobUrl,
    /** The admin feature's merge: the names' lock, and which companies are built in. */
    locks: { lockNames: lockCompanyNames, isBuiltIn: isBuiltInEmployer },
    routes: async (app: FastifyInstance) => {
      await app.register(companiesRoutes, {
        prefix: '/api/companies',
        db,
        verificationTtlMs: config.verificationTtlMs,
        rateLimits,
        now,
        pagesPerMinute: { user: config.directoryRateLimit, visitor: config.directoryVisitorRateLimit },
        listen,
        keptAnswers: config.keptAnswers,
        referrerCapacity: config.referrerCapacity,
      });
    },
  };
}
