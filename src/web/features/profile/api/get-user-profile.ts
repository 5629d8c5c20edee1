import type { User } from '@shared/auth';
import type { Education, Experience, Resume, Skill } from '@shared/profile';
import { useQueries } from '@tanstack/react-query';
import { ApiRequestError } from '@/lib/api';
import { userQuery } from './get-user';
import { userActiveResumeQuery } from './get-user-active-resume';
import { userEducationQuery } from './get-user-education';
import { userExperiencesQuery } from './get-user-experiences';
import { userSkillsQuery } from './get-user-skills';

export type UserProfileState =
  | { status: 'loading' }
  | { status: 'not-found' }
  /** A visitor: the API answered 401, so the page asks them to sign in. */
  | { status: 'signed-out' }
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
 * (`not-found`, whether or not the user exists) and 401 to a visitor (`signed-out`).
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
    if (failed instanceof ApiRequestError && failed.status === 401) return { status: 'signed-out' };
    const hidden = failed instanceof ApiRequestError && failed.status === 404;
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
