import { eq } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { companies, referralRequests, referrals, users } from '../db/schema.js';

/**
 * A referral with its request, the request's company and the referral's people, as the referrals feature's
 * thread and packet and the admin's queue of held messages read it, kept here so they never join them
 * differently (features do not import each other, and the thread's and the queue's reads are each one
 * prepared statement).
 */

/** The request's seeker, and the referral's referrer: two aliases of users. */
export const referralSeeker = alias(users, 'referral_seeker');
export const referralReferrer = alias(users, 'referral_referrer');

/** Joins a query that reads `referrals` to its request, company and seeker (drizzle's dynamic query). */
export function joinReferralRequest<Query extends PgSelect>(fromReferrals: Query) {
  return fromReferrals
    .innerJoin(referralRequests, eq(referralRequests.id, referrals.requestId))
    .innerJoin(companies, eq(companies.id, referralRequests.companyId))
    .innerJoin(referralSeeker, eq(referralSeeker.id, referralRequests.jobSeekerId));
}

/** The same, and the referral's referrer: both its people. */
export function joinReferralParties<Query extends PgSelect>(fromReferrals: Query) {
  return joinReferralRequest(fromReferrals).innerJoin(
    referralReferrer,
    eq(referralReferrer.id, referrals.referrerId),
  );
}
