import type { BlockState, BlockedUser } from '../../../../shared/blocks.js';
import { firstNameOf } from '../../../../shared/names.js';
import type { Db } from '../../../db/client.js';
import type { UserRow } from '../../../db/schema.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { passOnOpenReferral } from '../handoffs/leave.js';
import { assignWaitingRequests } from '../matching/matching.js';
import type { ReferralDeps } from '../ports.js';
import { lockUserRow, sharedRequest } from '../rows/people.js';
import { blocksBy, deleteBlock, insertBlock, openReferralsBetween } from './blocks-repo.js';

const NO_SUCH_USER = 'There is no such user.';

/** Only someone the user shares a request with (docs/decisions/039-running-the-marketplace.md). */
async function checkSharesRequest(db: Db, user: UserRow, otherId: number): Promise<void> {
  if (otherId === user.id) throw badRequest('You cannot block yourself.');
  if ((await sharedRequest(db, user.id, otherId)) === null) throw notFound(NO_SUCH_USER);
}

/**
 * POST /api/users/{id}/block (issue 25 item 3). From now on matching never pairs the two, either way round,
 * and an open referral between them passes on at once: to another referrer at the company, or back to
 * waiting. The seeker hears only that it moved on; the blocked side is never told who blocked them.
 */
export async function blockUser(
  db: Db,
  deps: ReferralDeps,
  user: UserRow,
  otherId: number,
): Promise<BlockState> {
  await checkSharesRequest(db, user, otherId);
  const now = deps.now();
  await db.transaction(async (tx) => {
    // Serialises blocks against the matching of this user's requests (the candidates lock their rows).
    await lockUserRow(tx, user.id);
    if (!(await insertBlock(tx, user.id, otherId, now))) return;
    for (const open of await openReferralsBetween(tx, user.id, otherId)) {
      await passOnOpenReferral(tx, deps, open, now, (where, picked) =>
        picked
          ? `Your request for ${where} now goes to another referrer there.`
          : `Your request for ${where} is waiting for another referrer there, and will pass to one as soon as one has room.`,
      );
      // Its referrer has that slot back, for the company's waiting requests (and its watchers).
      await assignWaitingRequests(tx, deps, open.referrerId, now, 'one freed');
    }
  });
  return { userId: otherId, blocked: true };
}

/**
 * DELETE /api/users/{id}/block: lifts the user's own block; matching may pair them again. The block itself
 * is reason enough to ask (the request they shared may be gone by now, its details erased); without one,
 * only someone the user shares a request with gets an answer.
 */
export async function unblockUser(db: Db, user: UserRow, otherId: number): Promise<BlockState> {
  if (otherId === user.id) throw badRequest('You cannot block yourself.');
  if (!(await deleteBlock(db, user.id, otherId))) await checkSharesRequest(db, user, otherId);
  return { userId: otherId, blocked: false };
}

/** GET /api/user/blocks: whom the user blocked and when, newest first (first names only). */
export async function listBlocks(db: Db, user: UserRow): Promise<BlockedUser[]> {
  const rows = await blocksBy(db, user.id);
  return rows.map((row) => ({
    userId: row.userId,
    firstName: firstNameOf(row.fullName),
    blockedAt: row.blockedAt.toISOString(),
  }));
}
