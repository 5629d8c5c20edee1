import { apiPath } from '@shared/api-routes';
import { EducationSchema, type EducationInput } from '@shared/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logActivity } from '@/lib/activity';
import { apiRequest } from '@/lib/api';
import { educationQuery } from './get-education';

/** POST a new education entry, or PUT an existing one (same fields plus id). */
export async function saveEducation({ id, ...input }: EducationInput & { id?: number }) {
  return EducationSchema.parse(
    await apiRequest(id ? apiPath('changeEducation', { id }) : apiPath('addEducation'), {
      method: id ? 'PUT' : 'POST',
      data: id ? { id, ...input } : input,
    }),
  );
}

export function useSaveEducation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEducation,
    onSuccess: () => {
      logActivity('profile', 'education_saved');
      return queryClient.invalidateQueries({ queryKey: educationQuery.queryKey });
    },
    meta: { errorToast: 'Failed to save education. Please try again.' },
  });
}
