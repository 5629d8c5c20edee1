import { apiPath } from '@shared/api-routes';
import { UserSettingsSchema, type UserSettingsInput } from '@shared/settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api';
import { profileKeys } from './profile-keys';

export const SETTINGS_SAVE_FAILED = 'Failed to update your settings. Please try again.';

export async function getUserSettings() {
  return UserSettingsSchema.parse(await apiGet(apiPath('mySettings')));
}

export const userSettingsQuery = queryOptions({
  queryKey: profileKeys.settings(),
  queryFn: getUserSettings,
});

export function useUserSettings() {
  return useQuery(userSettingsQuery);
}

export async function updateUserSettings(input: UserSettingsInput) {
  return UserSettingsSchema.parse(
    await apiRequest(apiPath('changeSettings'), { method: 'PUT', data: input }),
  );
}

/** Saves the settings; the answer replaces the cached ones. */
export function useUpdateUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserSettings,
    onSuccess: (settings) => queryClient.setQueryData(userSettingsQuery.queryKey, settings),
    meta: { errorToast: SETTINGS_SAVE_FAILED },
  });
}
