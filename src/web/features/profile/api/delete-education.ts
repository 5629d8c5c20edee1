import { apiPath } from '@shared/api-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logActivity } from '@/lib/activity';
import { apiRequest } from '@/lib/api';
import { educationQuery } from './get-education';

export function deleteEducation(id: number) {
  return apiRequest(apiPath('deleteEducation', { id }), { method: 'DELETE' });
}

export function useDeleteEducation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEducation,
    onSuccess: () => {
      logActivity('profile', 'education_deleted');
      return queryClient.invalidateQueries({ queryKey: educationQuery.queryKey });
    },
  });
}
