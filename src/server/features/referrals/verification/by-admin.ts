import type { Db } from '../../../db/client.js';
import {
  clearReferrerVerification,
  lockReferrerWithCompany,
  renewReferrerVerification,
} from './verification-repo.js';

/**
 * An admin verified the referrer by hand (issue 25: a company with no usable email domain, or a person
 * the admin knows works there). It holds and lapses like any other; false when the user is no referrer.
 */
export async function verifyReferrerByAdmin(tx: Db, userId: number, now: Date): Promise<boolean> {
  const referrer = await lockReferrerWithCompany(tx, userId);
  if (!referrer) return false;
  await renewReferrerVerification(tx, userId, 'admin', now);
  return true;
}

/** What undoing a verification by hand found: done, or why there was nothing to undo. */
export type UndoneByAdmin = 'undone' | 'no-referrer' | 'not-verified' | 'sign-in-email' | 'work-email';

/**
 * Issue 46: an admin takes back a verification they made by hand. One the referrer earned themselves (their
 * sign-in email, a work-email code) is theirs, and stays.
 */
export async function undoVerificationByAdmin(tx: Db, userId: number, now: Date): Promise<UndoneByAdmin> {
  const referrer = await lockReferrerWithCompany(tx, userId);
  if (!referrer) return 'no-referrer';
  if (!referrer.isVerified || referrer.verificationMethod === null) return 'not-verified';
  if (referrer.verificationMethod !== 'admin') return referrer.verificationMethod;
  await clearReferrerVerification(tx, userId, now);
  return 'undone';
}
