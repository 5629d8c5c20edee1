import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, referralRequests, referrals } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { joinReferralCompany } from '../../lib/referral-parties.js';

/**
 * The one gate of every route that acts on a referral by its id (issue 46 item 1): status changes, the
 * undo of a decline, the packet, the thread, the seeker's confirmation. A referral that passed on (a
 * hand-off after a decline or no answer, a block either way, a suspension, an account closed) is over for
 * its earlier referrer, and one whose request retention erased is over for both; anyone but the side the
 * route is for is told it does not exist. The applicant's profile and résumé follow the same rule in SQL
 * (LIVE_REFERRAL, through holdsReferralFor).
 */

export const REFERRAL_NOT_FOUND = 'Referral not found.';

/** Who a route is for: the referrer holding the referral, its seeker, or either (the thread). */
export type ReferralSide = 'holder' | 'seeker' | 'either';

/** What the rule reads of a referral and its request, whichever query fetched them. */
export interface ReferralParties {
  referrerId: number;
  seekerId: number;
  supersededAt: Date | null;
  erasedAt: Date | null;
}

/** The columns of ReferralParties, for a query over referrals joined to their requests. */
export const REFERRAL_PARTIES = {
  referrerId: referrals.referrerId,
  seekerId: referralRequests.jobSeekerId,
  supersededAt: referrals.supersededAt,
  erasedAt: referralRequests.erasedAt,
};

/** The request's current referral, of a request retention has not erased. */
export function isLive(row: Pick<ReferralParties, 'supersededAt' | 'erasedAt'>): boolean {
  return row.supersededAt === null && row.erasedAt === null;
}

/** The same as isLive, for queries over many referrals joined to their requests. */
export const LIVE_REFERRAL = and(isNull(referrals.supersededAt), isNull(referralRequests.erasedAt));

function isOnSide(row: ReferralParties, viewerId: number, side: ReferralSide): boolean {
  const holder = row.referrerId === viewerId;
  const seeker = row.seekerId === viewerId;
  return side === 'holder' ? holder : side === 'seeker' ? seeker : holder || seeker;
}

/**
 * The row, when the viewer may act on it from `side`; 404 otherwise. `whenErased` is what a route answers
 * its own side instead, once retention erased the request (the thread's write says why it takes nothing).
 */
export function requireLiveReferral<T extends ReferralParties>(
  row: T | undefined,
  viewerId: number,
  side: ReferralSide,
  { whenErased }: { whenErased?: () => Error } = {},
): T {
  const mine = row !== undefined && row.supersededAt === null && isOnSide(row, viewerId, side);
  if (mine && row.erasedAt !== null && whenErased) throw whenErased();
  if (!mine || !isLive(row)) throw notFound(REFERRAL_NOT_FOUND);
  return row;
}

/**
 * The referral with what its routes and notifications need, through requireLiveReferral. `lock` takes the
 * referral's row until the transaction ends (after its request's, as every move takes them).
 */
export async function findLiveReferral(
  db: Db,
  referralId: number,
  viewerId: number,
  side: ReferralSide,
  { lock = false } = {},
) {
  const query = joinReferralCompany(
    db
      .select({
        referral: referrals,
        ...REFERRAL_PARTIES,
        position: referralRequests.position,
        companyName: companies.name,
      })
      .from(referrals)
      .$dynamic(),
  ).where(eq(referrals.id, referralId));
  const [row] = lock ? await query.for('update', { of: referrals }) : await query;
  return requireLiveReferral(row, viewerId, side);
}
