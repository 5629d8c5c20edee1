import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UserSchema } from '../../../../shared/auth.js';
import { ApiErrorSchema } from '../../../../shared/errors.js';
import {
  CurrentCompanyInputSchema,
  EducationSchema,
  NotWorkingInputSchema,
  ExperienceSchema,
  ProfileStatusInputSchema,
  SkillSchema,
  UserIdParamsSchema,
} from '../../../../shared/profile.js';
import type { Db } from '../../../db/client.js';
import { tooManyRequests } from '../../../lib/errors.js';
import { requireUser, toUserDto } from '../../../lib/request-user.js';
import { readSeekerView } from '../../../lib/seeker-view.js';
import { rateLimitOptions, type RateLimitStore } from '../../../plugins/rate-limit-store.js';
import { getEducation, getExperiences, getSkills } from '../service.js';
import {
  assertCanViewProfile,
  getViewableUser,
  setCurrentCompany,
  setNotWorking,
  setProfileStatus,
} from './user-service.js';

import {
  ignoreCompanyChanges,
  type CompanyDirectory,
  type CurrentCompanyChanged,
  type ProfileViewRule,
} from '../ports.js';

const tags = ['profile'];
const viewErrors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
const writeErrors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 409: ApiErrorSchema };

/** /api/users/{id}/…: read-only views of a profile the viewer may see, and the user's own settings. */
export interface UserRouteDeps {
  db: Db;
  canViewProfile: ProfileViewRule;
  companies: CompanyDirectory;
  /** Called in the transaction that changed a user's current company (referrer records follow it). */
  onCurrentCompanyChanged?: CurrentCompanyChanged;
  /** Company changes per user per minute (default 10): each may add a company everyone sees. */
  companyChangesPerMinute?: number;
  rateLimits: RateLimitStore;
}

export const TOO_MANY_COMPANY_CHANGES =
  'You have changed your company too often. Please wait a minute and try again.';

export async function userRoutes(
  app: FastifyInstance,
  {
    db,
    canViewProfile,
    companies,
    onCurrentCompanyChanged = ignoreCompanyChanges,
    companyChangesPerMinute = 10,
    rateLimits,
  }: UserRouteDeps,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const params = UserIdParamsSchema;
  await app.register(rateLimit, rateLimitOptions(rateLimits, 'profile', { global: false }));
  // One budget for both routes that change (and may release) a user's company. A per-route
  // `config.rateLimit` would count each route apart (the plugin gives every route its own store), and a
  // user could then change company twice as often by alternating them; one limiter counts both.
  const companyChanges = app.createRateLimit({
    max: companyChangesPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) =>
      request.user ? `company-change:user:${request.user.id}` : `company-change:ip:${request.ip}`,
  });
  const companyChangeLimit = async (request: FastifyRequest) => {
    const limit = await companyChanges(request);
    if (!limit.isAllowed && limit.isExceeded) {
      throw tooManyRequests(TOO_MANY_COMPANY_CHANGES, Math.max(1, limit.ttlInSeconds));
    }
  };

  api.get(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'A user, as their profile shows them',
        params,
        response: { 200: UserSchema, ...viewErrors },
      },
    },
    async (request) => {
      const viewerId = requireUser(request).id;
      const user = await getViewableUser(canViewProfile, db, viewerId, request.params.id);
      // The current employer as this viewer may read it (docs/decisions/085-a-job-hunt-hidden-from-the-employer.md).
      return (await readSeekerView(db, viewerId, user.id)).user(toUserDto(user));
    },
  );
  api.get(
    '/users/:id/experiences',
    {
      schema: {
        tags,
        summary: "A user's work experience",
        params,
        response: { 200: z.array(ExperienceSchema), ...viewErrors },
      },
    },
    async (request) => {
      const viewerId = requireUser(request).id;
      await assertCanViewProfile(canViewProfile, db, viewerId, request.params.id);
      const view = await readSeekerView(db, viewerId, request.params.id);
      return view.experiences(await getExperiences(db, request.params.id));
    },
  );
  api.get(
    '/users/:id/education',
    {
      schema: {
        tags,
        summary: "A user's education",
        params,
        response: { 200: z.array(EducationSchema), ...viewErrors },
      },
    },
    async (request) => {
      await assertCanViewProfile(canViewProfile, db, requireUser(request).id, request.params.id);
      return getEducation(db, request.params.id);
    },
  );
  api.get(
    '/users/:id/skills',
    {
      schema: {
        tags,
        summary: "A user's skills",
        params,
        response: { 200: z.array(SkillSchema), ...viewErrors },
      },
    },
    async (request) => {
      await assertCanViewProfile(canViewProfile, db, requireUser(request).id, request.params.id);
      return getSkills(db, request.params.id);
    },
  );

  api.put(
    '/users/:id/profile-status',
    {
      schema: {
        tags,
        summary: 'Mark my profile complete (only at 100%) or not complete',
        params,
        body: ProfileStatusInputSchema,
        response: { 200: UserSchema, ...writeErrors },
      },
    },
    async (request) =>
      toUserDto(
        await setProfileStatus(db, requireUser(request), request.params.id, request.body.isCompleted),
      ),
  );
  api.put(
    '/users/:id/current-company',
    {
      schema: {
        tags,
        summary: 'Set where I work (creates the company when it is new)',
        params,
        body: CurrentCompanyInputSchema,
        response: { 200: UserSchema, ...writeErrors, 429: ApiErrorSchema },
      },
      onRequest: companyChangeLimit,
    },
    async (request) =>
      toUserDto(
        await setCurrentCompany(
          companies,
          db,
          requireUser(request),
          request.params.id,
          request.body.companyName,
          onCurrentCompanyChanged,
        ),
      ),
  );
  api.put(
    '/users/:id/not-working',
    {
      schema: {
        tags,
        summary:
          "Say I'm not working right now (clears my current company; the company prompt stops asking), or take it back",
        params,
        body: NotWorkingInputSchema,
        response: { 200: UserSchema, ...writeErrors, 429: ApiErrorSchema },
      },
      onRequest: companyChangeLimit,
    },
    async (request) =>
      toUserDto(
        await setNotWorking(companies, db, requireUser(request), request.params.id, request.body.notWorking),
      ),
  );
}
