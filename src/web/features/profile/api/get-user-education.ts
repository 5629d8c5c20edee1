import { apiPath } from '@shared/api-routes';
import { EducationSchema } from '@shared/profile';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '@/lib/api';
import { userViewKeys } from './user-view-keys';

export async function getUserEducation(id: number) {
  return z.array(EducationSchema).parse(await apiGet(apiPath('userEducation', { id })));
}

export const userEducationQuery = (id: number) =>
  queryOptions({ queryKey: userViewKeys.education(id), queryFn: () => getUserEducation(id) });
