import { apiPath } from '@shared/api-routes';
import { BlockStateSchema } from '@shared/blocks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api';
import { referralKeys } from './referral-keys';

export const BLOCK_FAILED = 'Error: Failed to block this person. Please try again.';

/** POST /api/users/{id}/block (issue 25 item 3): they are never told. */
export async function blockUser(userId: number) {
  return BlockStateSchema.parse(await apiRequest(apiPath('blockUser', { id: userId }), { method: 'POST' }));
}

export function useBlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockUser,
    onSuccess: () =>
      toast({
        title: 'Blocked',
        description: 'You will not be matched with them again. They are not told.',
      }),
    // The open referral between the two moved on: every list changes.
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
    meta: { errorToast: BLOCK_FAILED },
  });
}
