import { apiPath } from '@shared/api-routes';
import { UserSettingsSchema, type ConfirmNotificationEmailInput } from '@shared/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { updateUserSettings, userSettingsQuery } from './user-settings';

/** POST /api/user/settings/notification-email/confirm: the mailed code makes the address the mail's. */
export async function confirmNotificationEmail(input: ConfirmNotificationEmailInput) {
  return UserSettingsSchema.parse(
    await apiRequest(apiPath('confirmNotificationEmail'), { method: 'POST', data: input }),
  );
}

/** Confirms the code; the answer replaces the cached settings. Its refusals are shown by the form. */
export function useConfirmNotificationEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmNotificationEmail,
    onSuccess: (settings) => queryClient.setQueryData(userSettingsQuery.queryKey, settings),
    meta: { silent: true },
  });
}

/** PUT /api/user/settings {notificationEmail}: mails a 6-digit code to a new personal address. */
export function useSendNotificationEmailCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationEmail: string) => updateUserSettings({ notificationEmail }),
    onSuccess: (settings) => queryClient.setQueryData(userSettingsQuery.queryKey, settings),
    meta: { silent: true },
  });
}
