import { apiPath } from '@shared/api-routes';
import { ReferralBonusSchema, type ReferralBonusInput } from '@shared/referral-bonus';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { referralKeys } from './referral-keys';

/** PUT /api/referrals/{id}/bonus (issue 50 item 5): the referrer records or changes a successful referral's bonus. */
export async function recordBonus({ referralId, input }: { referralId: number; input: ReferralBonusInput }) {
  return ReferralBonusSchema.parse(
    await apiRequest(apiPath('recordBonus', { referralId }), { method: 'PUT', data: input }),
  );
}

/** The form shows the server's sentence itself. */
export function useRecordBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordBonus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralKeys.bonuses() }),
    meta: { silent: true },
  });
}
