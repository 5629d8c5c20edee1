import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { RateLimitStore } from '../../plugins/rate-limit-store.js';
import { noResumeLinks } from './ports.js';
import type { CompanyDirectory, CurrentCompanyChanged, ProfileViewRule, ResumeLinkRule } from './ports.js';
import { resumeLinkRoutes } from './resume/resume-link-routes.js';
import { profileRoutes } from './routes.js';

export interface ProfileCollaborators {
  db: Db;
  rateLimits: RateLimitStore;
  companies: CompanyDirectory;
  /** The referrals feature's rule: who besides the user may see their profile and resume. */
  canViewProfile: ProfileViewRule;
  /** The referrals feature's rule for the signed résumé links in its packets; none open without it. */
  openResumeLink?: ResumeLinkRule;
  /** The referrals feature's hook: a referrer record follows its user to a new company. */
  onCurrentCompanyChanged: CurrentCompanyChanged;
}

/** Profiles (docs/product.md, The API): the user's own items, resumes, company, and the profile views. */
export function createProfile(config: Config, deps: ProfileCollaborators) {
  return {
    routes: async (app: FastifyInstance) => {
      await app.register(profileRoutes, { prefix: '/api', config, ...deps });
      // Outside profileRoutes' scope: a signed link opens with no session.
      await app.register(resumeLinkRoutes, {
        prefix: '/api',
        db: deps.db,
        openResumeLink: deps.openResumeLink ?? noResumeLinks,
      });
    },
  };
}
