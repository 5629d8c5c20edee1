import { describe, expect, it } from 'vitest';
import { ActivityInputSchema } from './activity.js';
import { AdminUserSearchQuerySchema } from './admin.js';
import { CompanyDirectoryQuerySchema } from './companies.js';
import {
  CurrentCompanyInputSchema,
  EducationInputSchema,
  ExperienceInputSchema,
  IsoDateSchema,
  SkillInputSchema,
} from './profile.js';
import { hasForbiddenCharacters } from './text.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

const experience = { companyName: 'Acme', jobTitle: 'Engineer', startDate: '2020-01-01' };
const education = { instituteName: 'Uni', degree: 'BSc', major: 'CS' };

describe('text rules', () => {
  it('finds NUL bytes and lone surrogates, and accepts real pairs', () => {
    expect(hasForbiddenCharacters('a\u0000b')).toBe(true);
    expect(hasForbiddenCharacters('a\uD800')).toBe(true);
    expect(hasForbiddenCharacters('\uDC00a')).toBe(true);
    expect(hasForbiddenCharacters('\uDC00\uD800')).toBe(true);
    expect(hasForbiddenCharacters('emoji 😀, ünïcødé, 中文')).toBe(false);
  });

  it.each([
    ['skill', SkillInputSchema, { skill: 'Go\u0000' }, 'Skill contains characters that are not allowed.'],
    [
      'company name',
      ExperienceInputSchema,
      { ...experience, companyName: 'Ac\uD800me' },
      'Company name contains characters that are not allowed.',
    ],
    [
      'job title',
      ExperienceInputSchema,
      { ...experience, jobTitle: '\uDC00Dev' },
      'Job title contains characters that are not allowed.',
    ],
    [
      'experience description',
      ExperienceInputSchema,
      { ...experience, description: 'did \u0000 things' },
      'Description contains characters that are not allowed.',
    ],
    [
      'institution',
      EducationInputSchema,
      { ...education, instituteName: 'U\u0000ni' },
      'Institution name contains characters that are not allowed.',
    ],
    [
      'degree',
      EducationInputSchema,
      { ...education, degree: 'B\uD83DSc' },
      'Degree contains characters that are not allowed.',
    ],
    [
      'major',
      EducationInputSchema,
      { ...education, major: 'C\u0000S' },
      'Major contains characters that are not allowed.',
    ],
    [
      'current company',
      CurrentCompanyInputSchema,
      { companyName: 'Acme\u0000' },
      'Company name contains characters that are not allowed.',
    ],
    [
      'activity action',
      ActivityInputSchema,
      { category: 'profile', action: 'click\uDFFF' },
      'Action contains characters that are not allowed.',
    ],
    [
      'directory search',
      CompanyDirectoryQuerySchema,
      { q: 'Ac\u0000' },
      'The search contains characters that are not allowed.',
    ],
    [
      'console search',
      AdminUserSearchQuerySchema,
      { q: '\uD800ann' },
      'The search contains characters that are not allowed.',
    ],
  ] as const)('refuses a %s with forbidden characters', (_name, schema, input, message) => {
    expect(firstMessage(schema.safeParse(input))).toBe(message);
  });

  it('keeps the existing sentences for blank and over-long text', () => {
    expect(firstMessage(SkillInputSchema.safeParse({ skill: ' ' }))).toBe('Skill is required');
    expect(firstMessage(SkillInputSchema.safeParse({ skill: 'x'.repeat(51) }))).toBe(
      'Skill must be at most 50 characters',
    );
    expect(firstMessage(CurrentCompanyInputSchema.safeParse({ companyName: '' }))).toBe(
      'Please select or enter a company name',
    );
    expect(ExperienceInputSchema.parse({ ...experience, description: '  ' }).description).toBeNull();
  });
});

describe('IsoDateSchema years', () => {
  it.each(['1900-01-01', '2024-02-29', '2100-12-01'])('accepts %s', (date) => {
    expect(IsoDateSchema.safeParse(date).success).toBe(true);
  });
  it.each(['0000-01-01', '1899-12-01', '2101-01-01', '9999-12-31'])('refuses %s with a sentence', (date) => {
    expect(firstMessage(IsoDateSchema.safeParse(date))).toBe('Use a year from 1900 to 2100');
  });
  it('applies to experience and education dates', () => {
    expect(firstMessage(ExperienceInputSchema.safeParse({ ...experience, startDate: '0000-01-01' }))).toBe(
      'Use a year from 1900 to 2100',
    );
    expect(firstMessage(EducationInputSchema.safeParse({ ...education, endDate: '2200-01-01' }))).toBe(
      'Use a year from 1900 to 2100',
    );
  });
});
