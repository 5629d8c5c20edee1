import { apiPath } from '@shared/api-routes';
import { SkillSchema } from '@shared/profile';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '@/lib/api';
import { userViewKeys } from './user-view-keys';

export async function getUserSkills(id: number) {
  return z.array(SkillSchema).parse(await apiGet(apiPath('userSkills', { id })));
}

export const userSkillsQuery = (id: number) =>
  queryOptions({ queryKey: userViewKeys.skills(id), queryFn: () => getUserSkills(id) });
