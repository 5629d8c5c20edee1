import { apiPath } from '@shared/api-routes';
import { UserSchema } from '@shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { logActivity } from '@/lib/activity';
import { apiRequest } from '@/lib/api';
import { authStatusQuery } from '@/lib/auth';
import { referralKeys } from './referral-keys';
import { verificationQuery } from './verification';

export const WILLINGNESS_FAILED = 'Error: Failed to update referral preferences. Please try again.';

export async function updateWillingness(userId: number, isWilling: boolean) {
  return UserSchema.parse(
    await apiRequest(apiPath('willingness', { id: userId }), {
      method: 'PUT',
      data: { isWilling },
    }),
  );
}

/**
 * Optimistic: the auth status (which carries willingToGiveReferrals) changes at once and goes back if the
 * server refuses (the failure toasts from the QueryClient). On success the auth status (and the role), the
 * incoming requests and the verification badge are asked again: turning willingness on makes the user a
 * referrer whose verification now shows.
 */
export function useUpdateWillingness(userId: number) {
  const queryClient = useQueryClient();
  const key = authStatusQuery.queryKey;
  return useMutation({
    mutationKey: referralKeys.willingness(),
    mutationFn: (isWilling: boolean) => updateWillingness(userId, isWilling),
    onMutate: async (isWilling) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (status) =>
        status?.user ? { ...status, user: { ...status.user, willingToGiveReferrals: isWilling } } : status,
      );
      return { previous };
    },
    onError: (_error, _isWilling, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (user, isWilling) => {
      queryClient.setQueryData(key, (status) => (status?.user ? { ...status, user } : status));
      toast({ title: 'Preferences updated' });
      logActivity('user_preference', 'willingness_toggle', { isWilling });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: referralKeys.incoming() }),
        queryClient.invalidateQueries({ queryKey: verificationQuery.queryKey }),
      ]);
    },
    // A 409 means no current company: the server's sentence says what to do.
    meta: { errorToast: WILLINGNESS_FAILED, conflictFromServer: true },
  });
}
