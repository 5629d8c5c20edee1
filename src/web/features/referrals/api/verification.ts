import { apiPath } from '@shared/api-routes';
import {
  SendVerificationCodeResultSchema,
  VerificationStatusSchema,
  type VerificationStatus,
} from '@shared/verification';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api';
import { referralKeys } from './referral-keys';

/** docs/product.md, Verification: the referrer's verification, and verifying by a code mailed to work. */
export const verificationQuery = queryOptions({
  queryKey: [...referralKeys.all, 'verification'] as const,
  queryFn: async (): Promise<VerificationStatus> =>
    VerificationStatusSchema.parse(await apiGet(apiPath('verification'))),
});

export function useVerificationStatus() {
  return useQuery(verificationQuery);
}

/** The dialog shows the server's sentence itself, so these mutations do not toast. */
export function useSendVerificationCode() {
  return useMutation({
    mutationFn: async (workEmail: string) =>
      SendVerificationCodeResultSchema.parse(
        await apiRequest(apiPath('sendVerificationCode'), { method: 'POST', data: { workEmail } }),
      ),
    meta: { silent: true },
  });
}

export function useConfirmVerificationCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      VerificationStatusSchema.parse(
        await apiRequest(apiPath('confirmVerificationCode'), { method: 'POST', data: { code } }),
      ),
    onSuccess: (status) => queryClient.setQueryData(verificationQuery.queryKey, status),
    meta: { silent: true },
  });
}
