import { apiPath } from '@shared/api-routes';
import { UserSchema } from '@shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { logActivity } from '@/lib/activity';
import { apiRequest } from '@/lib/api';
import { authStatusQuery } from '@/lib/auth';
import { referralKeys } from './referral-keys';

export const WILLINGNESS_FAILED = 'Error: Failed to update referral preferences. Please try again.';

export async function updateWillingness(userId: number, isWilling: boolean) {
  return UserSchema.parse(
    await apiRequest(apiPath('willingness', { id: userId }), {
      method: 'PUT',
      data: { isWilling },
    }),
  );
}

/** On success the auth status (which carries willingToGiveReferrals and the role) is refetched. */
export function useUpdateWillingness(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isWilling: boolean) => updateWillingness(userId, isWilling),
    onSuccess: (_user, isWilling) => {
      toast({ title: 'Preferences updated' });
      logActivity('user_preference', 'willingness_toggle', { isWilling });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: authStatusQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: referralKeys.incoming() }),
      ]);
    },
    // A 409 means no current company: the server's sentence says what to do.
    meta: { errorToast: WILLINGNESS_FAILED, conflictFromServer: true },
  });
}
