import { DELETE_EMAIL_MISMATCH, type AccountExport } from '../../../shared/account.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { ReferralNotes } from './history-repo.js';
import { companyNamesOf, deleteUser, findUser, lockUser, readUserData } from './repo.js';

/** What account control needs from other features, handed in by app-features.ts. */
export interface AccountDeps {
  /** The referrals feature: the open referrals the user holds as a referrer pass to other referrers. */
  passOnReferrals: (tx: Db, userId: number) => Promise<unknown>;
  /**
   * The companies feature: the names the user held (current company, companies typed on their requests)
   * are locked first and released after the deletion, so none outlives the account unless others use it.
   */
  companies: {
    lock: (tx: Db, names: string[]) => Promise<unknown>;
    release: (tx: Db, name: string) => Promise<unknown>;
  };
  /** The referrals feature: each referral's status changes as the user may see them, for the export. */
  referralNotes: ReferralNotes;
  /** After the deletion committed: open notification streams of the user end. */
  onDeleted?: (userId: number) => Promise<unknown>;
}

/** JSON-safe: dates as ISO strings, file bytes as base64. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('base64');
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}

/** GET /api/user/export: docs/product.md, Privacy, everything stored about the user. */
export async function exportAccount(
  db: Db,
  deps: Pick<AccountDeps, 'referralNotes'>,
  userId: number,
  now = new Date(),
): Promise<AccountExport> {
  const user = await findUser(db, userId);
  if (!user) throw notFound('Account not found.');
  const data = await readUserData(db, userId, deps.referralNotes);
  return plain({ exportedAt: now, user, ...data }) as AccountExport;
}

/**
 * DELETE /api/user: the typed email must be the account's. In one transaction the user's open referrals
 * as a referrer pass on and the user is deleted (the rest cascades: sessions,
 * profile, files, notifications, settings, their own requests, and their mail, whatever address it went to).
 */
export async function deleteAccount(
  db: Db,
  deps: AccountDeps,
  actor: UserRow,
  confirmEmail: string,
): Promise<void> {
  if (confirmEmail.trim().toLowerCase() !== actor.email.trim().toLowerCase()) {
    throw badRequest(DELETE_EMAIL_MISMATCH, { confirmEmail: ['Type the email address of this account.'] });
  }
  await eraseAccount(db, deps, actor.id);
}

/**
 * The deletion itself, in one transaction: the user's open referrals as a referrer pass on and the user is
 * deleted. `alongside` runs in the same transaction (an operator's audit row, `npm run admin -- users erase`).
 */
export async function eraseAccount(
  db: Db,
  deps: AccountDeps,
  userId: number,
  alongside?: (tx: Db) => Promise<unknown>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw notFound('Account not found.');
    const names = await companyNamesOf(tx, user);
    await deps.companies.lock(tx, names);
    await deps.passOnReferrals(tx, user.id);
    await deleteUser(tx, user.id);
    for (const name of names) await deps.companies.release(tx, name);
    await alongside?.(tx);
  });
  await deps.onDeleted?.(userId);
}
