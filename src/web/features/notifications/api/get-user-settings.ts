import { UserSettingsSchema } from '@shared/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';

export const userSettingsKeys = { all: ['user-settings'] as const };

export async function getUserSettings() {
  return UserSettingsSchema.parse(await apiGet('/api/user/settings'));
}

export const userSettingsQuery = queryOptions({ queryKey: userSettingsKeys.all, queryFn: getUserSettings });

export function useUserSettings() {
  return useQuery(userSettingsQuery);
}
