import { apiPath } from '@shared/api-routes';
import { UserSchema } from '@shared/auth';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { userViewKeys } from './user-view-keys';

export async function getUser(id: number) {
  return UserSchema.parse(await apiGet(apiPath('user', { id })));
}

export const userQuery = (id: number) =>
  queryOptions({ queryKey: userViewKeys.detail(id), queryFn: () => getUser(id) });
