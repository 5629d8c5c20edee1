import { apiPath } from '@shared/api-routes';
import { OpeningSchema, type CreateOpeningInput } from '@shared/openings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { referralKeys } from './referral-keys';

/** POST /api/openings (issue 49 item 2): a willing referrer posts an opening at their own company. */
export async function postOpening(input: CreateOpeningInput) {
  return OpeningSchema.parse(await apiRequest(apiPath('postOpening'), { method: 'POST', data: input }));
}

/** The form shows the server's sentence itself (a posting at another company, the 21st opening). */
export function usePostOpening() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postOpening,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralKeys.openings() }),
    meta: { silent: true },
  });
}
