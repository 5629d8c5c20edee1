import { eq } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { companies, referralRequests, referrals, users } from '../db/schema.js';

/**
 * A referral with its request, the request's company and the referral's people, as the referrals feature
 * (its gate, thread, packet and bonuses), the admin's queue of held messages and user view, and the data
 * export read it, kept here so they never join them differently (features do not import each other, and
 * the thread's and the queue's reads are each one prepared statement). A seeker's requests with their
 * companies, as the data export and the admin's user view list them, too.
 */

/** The request's seeker, and the referral's referrer: two aliases of users. */
export const referralSeeker = alias(users, 'referral_seeker');
export const referralReferrer = alias(users, 'referral_referrer');

/** Joins a query that reads `referrals` to its request and the request's company (drizzle's dynamic query). */
export function joinReferralCompany<Query extends PgSelect>(fromReferrals: Query) {
  return fromReferrals
    .innerJoin(referralRequests, eq(referralRequests.id, referrals.requestId))
    .innerJoin(companies, eq(companies.id, referralRequests.companyId));
}

/** The same, and the request's seeker. */
export function joinReferralRequest<Query extends PgSelect>(fromReferrals: Query) {
  return joinReferralCompany(fromReferrals).innerJoin(
    referralSeeker,
    eq(referralSeeker.id, referralRequests.jobSeekerId),
  );
}

/** The same, and the referral's referrer: both its people. */
export function joinReferralParties<Query extends PgSelect>(fromReferrals: Query) {
  return joinReferralRequest(fromReferrals).innerJoin(
    referralReferrer,
    eq(referralReferrer.id, referrals.referrerId),
  );
}

/** Narrows a query that reads `referral_requests` to a seeker's, each joined to the company it names. */
export function seekerRequests<Query extends PgSelect>(fromRequests: Query, seekerId: number) {
  return fromRequests
    .innerJoin(companies, eq(companies.id, referralRequests.companyId))
    .where(eq(referralRequests.jobSeekerId, seekerId));
}
