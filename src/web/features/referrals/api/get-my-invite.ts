import { apiPath } from '@shared/api-routes';
import { ReferrerInviteSchema } from '@shared/invitations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { referralKeys } from './referral-keys';

/** GET /api/referrer/invite (issue 49 item 3): a willing referrer's own link, and who joined through it. */
export async function getMyInvite() {
  return ReferrerInviteSchema.parse(await apiGet(apiPath('myInvite')));
}

export const myInviteQuery = queryOptions({ queryKey: referralKeys.invite(), queryFn: getMyInvite });

/** Asked only when `enabled` (a willing referrer): anyone else is refused, and shows no card. */
export function useMyInvite(enabled: boolean) {
  return useQuery({ ...myInviteQuery, enabled, retry: false });
}
