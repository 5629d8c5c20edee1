import { RELATIONSHIP_ERRORS, type Relationship } from '../../../../shared/referral-honesty.js';
import type { Referral } from '../../../../shared/referrals.js';
import type { Db } from '../../../db/client.js';
import type { UserRow } from '../../../db/schema.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { findLiveReferral, REFERRAL_NOT_FOUND } from '../access.js';
import type { ReferralDeps } from '../ports.js';
import { setRelationship } from './request-repo.js';
import { toReferralDto } from './list-repo.js';

/**
 * PUT /api/referrals/{id}/relationship (docs/decisions/082-already-applied-and-relationship.md): the
 * referrer holding the referral changes how they said they know the seeker while it is accepted; before
 * (pending) it is given by accepting, and once submitted the company has it, so both answer 409. Anyone
 * else is told the referral does not exist (access.ts).
 */
export async function changeRelationship(
  db: Db,
  deps: Pick<ReferralDeps, 'now'>,
  referrer: UserRow,
  referralId: number,
  relationship: Relationship,
): Promise<Referral> {
  return db.transaction(async (tx) => {
    const { referral } = await findLiveReferral(tx, referralId, referrer.id, 'holder', { lock: true });
    if (referral.status === 'pending') throw conflict(RELATIONSHIP_ERRORS.notAccepted);
    if (referral.status !== 'accepted') throw conflict(RELATIONSHIP_ERRORS.settled(referral.status));
    const updated = await setRelationship(tx, referralId, relationship, deps.now());
    if (!updated) throw notFound(REFERRAL_NOT_FOUND);
    return toReferralDto(updated);
  });
}
