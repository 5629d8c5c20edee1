import { normalizeCompanyName } from '../../../../shared/companies.js';
import { profileCompletion } from '../../../../shared/profile.js';
import type { Db } from '../../../db/client.js';
import { conflict, forbidden, notFound } from '../../../lib/errors.js';
import type { UserRow } from '../../../db/schema.js';
import type { CompanyDirectory, CurrentCompanyChanged, ProfileViewRule } from '../ports.js';
import { countProfileParts, findUserById, updateUser } from '../repo.js';
import { withUserLocked } from '../service.js';

/** Same answer for "no such user" and "not yours to see", so ids reveal nothing. */
export async function assertCanViewProfile(
  canView: ProfileViewRule,
  db: Db,
  viewerId: number,
  profileUserId: number,
): Promise<void> {
  if (!(await canView(db, viewerId, profileUserId))) throw notFound('Profile not found.');
}

export async function getViewableUser(
  canView: ProfileViewRule,
  db: Db,
  viewerId: number,
  profileUserId: number,
): Promise<UserRow> {
  await assertCanViewProfile(canView, db, viewerId, profileUserId);
  const user = await findUserById(db, profileUserId);
  if (!user) throw notFound('Profile not found.');
  return user;
}

function assertSelf(actor: UserRow, targetUserId: number): void {
  if (actor.id !== targetUserId) throw forbidden('You can only change your own profile.');
}

export async function completionOf(db: Db, userId: number) {
  return profileCompletion(await countProfileParts(db, userId));
}

const MISSING_TEXT = {
  experience: 'a work experience',
  education: 'an education entry',
  skills: 'at least two skills',
  resume: 'a resume',
} as const;

function joinWithAnd(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Marking the profile complete needs the four parts of docs/product.md, Flows and statuses; unmarking is always allowed. */
export async function setProfileStatus(db: Db, actor: UserRow, targetUserId: number, isCompleted: boolean) {
  assertSelf(actor, targetUserId);
  // Locked like the deletes, so a delete cannot land between the 100% check and the update.
  return withUserLocked(db, actor.id, async (tx) => {
    if (isCompleted) {
      const { percentage, parts } = await completionOf(tx, actor.id);
      if (percentage < 100) {
        const missing = (Object.keys(MISSING_TEXT) as (keyof typeof MISSING_TEXT)[]).filter((k) => !parts[k]);
        throw conflict(
          `Your profile is ${percentage}% complete. Add ${joinWithAnd(missing.map((k) => MISSING_TEXT[k]))} before marking it complete.`,
        );
      }
    }
    const user = await updateUser(tx, actor.id, { profileCompleted: isCompleted });
    if (!user) throw notFound('Profile not found.');
    return user;
  });
}

/** Saves where the user works and makes sure that employer exists as a company. */
export async function setCurrentCompany(
  companies: CompanyDirectory,
  db: Db,
  actor: UserRow,
  targetUserId: number,
  companyName: string,
  onCompanyChanged: CurrentCompanyChanged,
) {
  assertSelf(actor, targetUserId);
  const typed = companyName.trim();
  return withUserLocked(db, actor.id, async (tx) => {
    const previous = (await findUserById(tx, actor.id))?.currentCompanyName ?? null;
    await companies.lock(tx, previous ? [previous, typed] : [typed]);
    const company = await companies.ensure(tx, typed);
    // The name as typed, unless it is one an admin merged away: then the company it went into.
    const name = normalizeCompanyName(company.name) === normalizeCompanyName(typed) ? typed : company.name;
    const user = await updateUser(tx, actor.id, { currentCompanyName: name, notWorking: false });
    if (!user) throw notFound('Profile not found.');
    await onCompanyChanged(tx, actor.id, name);
    // After the update, so this user no longer counts as naming it.
    if (previous && normalizeCompanyName(previous) !== normalizeCompanyName(name)) {
      await companies.release(tx, previous);
    }
    return user;
  });
}

/**
 * PUT /api/users/{id}/not-working (docs/decisions/021-account-settings.md). True: the user has no current company now (a
 * student, between jobs), so the company prompt stops asking; a referrer stops taking new referrals (a
 * referrer without a company cannot refer), open ones stay theirs. False only takes the answer back.
 */
export async function setNotWorking(
  companies: CompanyDirectory,
  db: Db,
  actor: UserRow,
  targetUserId: number,
  notWorking: boolean,
) {
  assertSelf(actor, targetUserId);
  return withUserLocked(db, actor.id, async (tx) => {
    const previous = (await findUserById(tx, actor.id))?.currentCompanyName ?? null;
    if (notWorking && previous) await companies.lock(tx, [previous]);
    const user = await updateUser(
      tx,
      actor.id,
      notWorking ? { notWorking, currentCompanyName: null, willingToGiveReferrals: false } : { notWorking },
    );
    if (!user) throw notFound('Profile not found.');
    if (notWorking && previous) await companies.release(tx, previous);
    return user;
  });
}
