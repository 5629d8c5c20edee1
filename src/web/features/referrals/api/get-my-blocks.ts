import { apiPath } from '@shared/api-routes';
import { BlockedUsersSchema } from '@shared/blocks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { referralKeys } from './referral-keys';

/** GET /api/user/blocks (issue 46 item 9): whom the user blocked, newest first. */
export async function getMyBlocks() {
  return BlockedUsersSchema.parse(await apiGet(apiPath('myBlocks')));
}

export const myBlocksQuery = queryOptions({ queryKey: referralKeys.blocks(), queryFn: getMyBlocks });

export function useMyBlocks() {
  return useQuery(myBlocksQuery);
}
