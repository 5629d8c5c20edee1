import type { ReferralRequest } from '../../../../shared/referrals.js';
import type { Db } from '../../../db/client.js';
import { keptUnder, type KeptAnswer, type KeptAnswers } from '../../../lib/kept-answers.js';
import { listRequestViews, type ListClock } from './list-repo.js';
import { firstPageStamp } from './list-stamp.js';

/** Builds a list's answer from its cards: the route's own serializer. */
export type Serialize = (cards: ReferralRequest[]) => string;

export interface FirstPages {
  /** The first page of `limit` cards as its answer: kept while its stamp holds, else read and kept. */
  read(
    role: 'seeker' | 'referrer',
    userId: number,
    limit: number,
    clock: ListClock,
    serialize: Serialize,
  ): Promise<KeptAnswer>;
}

/**
 * The lists' first pages (every dashboard's and every poll's) kept as their answers' text while the stamp
 * of their rows holds (list-stamp.ts, lib/kept-answers.ts,
 * [decision 049](../../../../../docs/decisions/049-first-pages-kept-by-stamp.md)), per user, list and size.
 * They are kept in `keeper` under keys of their own.
 */
export function createFirstPages(db: Db, keeper: KeptAnswers): FirstPages {
  const kept = keptUnder(keeper, 'list:');
  return {
    read: (role, userId, limit, clock, serialize) =>
      kept.answer(
        `${role}:${userId}:${limit}`,
        clock.now.getTime(),
        (since) => firstPageStamp(db, role, userId, limit, since),
        async () => {
          const cards = await listRequestViews(db, role, userId, { limit }, clock);
          return { body: serialize(cards), until: clockChangesAt(cards) };
        },
      ),
  };
}

/** When the clock first changes one of the cards: a decline's undo window ends (its undoUntil goes null). */
function clockChangesAt(cards: readonly ReferralRequest[]): number {
  let until = Infinity;
  for (const card of cards) {
    const undoUntil = card.referral?.undoUntil;
    if (undoUntil) until = Math.min(until, Date.parse(undoUntil));
  }
  return until;
}
