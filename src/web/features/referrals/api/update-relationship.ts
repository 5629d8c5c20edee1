import { apiPath } from '@shared/api-routes';
import type { Relationship } from '@shared/referral-honesty';
import { ReferralSchema } from '@shared/referrals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api';
import { referralKeys } from './referral-keys';

export const RELATIONSHIP_FAILED = 'Error: Failed to change how you know the candidate. Please try again.';

/** PUT /api/referrals/{id}/relationship: how the referrer knows the candidate, until it is submitted. */
export function useUpdateRelationship(referralId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (relationship: Relationship) =>
      ReferralSchema.parse(
        await apiRequest(apiPath('referralRelationship', { referralId }), {
          method: 'PUT',
          data: { relationship },
        }),
      ),
    onSuccess: () =>
      toast({ title: 'Saved', description: 'The referral details now say how you know the candidate.' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
    meta: { errorToast: RELATIONSHIP_FAILED, conflictFromServer: true },
  });
}
