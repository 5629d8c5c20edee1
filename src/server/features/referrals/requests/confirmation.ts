import { firstNameOf } from '../../../../shared/names.js';
import type { Referral } from '../../../../shared/referrals.js';
import type { Db } from '../../../db/client.js';
import type { UserRow } from '../../../db/schema.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { findLiveReferral, REFERRAL_NOT_FOUND } from '../access.js';
import { INCOMING_LINK } from '../matching/matching.js';
import type { ReferralDeps } from '../ports.js';
import { setSeekerConfirmation } from './request-repo.js';
import { toReferralDto } from './list-repo.js';

/** Statuses in which the company's referral email may have been sent: submitted, or with an outcome. */
const SENT: readonly string[] = ['submitted', 'successful', 'unsuccessful'];

export const CONFIRM_TOO_EARLY =
  'This referral has not been submitted to the company yet, so there is no referral email to confirm.';

/**
 * POST /api/referrals/{id}/confirmation (issue 24 item 7): the seeker says whether the company's referral
 * email arrived, once the referral was submitted (409 before; 404 for anyone but the seeker). The answer
 * may change; the referrer is told each time it does.
 */
export async function confirmReferral(
  db: Db,
  deps: Pick<ReferralDeps, 'notify' | 'now'>,
  seeker: UserRow,
  referralId: number,
  received: boolean,
): Promise<Referral> {
  return db.transaction(async (tx) => {
    const found = await findLiveReferral(tx, referralId, seeker.id, 'seeker', { lock: true });
    if (!SENT.includes(found.referral.status)) throw conflict(CONFIRM_TOO_EARLY);
    const answer = received ? 'received' : 'not_received';
    const updated = await setSeekerConfirmation(tx, referralId, answer, deps.now());
    if (!updated) throw notFound(REFERRAL_NOT_FOUND);
    if (found.referral.seekerConfirmation !== answer) {
      const who = firstNameOf(seeker.fullName);
      const what = `${found.position} at ${found.companyName}`;
      await deps.notify(tx, {
        userId: found.referral.referrerId,
        title: received ? 'Referral arrived' : 'Referral not arrived',
        message: received
          ? `${who} confirmed that the referral arrived (${what}).`
          : `${who} said the referral has not arrived yet (${what}). Please check it was sent.`,
        type: 'referral_confirmation',
        link: INCOMING_LINK,
      });
    }
    return toReferralDto(updated);
  });
}
