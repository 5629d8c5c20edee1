import type { User } from '@shared/auth';
import { profileCompletion } from '@shared/profile';
import { useEffect, useRef } from 'react';
import { useActiveResume } from '../api/get-active-resume';
import { useEducation } from '../api/get-education';
import { useExperiences } from '../api/get-experiences';
import { useSkills } from '../api/get-skills';
import { useUpdateProfileStatus } from '../api/update-profile-status';

export type ProfileCompletion = ReturnType<typeof profileCompletion>;

/**
 * docs/product.md, Profile completion: the percentage, once all four parts have loaded (null before), and
 * the client's half of the profile-status rule: at 100 with the user not marked complete it sets
 * profileCompleted true; below 100 with the user marked complete it sets it false. Run it wherever the
 * status should follow the data (the edit screen, the dashboard).
 */
export function useProfileCompletion(user: Pick<User, 'id' | 'profileCompleted'>): {
  completion: ProfileCompletion | null;
  isError: boolean;
} {
  const experiences = useExperiences();
  const education = useEducation();
  const skills = useSkills();
  const resume = useActiveResume();

  const completion =
    experiences.isSuccess && education.isSuccess && skills.isSuccess && resume.isSuccess
      ? profileCompletion({
          hasResume: resume.data !== null,
          experienceCount: experiences.data.length,
          educationCount: education.data.length,
          skillCount: skills.data.length,
        })
      : null;

  const { mutate: setProfileStatus } = useUpdateProfileStatus(user.id);
  // The value last sent and not yet reflected in the user: never send the same one twice in a row, so a
  // refused or slow request cannot turn into a loop.
  const sent = useRef<boolean | null>(null);
  const shouldBeComplete = completion ? completion.percentage === 100 : null;

  useEffect(() => {
    if (shouldBeComplete === null) return;
    if (shouldBeComplete === user.profileCompleted) {
      sent.current = null;
      return;
    }
    if (sent.current === shouldBeComplete) return;
    sent.current = shouldBeComplete;
    setProfileStatus(shouldBeComplete);
  }, [shouldBeComplete, user.profileCompleted, setProfileStatus]);

  return {
    completion,
    isError: experiences.isError || education.isError || skills.isError || resume.isError,
  };
}
