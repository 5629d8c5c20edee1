import { apiPath } from '@shared/api-routes';
import { ExperienceSchema } from '@shared/profile';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '@/lib/api';
import { userViewKeys } from './user-view-keys';

export async function getUserExperiences(id: number) {
  return z.array(ExperienceSchema).parse(await apiGet(apiPath('userExperiences', { id })));
}

export const userExperiencesQuery = (id: number) =>
  queryOptions({ queryKey: userViewKeys.experiences(id), queryFn: () => getUserExperiences(id) });
