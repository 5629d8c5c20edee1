import { apiPath } from '@shared/api-routes';
import { ReferralPacketSchema } from '@shared/referrals';
import { apiRequest } from '@/lib/api';

/** GET /api/referrals/{id}/packet: fetched when the referrer asks to copy it, never kept. */
export async function getReferralPacket(referralId: number) {
  return ReferralPacketSchema.parse(await apiRequest(apiPath('referralPacket', { referralId })));
}
