import { referralBonuses, referrerOpenings } from '../db/schema.js';

/**
 * Column sets that a feature's own list and the account's data export both select, kept in one place so the
 * export gives a user what the feature shows them, named as it names them.
 */

/** An opening as its referrer wrote it, and when (issue 49 item 2). */
export const OPENING_TEXT = {
  title: referrerOpenings.title,
  location: referrerOpenings.location,
  jobUrl: referrerOpenings.jobUrl,
  note: referrerOpenings.note,
  postedAt: referrerOpenings.createdAt,
};

/** A referral bonus's terms and where it stands (docs/decisions/083-referral-bonus-tracker.md). */
export const BONUS_TERMS = {
  hiredOn: referralBonuses.hiredOn,
  payoutAfterDays: referralBonuses.payoutAfterDays,
  expectedPayoutOn: referralBonuses.expectedPayoutOn,
  amount: referralBonuses.amount,
  currency: referralBonuses.currency,
  status: referralBonuses.status,
};
