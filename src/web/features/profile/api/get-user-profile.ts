import type { User } from '@shared/auth';
import type { Education, Experience, Resume, Skill } from '@shared/profile';
import { useQueries, useQuery } from '@tanstack/react-query';
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
 * (`not-found`, whether or not the user exists) and 401 to a visitor (`signed-out`). The user is asked
 * first and the other four only once it answers: a profile that is not there costs one request, not five
 * refusals.
 */
export function useUserProfile(
  id: number | null,
  { enabled = true }: { enabled?: boolean } = {},
): UserProfileState {
  const on = enabled && id !== null;
  const key = id ?? 0;
  const user = useQuery({ ...userQuery(key), enabled: on });
  const details = on && user.isSuccess;
  const parts = useQueries({
    queries: [
      { ...userExperiencesQuery(key), enabled: details },
      { ...userEducationQuery(key), enabled: details },
      { ...userSkillsQuery(key), enabled: details },
      { ...userActiveResumeQuery(key), enabled: details },
    ],
  });
  const results = [user, ...parts] as const;
  if (id === null) return { status: 'not-found' };
  const [experiences, education, skills, resume] = parts;
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
