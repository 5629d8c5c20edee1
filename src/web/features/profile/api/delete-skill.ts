import { apiPath } from '@shared/api-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logActivity } from '@/lib/activity';
import { apiRequest } from '@/lib/api';
import { skillsQuery } from './get-skills';

export function deleteSkill(id: number) {
  return apiRequest(apiPath('deleteSkill', { id }), { method: 'DELETE' });
}

export function useDeleteSkill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSkill,
    onSuccess: () => {
      logActivity('profile', 'skill_deleted');
      return queryClient.invalidateQueries({ queryKey: skillsQuery.queryKey });
    },
  });
}
