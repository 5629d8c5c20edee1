import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { inMemoryLimits, type RateLimitStore } from '../../plugins/rate-limit-store.js';
import { companiesRoutes, type DirectoryPagesPerMinute } from './routes.js';
import {
  findOrCreateCompanyByName,
  findOrCreateRequestCompany,
  isBuiltInEmployer,
  lockCompanyNames,
  postingCompany,
  releaseCompany,
} from './service.js';

/**
 * Companies (docs/product.md, Data): the list, detection and stats routes, and the directory other features
 * name companies through: lock the names first, ensure (listed, or private to a request), release.
 */
export function createCompanies({
  db,
  verificationTtlMs,
  rateLimits = inMemoryLimits,
  now = () => new Date(),
  pagesPerMinute = { user: 120, visitor: 60 },
}: {
  db: Db;
  verificationTtlMs: number;
  /** Where the directory's limit for visitors counts (the app's store; in memory by default). */
  rateLimits?: RateLimitStore;
  /** The directory's and the stats' clock (tests move it); the wall clock by default. */
  now?: () => Date;
  /** Directory pages a signed-in user, and a visitor's address, may read a minute (the configuration's). */
  pagesPerMinute?: DirectoryPagesPerMinute;
}) {
  return {
    directory: {
      ensure: findOrCreateCompanyByName,
      ensureForRequest: findOrCreateRequestCompany,
      release: releaseCompany,
      lock: lockCompanyNames,
      postingCompany,
    },
    /** The admin feature's merge: the names' lock, and which companies are built in. */
    locks: { lockNames: lockCompanyNames, isBuiltIn: isBuiltInEmployer },
    routes: async (app: FastifyInstance) => {
      await app.register(companiesRoutes, {
        prefix: '/api/companies',
        db,
        verificationTtlMs,
        rateLimits,
        now,
        pagesPerMinute,
      });
    },
  };
}
