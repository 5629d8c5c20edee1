import { z } from 'zod';
import { idSchema } from './ids.js';

/** YYYY-MM-DD of a real calendar day; the profile stores the first of the chosen month. */
export const IsoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2024-01-01')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, 'Use a real calendar date');

const requiredText = (message: string, max: number, maxMessage: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, maxMessage);

const optionalText = (max: number, maxMessage: string) =>
  z
    .string()
    .trim()
    .max(max, maxMessage)
    .nullish()
    .transform((v) => (v ? v : null));

const optionalDate = IsoDateSchema.nullish()
  .or(z.literal(''))
  .transform((v) => (v ? v : null));

const endNotBeforeStart = (v: { startDate: string | null; endDate: string | null }) =>
  !v.startDate || !v.endDate || v.endDate >= v.startDate;

export const ExperienceInputSchema = z
  .object({
    companyName: requiredText('Company name is required', 200, 'Company name must be at most 200 characters'),
    jobTitle: requiredText('Job title is required', 200, 'Job title must be at most 200 characters'),
    startDate: z
      .string({ error: 'Start date is required' })
      .min(1, 'Start date is required')
      .pipe(IsoDateSchema),
    endDate: optionalDate,
    currentlyWorking: z.boolean().default(false),
    description: optionalText(5000, 'Description must be at most 5000 characters'),
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
    instituteName: requiredText(
      'Institution name is required',
      200,
      'Institution name must be at most 200 characters',
    ),
    degree: requiredText('Degree is required', 200, 'Degree must be at most 200 characters'),
    major: requiredText('Major is required', 200, 'Major must be at most 200 characters'),
    startDate: optionalDate,
    endDate: optionalDate,
    currentlyStudying: z.boolean().default(false),
    description: optionalText(5000, 'Description must be at most 5000 characters'),
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
  skill: requiredText('Skill is required', 50, 'Skill must be at most 50 characters'),
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
  companyName: requiredText(
    'Please select or enter a company name',
    200,
    'Company name must be at most 200 characters',
  ),
});

export const UserIdParamsSchema = z.object({ id: idSchema('Unknown user') });
export const ItemIdParamsSchema = z.object({ id: idSchema('Unknown item') });

export interface CompletionInput {
  hasResume: boolean;
  experienceCount: number;
  educationCount: number;
  skillCount: number;
}

export const COMPLETION_SKILLS_NEEDED = 2;

/** Spec section 4: 25 points each for a resume, one experience, one education and two skills. */
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
