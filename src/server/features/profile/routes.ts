import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../shared/errors.js';
import {
  EducationInputSchema,
  EducationSchema,
  ExperienceInputSchema,
  ExperienceSchema,
  ItemIdParamsSchema,
  SkillInputSchema,
  SkillSchema,
} from '../../../shared/profile.js';
import { SuccessSchema } from '../../../shared/success.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { requireUser } from '../../lib/request-user.js';
import type { RateLimitStore } from '../../plugins/rate-limit-store.js';
import { resumeRoutes } from './resume/resume-routes.js';
import {
  addEducation,
  addExperience,
  addSkill,
  changeEducation,
  changeExperience,
  getEducation,
  getExperiences,
  getSkills,
  removeEducation,
  removeExperience,
  removeSkill,
} from './service.js';
import { userRoutes } from './user/user-routes.js';
import type { CompanyDirectory, CurrentCompanyChanged, ProfileViewRule } from './ports.js';

export interface ProfileRouteDeps {
  db: Db;
  config: Config;
  canViewProfile: ProfileViewRule;
  companies: CompanyDirectory;
  onCurrentCompanyChanged?: CurrentCompanyChanged;
  /** Where the upload and company-change limits count (memory, or Redis across instances). */
  rateLimits: RateLimitStore;
}

const tags = ['profile'];
const readErrors = { 401: ApiErrorSchema };
const writeErrors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};

/** docs/product.md, The API, registered under /api: the signed-in user's own items, views, resumes. */
export async function profileRoutes(
  app: FastifyInstance,
  { db, config, canViewProfile, companies, onCurrentCompanyChanged, rateLimits }: ProfileRouteDeps,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Every profile route is for signed-in users: visitors get 401 before any body is read or validated.
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  api.get(
    '/user/experiences',
    {
      schema: {
        tags,
        summary: 'My work experience',
        response: { 200: z.array(ExperienceSchema), ...readErrors },
      },
    },
    async (request) => getExperiences(db, requireUser(request).id),
  );
  api.post(
    '/user/experiences',
    {
      schema: {
        tags,
        summary: 'Add a work experience',
        body: ExperienceInputSchema,
        response: { 201: ExperienceSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addExperience(db, requireUser(request).id, request.body)),
  );
  api.put(
    '/user/experiences/:id',
    {
      schema: {
        tags,
        summary: 'Change one of my work experiences',
        params: ItemIdParamsSchema,
        body: ExperienceInputSchema,
        response: { 200: ExperienceSchema, ...writeErrors },
      },
    },
    async (request) => changeExperience(db, requireUser(request).id, request.params.id, request.body),
  );
  api.delete(
    '/user/experiences/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of my work experiences',
        params: ItemIdParamsSchema,
        response: { 200: SuccessSchema, ...writeErrors },
      },
    },
    async (request) => {
      await removeExperience(db, requireUser(request).id, request.params.id);
      return { success: true as const };
    },
  );

  api.get(
    '/user/education',
    { schema: { tags, summary: 'My education', response: { 200: z.array(EducationSchema), ...readErrors } } },
    async (request) => getEducation(db, requireUser(request).id),
  );
  api.post(
    '/user/education',
    {
      schema: {
        tags,
        summary: 'Add an education entry',
        body: EducationInputSchema,
        response: { 201: EducationSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addEducation(db, requireUser(request).id, request.body)),
  );
  api.put(
    '/user/education/:id',
    {
      schema: {
        tags,
        summary: 'Change one of my education entries',
        params: ItemIdParamsSchema,
        body: EducationInputSchema,
        response: { 200: EducationSchema, ...writeErrors },
      },
    },
    async (request) => changeEducation(db, requireUser(request).id, request.params.id, request.body),
  );
  api.delete(
    '/user/education/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of my education entries',
        params: ItemIdParamsSchema,
        response: { 200: SuccessSchema, ...writeErrors },
      },
    },
    async (request) => {
      await removeEducation(db, requireUser(request).id, request.params.id);
      return { success: true as const };
    },
  );

  api.get(
    '/user/skills',
    {
      schema: {
        tags,
        summary: 'My skills, in the order added',
        response: { 200: z.array(SkillSchema), ...readErrors },
      },
    },
    async (request) => getSkills(db, requireUser(request).id),
  );
  api.post(
    '/user/skills',
    {
      schema: {
        tags,
        summary: 'Add a skill',
        body: SkillInputSchema,
        response: { 201: SkillSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addSkill(db, requireUser(request).id, request.body.skill)),
  );
  api.delete(
    '/user/skills/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of my skills',
        params: ItemIdParamsSchema,
        response: { 200: SuccessSchema, ...writeErrors },
      },
    },
    async (request) => {
      await removeSkill(db, requireUser(request).id, request.params.id);
      return { success: true as const };
    },
  );

  await app.register(userRoutes, {
    db,
    canViewProfile,
    companies,
    onCurrentCompanyChanged,
    companyChangesPerMinute: config.companyChangeRateLimit,
    rateLimits,
  });
  await app.register(resumeRoutes, {
    db,
    canViewProfile,
    uploadsPerHour: config.resumeUploadsPerHour,
    rateLimits,
  });
}
