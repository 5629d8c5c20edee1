import { apiPath } from '@shared/api-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logActivity } from '@/lib/activity';
import { apiRequest } from '@/lib/api';
import { experiencesQuery } from './get-experiences';

export function deleteExperience(id: number) {
  return apiRequest(apiPath('deleteExperience', { id }), { method: 'DELETE' });
}

export function useDeleteExperience() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExperience,
    onSuccess: () => {
      logActivity('profile', 'experience_deleted');
      return queryClient.invalidateQueries({ queryKey: experiencesQuery.queryKey });
    },
  });
}
