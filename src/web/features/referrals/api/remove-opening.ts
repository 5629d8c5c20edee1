import { apiPath } from '@shared/api-routes';
import { SuccessSchema } from '@shared/success';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { referralKeys } from './referral-keys';

export const REMOVE_OPENING_FAILED = 'Error: Failed to remove this opening. Please try again.';

/** DELETE /api/openings/{id} (issue 49 item 2), by the referrer who posted it. */
export async function removeOpening(openingId: number) {
  return SuccessSchema.parse(
    await apiRequest(apiPath('deleteOpening', { id: openingId }), { method: 'DELETE' }),
  );
}

export function useRemoveOpening() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeOpening,
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralKeys.openings() }),
    meta: { errorToast: REMOVE_OPENING_FAILED },
  });
}
