import { eq } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { companies, referralRequests, referrals, users } from '../db/schema.js';

/**
 * A referral with its request, the request's company and the referral's two people, as the referrals
 * feature's thread and the admin's queue of held messages both read it, kept here so the two never join
 * them differently (features do not import each other, and each query is one prepared statement).
 */

/** The request's seeker, and the referral's referrer: two aliases of users. */
export const referralSeeker = alias(users, 'referral_seeker');
export const referralReferrer = alias(users, 'referral_referrer');

/** Joins a query that reads `referrals` to its request, company, seeker and referrer (drizzle's dynamic query). */
export function joinReferralParties<Query extends PgSelect>(fromReferrals: Query) {
  return fromReferrals
    .innerJoin(referralRequests, eq(referralRequests.id, referrals.requestId))
    .innerJoin(companies, eq(companies.id, referralRequests.companyId))
    .innerJoin(referralSeeker, eq(referralSeeker.id, referralRequests.jobSeekerId))
    .innerJoin(referralReferrer, eq(referralReferrer.id, referrals.referrerId));
}
