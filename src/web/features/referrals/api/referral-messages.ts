import { apiPath } from '@shared/api-routes';
import { ReferralMessageSchema, ReferralThreadSchema } from '@shared/referral-messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { referralKeys } from './referral-keys';

export const SEND_MESSAGE_FAILED = 'Error: Failed to send the message. Please try again.';
/** How often an open thread looks for the other side's answer (the bell also tells of it). */
const THREAD_POLL_MS = 15_000;

/** GET /api/referrals/{id}/messages, read only while the thread is open on screen. */
export function useReferralThread(referralId: number, enabled: boolean) {
  return useQuery({
    queryKey: referralKeys.thread(referralId),
    queryFn: async () =>
      ReferralThreadSchema.parse(await apiRequest(apiPath('referralMessages', { referralId }))),
    enabled,
    refetchInterval: enabled ? THREAD_POLL_MS : false,
  });
}

/** POST /api/referrals/{id}/messages; the thread is read again after it. */
export function useSendMessage(referralId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) =>
      ReferralMessageSchema.parse(
        await apiRequest(apiPath('sendReferralMessage', { referralId }), { method: 'POST', data: { body } }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralKeys.thread(referralId) }),
    meta: { errorToast: SEND_MESSAGE_FAILED, conflictFromServer: true },
  });
}
