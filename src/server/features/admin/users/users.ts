import type { AdminUser, SuspendUserInput } from '../../../../shared/admin.js';
import type { Db } from '../../../db/client.js';
import type { UserRow } from '../../../db/schema.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { recordAdminAction } from '../audit-repo.js';
import type { AccountControl } from '../ports.js';
import { findAdminUser, setSuspension, userExists } from './users-repo.js';

export const NO_SUCH_USER = 'There is no such user.';

async function answer(db: Db, id: number): Promise<AdminUser> {
  const user = await findAdminUser(db, id);
  if (!user) throw notFound(NO_SUCH_USER);
  return user;
}

/**
 * POST /api/admin/users/{id}/suspend (issue 25 item 4), in one transaction: the user is marked, every
 * session of theirs ends (sessions live in the database, so an old cookie gets 401 on every instance), their
 * referrals as a referrer pass on and their requests as a seeker wait, and the audit log keeps why. After
 * the commit, their open streams on every instance are told to close.
 */
export async function suspendUser(
  db: Db,
  control: AccountControl,
  admin: UserRow,
  id: number,
  input: Required<SuspendUserInput>,
  at: Date,
): Promise<AdminUser> {
  if (id === admin.id) throw conflict('You cannot suspend yourself: ask another admin.');
  await db.transaction(async (tx) => {
    if (!(await setSuspension(tx, id, { at, reason: input.reason }))) {
      if (!(await userExists(tx, id))) throw notFound(NO_SUCH_USER);
      throw conflict('This user is already suspended.');
    }
    await control.endSessions(tx, id);
    await control.setAside(tx, id);
    await recordAdminAction(tx, {
      actor: admin,
      action: 'user.suspend',
      targetType: 'user',
      targetId: id,
      reason: input.reason,
    });
  });
  await control.sessionsEnded(id);
  return answer(db, id);
}

/** POST /api/admin/users/{id}/unsuspend: lifted, and their waiting requests are matched again. */
export async function unsuspendUser(
  db: Db,
  control: AccountControl,
  admin: UserRow,
  id: number,
): Promise<AdminUser> {
  await db.transaction(async (tx) => {
    if (!(await setSuspension(tx, id, null))) {
      if (!(await userExists(tx, id))) throw notFound(NO_SUCH_USER);
      throw conflict('This user is not suspended.');
    }
    await control.resume(tx, id);
    await recordAdminAction(tx, { actor: admin, action: 'user.unsuspend', targetType: 'user', targetId: id });
  });
  return answer(db, id);
}

/** POST /api/admin/users/{id}/verify: a referrer verified by hand, audited. */
export async function verifyUser(
  db: Db,
  control: AccountControl,
  admin: UserRow,
  id: number,
): Promise<AdminUser> {
  await db.transaction(async (tx) => {
    if (!(await control.verifyByAdmin(tx, id))) {
      if (!(await userExists(tx, id))) throw notFound(NO_SUCH_USER);
      throw conflict('This user does not refer at any company yet, so there is nothing to verify.');
    }
    await recordAdminAction(tx, { actor: admin, action: 'user.verify', targetType: 'user', targetId: id });
  });
  return answer(db, id);
}
