import { normalizeCompanyName } from '../../../../shared/companies.js';
import { NO_COMPANY_FOR_WILLINGNESS } from '../../../../shared/referral-texts.js';
import type { Db } from '../../../db/client.js';
import type { UserRow } from '../../../db/schema.js';
import { conflict, forbidden, notFound } from '../../../lib/errors.js';
import { emailMatchesDomain } from '../../../lib/free-mail.js';
import { assignWaitingRequests, readSupply } from './matching.js';
import type { ReferralCompany, ReferralDeps } from '../ports.js';
import { holdsReferralFor } from './matching-repo.js';
import { lockUserRow } from '../rows/people.js';
import {
  findCurrentExperience,
  findReferrer,
  updateWillingness,
  upsertReferrer,
  type VerificationValues,
} from './referrer-repo.js';
import { holdsAt } from '../verification/lapse-rule.js';

/** docs/product.md, Verification (lib/free-mail.ts). */
export { emailMatchesDomain };

/**
 * Points the user's referrer record at this company, with their current job there and verification. A
 * verification holding at the same company stays as it is (only a sign-in or a new code renews it);
 * anything else is judged afresh: a change of company drops the old one for good, and only the sign-in
 * email can verify at once, from now (docs/decisions/035-verification-lapse.md).
 */
async function saveReferrerRecord(
  tx: Db,
  deps: ReferralDeps,
  user: UserRow,
  company: ReferralCompany,
): Promise<void> {
  const job = await findCurrentExperience(tx, user.id, normalizeCompanyName(company.name));
  const bySignIn = emailMatchesDomain(user.email, company.emailDomains);
  const now = deps.now();
  const earlier = await findReferrer(tx, user.id);
  const kept =
    earlier?.companyId === company.id &&
    holdsAt(earlier, now, deps.verificationTtlMs) &&
    (earlier.verificationMethod === 'work-email' || earlier.verificationMethod === 'admin' || bySignIn);
  const verification: VerificationValues = kept
    ? {
        isVerified: true,
        verificationMethod: earlier.verificationMethod,
        verifiedAt: earlier.verifiedAt,
        lapseRemindedAt: earlier.lapseRemindedAt,
      }
    : bySignIn
      ? { isVerified: true, verificationMethod: 'sign-in-email', verifiedAt: now, lapseRemindedAt: null }
      : { isVerified: false, verificationMethod: null, verifiedAt: null, lapseRemindedAt: null };
  await upsertReferrer(tx, {
    userId: user.id,
    companyId: company.id,
    position: job?.jobTitle ?? null,
    startDate: job?.startDate ?? null,
    ...verification,
  });
}

/**
 * PUT /api/users/{id}/willingness-to-give-referrals. On: needs a current company, makes the user a
 * referrer at it and hands them waiting requests there. Off: only stops new assignments.
 */
export async function setWillingness(
  db: Db,
  deps: ReferralDeps,
  actor: UserRow,
  targetUserId: number,
  isWilling: boolean,
): Promise<UserRow> {
  if (actor.id !== targetUserId) throw forbidden('You can only change your own referral preferences.');
  return db.transaction(async (tx) => {
    const user = await lockUserRow(tx, actor.id);
    if (!user) throw notFound('Profile not found.');
    const at = new Date();
    // Where they stood before, so their company's watchers are told only if it had nobody (issue 49 item 1).
    const before = isWilling ? await readSupply(tx, deps, user.id, at) : null;
    let company: ReferralCompany | undefined;
    if (isWilling) {
      const name = user.currentCompanyName?.trim();
      if (!name) throw conflict(NO_COMPANY_FOR_WILLINGNESS);
      await deps.companies.lock(tx, [name]);
      company = await deps.companies.ensure(tx, name);
      await saveReferrerRecord(tx, deps, user, company);
    }
    const updated = await updateWillingness(tx, user.id, isWilling);
    if (!updated) throw notFound('Profile not found.');
    // Turning unwilling closes their openings (issue 49 item 2); so does turning willing again, for any
    // left open by a way out that does not say so itself (not working any more).
    if (!isWilling || !user.willingToGiveReferrals) await deps.referrerLeft?.(tx, user.id);
    if (company) await deps.becameReferrer?.(tx, user.id, company.id);
    if (isWilling) await assignWaitingRequests(tx, deps, user.id, at, before);
    return updated;
  });
}

/**
 * The profile feature's onCurrentCompanyChanged: a referrer's record follows them to their new company
 * (the company is already locked and ensured by the caller's transaction).
 */
export async function followCurrentCompany(
  tx: Db,
  deps: ReferralDeps,
  userId: number,
  companyName: string,
): Promise<void> {
  if (!(await findReferrer(tx, userId))) return;
  const user = await lockUserRow(tx, userId);
  if (!user) return;
  const at = new Date();
  const before = await readSupply(tx, deps, userId, at);
  const company = await deps.companies.ensure(tx, companyName);
  await saveReferrerRecord(tx, deps, user, company);
  // Openings at the company they left close (issue 49 item 2).
  await deps.referrerLeft?.(tx, userId, company.id);
  if (!user.willingToGiveReferrals) return;
  await deps.becameReferrer?.(tx, userId, company.id);
  await assignWaitingRequests(tx, deps, userId, at, before);
}

/** docs/product.md, Roles: the user, and a referrer holding a referral for one of their requests. */
export async function canViewProfile(db: Db, viewerId: number, profileUserId: number): Promise<boolean> {
  return viewerId === profileUserId || holdsReferralFor(db, viewerId, profileUserId);
}
