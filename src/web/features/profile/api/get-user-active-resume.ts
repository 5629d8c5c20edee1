import { apiPath } from '@shared/api-routes';
import { ResumeSchema } from '@shared/profile';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { userViewKeys } from './user-view-keys';

export async function getUserActiveResume(id: number) {
  return ResumeSchema.nullable().parse(await apiGet(apiPath('userActiveResume', { id })));
}

export const userActiveResumeQuery = (id: number) =>
  queryOptions({ queryKey: userViewKeys.activeResume(id), queryFn: () => getUserActiveResume(id) });
