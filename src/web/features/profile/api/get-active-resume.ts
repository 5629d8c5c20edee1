import { apiPath } from '@shared/api-routes';
import { ResumeSchema } from '@shared/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { profileKeys } from './profile-keys';

export async function getActiveResume() {
  return ResumeSchema.nullable().parse(await apiGet(apiPath('myActiveResume')));
}

export const activeResumeQuery = queryOptions({
  queryKey: profileKeys.activeResume(),
  queryFn: getActiveResume,
});

export function useActiveResume() {
  return useQuery(activeResumeQuery);
}
