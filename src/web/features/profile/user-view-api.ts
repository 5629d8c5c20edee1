import { UserSchema, type User } from '@shared/auth';
import {
  EducationSchema,
  ExperienceSchema,
  ResumeSchema,
  SkillSchema,
  type Education,
  type Experience,
  type Resume,
  type Skill,
} from '@shared/profile';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiRequestError, apiGet } from '@/lib/api';

/** Another user's profile by id (spec section 7, "for viewing another user"). */
export const userViewKeys = {
  all: ['user-view'] as const,
  user: (id: number) => [...userViewKeys.all, id] as const,
  detail: (id: number) => [...userViewKeys.user(id), 'detail'] as const,
  experiences: (id: number) => [...userViewKeys.user(id), 'experiences'] as const,
  education: (id: number) => [...userViewKeys.user(id), 'education'] as const,
  skills: (id: number) => [...userViewKeys.user(id), 'skills'] as const,
  activeResume: (id: number) => [...userViewKeys.user(id), 'resume', 'active'] as const,
};

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: userViewKeys.detail(id),
    queryFn: async () => UserSchema.parse(await apiGet(`/api/users/${id}`)),
  });

export const userExperiencesQuery = (id: number) =>
  queryOptions({
    queryKey: userViewKeys.experiences(id),
    queryFn: async () => z.array(ExperienceSchema).parse(await apiGet(`/api/users/${id}/experiences`)),
  });

export const userEducationQuery = (id: number) =>
  queryOptions({
    queryKey: userViewKeys.education(id),
    queryFn: async () => z.array(EducationSchema).parse(await apiGet(`/api/users/${id}/education`)),
  });

export const userSkillsQuery = (id: number) =>
  queryOptions({
    queryKey: userViewKeys.skills(id),
    queryFn: async () => z.array(SkillSchema).parse(await apiGet(`/api/users/${id}/skills`)),
  });

export const userActiveResumeQuery = (id: number) =>
  queryOptions({
    queryKey: userViewKeys.activeResume(id),
    queryFn: async () => ResumeSchema.nullable().parse(await apiGet(`/api/users/${id}/resume/active`)),
  });

export type UserProfileState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; error: Error }
  | {
      status: 'success';
      user: User;
      experiences: Experience[];
      education: Education[];
      skills: Skill[];
      resume: Resume | null;
    };

/**
 * The five reads of one user's profile, combined. The API answers 404 for a user the viewer may not see
 * and 401 to a visitor; both mean "no profile to show here", so they become `not-found`.
 */
export function useUserProfile(
  id: number | null,
  { enabled = true }: { enabled?: boolean } = {},
): UserProfileState {
  const on = enabled && id !== null;
  const key = id ?? 0;
  const results = useQueries({
    queries: [
      { ...userQuery(key), enabled: on },
      { ...userExperiencesQuery(key), enabled: on },
      { ...userEducationQuery(key), enabled: on },
      { ...userSkillsQuery(key), enabled: on },
      { ...userActiveResumeQuery(key), enabled: on },
    ],
  });
  if (id === null) return { status: 'not-found' };
  const [user, experiences, education, skills, resume] = results;
  const failed = results.find((r) => r.isError)?.error;
  if (failed) {
    const hidden = failed instanceof ApiRequestError && (failed.status === 404 || failed.status === 401);
    return hidden ? { status: 'not-found' } : { status: 'error', error: failed };
  }
  if (
    user.isSuccess &&
    experiences.isSuccess &&
    education.isSuccess &&
    skills.isSuccess &&
    resume.isSuccess
  ) {
    return {
      status: 'success',
      user: user.data,
      experiences: experiences.data,
      education: education.data,
      skills: skills.data,
      resume: resume.data,
    };
  }
  return { status: 'loading' };
}

/** A route parameter that is a positive integer id, else null (nothing to fetch). */
export function parseUserId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}
