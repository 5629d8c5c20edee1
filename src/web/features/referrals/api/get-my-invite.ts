import { apiPath } from '@shared/api-routes';
import { ReferrerInviteSchema } from '@shared/invitations';
import { queryOptions, useIsMutating, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { referralKeys } from './referral-keys';

/** GET /api/referrer/invite (issue 49 item 3): a willing referrer's own link, and who joined through it. */
export async function getMyInvite() {
  return ReferrerInviteSchema.parse(await apiGet(apiPath('myInvite')));
}

export const myInviteQuery = queryOptions({ queryKey: referralKeys.invite(), queryFn: getMyInvite });

/**
 * Asked only when `enabled` (a willing referrer): anyone else is refused, and shows no card. Not while a
 * change of willingness is in flight: the screen shows it at once, but the server refuses the link until the
 * change has committed.
 */
export function useMyInvite(enabled: boolean) {
  const changing = useIsMutating({ mutationKey: referralKeys.willingness() }) > 0;
  return useQuery({ ...myInviteQuery, enabled: enabled && !changing, retry: false });
}
