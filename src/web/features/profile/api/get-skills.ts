import { apiPath } from '@shared/api-routes';
import { SkillSchema } from '@shared/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '@/lib/api';
import { profileKeys } from './profile-keys';

export async function getSkills() {
  return z.array(SkillSchema).parse(await apiGet(apiPath('mySkills')));
}

export const skillsQuery = queryOptions({
  queryKey: profileKeys.skills(),
  queryFn: getSkills,
});

export function useSkills() {
  return useQuery(skillsQuery);
}
