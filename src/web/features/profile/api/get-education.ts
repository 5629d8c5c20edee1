import { apiPath } from '@shared/api-routes';
import { EducationSchema } from '@shared/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '@/lib/api';
import { profileKeys } from './profile-keys';

export async function getEducation() {
  return z.array(EducationSchema).parse(await apiGet(apiPath('myEducation')));
}

export const educationQuery = queryOptions({
  queryKey: profileKeys.education(),
  queryFn: getEducation,
});

export function useEducation() {
  return useQuery(educationQuery);
}
