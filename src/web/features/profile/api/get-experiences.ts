import { apiPath } from '@shared/api-routes';
import { ExperienceSchema } from '@shared/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '@/lib/api';
import { profileKeys } from './profile-keys';

export async function getExperiences() {
  return z.array(ExperienceSchema).parse(await apiGet(apiPath('myExperiences')));
}

export const experiencesQuery = queryOptions({
  queryKey: profileKeys.experiences(),
  queryFn: getExperiences,
});

export function useExperiences({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...experiencesQuery, enabled });
}
