import type { AdminUser, SuspendUserInput } from '../../../../shared/admin.js';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../../../shared/brand.js';
import { firstNameOf } from '../../../../shared/names.js';
import type { Db } from '../../../db/client.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { recordAdminAction, type AdminActor } from '../audit-repo.js';
import type { AccountControl } from '../ports.js';
import { findAdminUser, setSuspension, userExists } from './users-repo.js';

export const NO_SUCH_USER = 'There is no such user.';

async function answer(db: Db, id: number): Promise<AdminUser> {
  const user = await findAdminUser(db, id);
  if (!user) throw notFound(NO_SUCH_USER);
  return user;
}

/**
 * The mails that tell a user their account was suspended, and that it no longer is. The admin's reason stays
 * in the audit log: the user is told where to write instead.
 */
export function suspensionMail(
  user: { id: number; email: string; fullName: string },
  change: 'suspended' | 'lifted',
  publicUrl: string,
) {
  const hello = `Hello ${firstNameOf(user.fullName)},`;
  return change === 'suspended'
    ? {
        userId: user.id,
        to: user.email,
        subject: `Your ${PRODUCT_NAME} account is suspended`,
        text: [
          hello,
          '',
          `Your ${PRODUCT_NAME} account has been suspended, so you cannot sign in for now. While it lasts nobody is matched with you: your referral requests wait, and any you held as a referrer have gone to other referrers.`,
          '',
          `If you think this is a mistake, write to ${SUPPORT_EMAIL}.`,
        ].join('\n'),
      }
    : {
        userId: user.id,
        to: user.email,
        subject: `Your ${PRODUCT_NAME} account is active again`,
        text: [
          hello,
          '',
          `The suspension of your ${PRODUCT_NAME} account has been lifted: you can sign in again at ${publicUrl}/signin. Your referral requests that waited are matched again.`,
        ].join('\n'),
      };
}

/**
 * One admin change to a user: `change` and its audit row in one transaction (with the admin's reason or note,
 * if any). The user is answered as the console shows them once the caller has done what follows the commit.
 */
async function changeUser(
  db: Db,
  admin: AdminActor,
  id: number,
  audit: { action: string; reason?: string | null },
  change: (tx: Db) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await change(tx);
    await recordAdminAction(tx, { actor: admin, targetType: 'user', targetId: id, ...audit });
  });
}

/** The change found nothing to do: 404 when there is no such user, else 409 saying why. */
async function refuse(tx: Db, id: number, why: string): Promise<never> {
  if (!(await userExists(tx, id))) throw notFound(NO_SUCH_USER);
  throw conflict(why);
}

/**
 * POST /api/admin/users/{id}/suspend (issue 25 item 4), in one transaction: the user is marked, every
 * session of theirs ends (sessions live in the database, so an old cookie gets 401 on every instance), their
 * referrals as a referrer pass on and their requests as a seeker wait, and the audit log keeps why. After
 * the commit, their open streams on every instance are told to close. They are told by mail (not the reason).
 */
export async function suspendUser(
  db: Db,
  control: AccountControl,
  admin: AdminActor,
  id: number,
  input: Required<SuspendUserInput>,
  at: Date,
): Promise<AdminUser> {
  if (id === admin.id) throw conflict('You cannot suspend yourself: ask another admin.');
  await changeUser(db, admin, id, { action: 'user.suspend', reason: input.reason }, async (tx) => {
    const user =
      (await setSuspension(tx, id, { at, reason: input.reason })) ??
      (await refuse(tx, id, 'This user is already suspended.'));
    await control.sendMail(tx, suspensionMail(user, 'suspended', control.publicUrl));
    await control.endSessions(tx, id);
    await control.setAside(tx, id);
  });
  await control.sessionsEnded(id);
  return answer(db, id);
}

/** POST /api/admin/users/{id}/unsuspend: lifted, and their waiting requests are matched again. */
export async function unsuspendUser(
  db: Db,
  control: AccountControl,
  admin: AdminActor,
  id: number,
): Promise<AdminUser> {
  await changeUser(db, admin, id, { action: 'user.unsuspend' }, async (tx) => {
    const user = (await setSuspension(tx, id, null)) ?? (await refuse(tx, id, 'This user is not suspended.'));
    await control.sendMail(tx, suspensionMail(user, 'lifted', control.publicUrl));
    await control.resume(tx, id);
  });
  return answer(db, id);
}

const NOTHING_TO_UNVERIFY = {
  'no-referrer': 'This user does not refer at any company, so there is no verification to undo.',
  'not-verified': 'This referrer is not verified, so there is nothing to undo.',
  'sign-in-email':
    'This referrer is verified by their sign-in email, not by hand, so there is nothing to undo.',
  'work-email':
    'This referrer is verified by a code sent to their work email, not by hand, so there is nothing to undo.',
} as const;

/**
 * DELETE /api/admin/users/{id}/verify (issue 46): a verification made by hand taken back, audited. One the
 * referrer earned themselves stays (409 saying how they are verified); 404 for nobody.
 */
export async function unverifyUser(
  db: Db,
  control: AccountControl,
  admin: AdminActor,
  id: number,
): Promise<AdminUser> {
  await changeUser(db, admin, id, { action: 'user.unverify' }, async (tx) => {
    const outcome = await control.unverifyByAdmin(tx, id);
    if (outcome !== 'undone') await refuse(tx, id, NOTHING_TO_UNVERIFY[outcome]);
  });
  return answer(db, id);
}

/** POST /api/admin/users/{id}/verify: a referrer verified by hand, audited with the admin's note if any. */
export async function verifyUser(
  db: Db,
  control: AccountControl,
  admin: AdminActor,
  id: number,
  note: string | null = null,
): Promise<AdminUser> {
  await changeUser(db, admin, id, { action: 'user.verify', reason: note }, async (tx) => {
    if (!(await control.verifyByAdmin(tx, id))) {
      await refuse(tx, id, 'This user does not refer at any company yet, so there is nothing to verify.');
    }
  });
  return answer(db, id);
}
