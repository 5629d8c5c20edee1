import { z } from 'zod';
import { idSchema } from './ids.js';
import { optionalTextSchema, requiredTextSchema } from './text.js';

export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;

/** YYYY-MM-DD of a real calendar day; the profile stores the first of the chosen month. */
export const IsoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2024-01-01')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, 'Use a real calendar date')
  .refine((v) => {
    const year = Number(v.slice(0, 4));
    return year >= MIN_YEAR && year <= MAX_YEAR;
  }, `Use a year from ${MIN_YEAR} to ${MAX_YEAR}`);

const requiredText = (field: string, max: number, requiredMessage?: string) =>
  requiredTextSchema({ field, max, requiredMessage });

const optionalText = (field: string, max: number) => optionalTextSchema({ field, max });

const optionalDate = IsoDateSchema.nullish()
  .or(z.literal(''))
  .transform((v) => (v ? v : null));

const endNotBeforeStart = (v: { startDate: string | null; endDate: string | null }) =>
  !v.startDate || !v.endDate || v.endDate >= v.startDate;

export const ExperienceInputSchema = z
  .object({
    companyName: requiredText('Company name', 200),
    jobTitle: requiredText('Job title', 200),
    startDate: z
      .string({ error: 'Start date is required' })
      .min(1, 'Start date is required')
      .pipe(IsoDateSchema),
    endDate: optionalDate,
    currentlyWorking: z.boolean().default(false),
    description: optionalText('Description', 5000),
    order: z.number().int().min(0).max(10_000).default(0),
  })
  // A current job has no end date, whatever the form sent.
  .transform((v) => (v.currentlyWorking ? { ...v, endDate: null } : v))
  .refine(endNotBeforeStart, { path: ['endDate'], message: 'End date cannot be before the start date' });
export type ExperienceInput = z.input<typeof ExperienceInputSchema>;

export const ExperienceSchema = z.object({
  id: z.number().int(),
  companyName: z.string(),
  jobTitle: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  currentlyWorking: z.boolean(),
  description: z.string().nullable(),
  order: z.number().int(),
});
export type Experience = z.infer<typeof ExperienceSchema>;

export const EducationInputSchema = z
  .object({
    instituteName: requiredText('Institution name', 200),
    degree: requiredText('Degree', 200),
    major: requiredText('Major', 200),
    startDate: optionalDate,
    endDate: optionalDate,
    currentlyStudying: z.boolean().default(false),
    description: optionalText('Description', 5000),
    order: z.number().int().min(0).max(10_000).default(0),
  })
  .refine(endNotBeforeStart, { path: ['endDate'], message: 'End date cannot be before the start date' });
export type EducationInput = z.input<typeof EducationInputSchema>;

export const EducationSchema = z.object({
  id: z.number().int(),
  instituteName: z.string(),
  degree: z.string(),
  major: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  currentlyStudying: z.boolean(),
  description: z.string().nullable(),
  order: z.number().int(),
});
export type Education = z.infer<typeof EducationSchema>;

export const SkillInputSchema = z.object({
  skill: requiredText('Skill', 50),
});
export type SkillInput = z.input<typeof SkillInputSchema>;

export const SkillSchema = z.object({
  id: z.number().int(),
  skill: z.string(),
  proficiency: z.string().nullable(),
});
export type Skill = z.infer<typeof SkillSchema>;

export const ResumeSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  /** Authorised download URL of this file. */
  fileUrl: z.string(),
  /** The same URL, under the name the profile modal reads. */
  filePath: z.string(),
  uploadedAt: z.string(),
});
export type Resume = z.infer<typeof ResumeSchema>;

export const RESUME_MAX_BYTES = 5 * 1024 * 1024;

export const ProfileStatusInputSchema = z.object({
  isCompleted: z.boolean({ error: 'isCompleted must be true or false' }),
});

export const CurrentCompanyInputSchema = z.object({
  companyName: requiredText('Company name', 200, 'Please select or enter a company name'),
});

/** PUT /api/users/{id}/not-working: true says "I'm not working right now"; false takes it back. */
export const NotWorkingInputSchema = z.object({
  notWorking: z.boolean({ error: 'notWorking must be true or false' }),
});

export const UserIdParamsSchema = z.object({ id: idSchema('There is no such user.') });
export const ItemIdParamsSchema = z.object({ id: idSchema('There is no such item.') });

export interface CompletionInput {
  hasResume: boolean;
  experienceCount: number;
  educationCount: number;
  skillCount: number;
}

export const COMPLETION_SKILLS_NEEDED = 2;

/** docs/product.md, Flows and statuses: 25 points each for a resume, one experience, one education and two skills. */
export function profileCompletion(input: CompletionInput) {
  const parts = {
    experience: input.experienceCount >= 1,
    education: input.educationCount >= 1,
    skills: input.skillCount >= COMPLETION_SKILLS_NEEDED,
    resume: input.hasResume,
  };
  const percentage = Object.values(parts).filter(Boolean).length * 25;
  return { percentage, parts };
}
