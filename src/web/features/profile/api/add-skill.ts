import { apiPath } from '@shared/api-routes';
import { SkillSchema } from '@shared/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logActivity } from '@/lib/activity';
import { apiRequest } from '@/lib/api';
import { skillsQuery } from './get-skills';

export async function addSkill(skill: string) {
  return SkillSchema.parse(await apiRequest(apiPath('addSkill'), { method: 'POST', data: { skill } }));
}

export function useAddSkill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSkill,
    onSuccess: () => {
      logActivity('profile', 'skill_added');
      return queryClient.invalidateQueries({ queryKey: skillsQuery.queryKey });
    },
  });
}
