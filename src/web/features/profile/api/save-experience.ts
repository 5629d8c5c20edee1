import { apiPath } from '@shared/api-routes';
import { ExperienceSchema, type ExperienceInput } from '@shared/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logActivity } from '@/lib/activity';
import { apiRequest } from '@/lib/api';
import { experiencesQuery } from './get-experiences';

/** POST a new experience, or PUT an existing one (same fields plus id). */
export async function saveExperience({ id, ...input }: ExperienceInput & { id?: number }) {
  return ExperienceSchema.parse(
    await apiRequest(id ? apiPath('changeExperience', { id }) : apiPath('addExperience'), {
      method: id ? 'PUT' : 'POST',
      data: id ? { id, ...input } : input,
    }),
  );
}

export function useSaveExperience() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveExperience,
    onSuccess: () => {
      logActivity('profile', 'experience_saved');
      return queryClient.invalidateQueries({ queryKey: experiencesQuery.queryKey });
    },
    meta: { errorToast: 'Failed to save experience. Please try again.' },
  });
}
