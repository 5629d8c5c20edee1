import { UserSettingsSchema, type UserSettingsInput } from '@shared/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { userSettingsKeys } from './get-user-settings';

export async function updateUserSettings(input: UserSettingsInput) {
  return UserSettingsSchema.parse(await apiRequest('/api/user/settings', { method: 'PUT', data: input }));
}

export function useUpdateUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserSettings,
    onSuccess: (settings) => queryClient.setQueryData(userSettingsKeys.all, settings),
    meta: { errorToast: 'Failed to save your email setting. Please try again.' },
  });
}
