import { apiPath } from '@shared/api-routes';
import { BlockStateSchema } from '@shared/blocks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { referralKeys } from './referral-keys';

export const UNBLOCK_FAILED = 'Error: Failed to unblock this person. Please try again.';

/** DELETE /api/users/{id}/block: matching may pair the two again. */
export async function unblockUser(userId: number) {
  return BlockStateSchema.parse(
    await apiRequest(apiPath('unblockUser', { id: userId }), { method: 'DELETE' }),
  );
}

export function useUnblockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
    meta: { errorToast: UNBLOCK_FAILED },
  });
}
