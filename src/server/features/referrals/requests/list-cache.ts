import { LRUCache } from 'lru-cache';
import type { ReferralRequest } from '../../../../shared/referrals.js';
import type { Db } from '../../../db/client.js';
import { listRequestViews, type ListClock } from './list-repo.js';
import { firstPageStamp } from './list-stamp.js';

/** The answers kept at most, in UTF-16 code units of their text (a referrer's page of 22 cards is 26 K). */
const MAX_KEPT_CHARS = 32 * 1024 * 1024;

interface Kept {
  stamp: string;
  /** The answer, serialised. */
  body: string;
  /** When the clock first changes a card of it (a decline's undo window ends), in ms; else Infinity. */
  until: number;
}

/** Builds a list's answer from its cards: the route's own serializer. */
export type Serialize = (cards: ReferralRequest[]) => string;

export interface FirstPages {
  /** The first page of `limit` cards, serialised: kept while its stamp holds, else read and kept. */
  read(
    role: 'seeker' | 'referrer',
    userId: number,
    limit: number,
    clock: ListClock,
    serialize: Serialize,
  ): Promise<string>;
}

/**
 * The lists' first pages kept as their answers' text, each with its stamp (list-stamp.ts)
 * ([decision 049](../../../../../docs/decisions/049-first-pages-kept-by-stamp.md)). Every read still asks
 * the database: for the stamp, one short statement. While it is the stamp the answer was kept with, the
 * rows are the same and the kept text is answered; otherwise the page is read and serialised as before.
 * Nothing has to be told of a change, so no write path can forget to, and every instance sees the
 * others' writes.
 *
 * The stamp is read before the page. A write that commits between the two leaves a newer page kept with
 * the older stamp, which the next read's stamp no longer matches: it is read again, never answered stale.
 *
 * `verify` (the tests' apps): every answer from the kept text is also read afresh and compared, and a
 * difference the stamp did not see is an error. Every test that reads a list after a change then checks
 * the stamp's cover.
 */
export function createFirstPages(db: Db, { verify = false }: { verify?: boolean } = {}): FirstPages {
  const kept = new LRUCache<string, Kept>({
    maxSize: MAX_KEPT_CHARS,
    sizeCalculation: (entry, key) => entry.body.length + entry.stamp.length + key.length,
  });
  return {
    async read(role, userId, limit, clock, serialize) {
      const key = `${role}:${userId}:${limit}`;
      const readStamp = () => firstPageStamp(db, role, userId, limit);
      const readCards = () => listRequestViews(db, role, userId, { limit }, clock);
      const stamp = await readStamp();
      const found = kept.get(key);
      if (found && found.stamp === stamp && clock.now.getTime() < found.until) {
        if (verify) await expectSameRows(found, async () => serialize(await readCards()), readStamp);
        return found.body;
      }
      const cards = await readCards();
      const body = serialize(cards);
      kept.set(key, { stamp, body, until: clockChangesAt(cards) });
      return body;
    },
  };
}

/**
 * `verify`'s check: a fresh read must answer the kept text while the stamp stays the same. A write that
 * landed after the stamp was read changes the stamp too, and is no fault of its cover.
 */
async function expectSameRows(
  found: Kept,
  readBody: () => Promise<string>,
  readStamp: () => Promise<string>,
): Promise<void> {
  const fresh = await readBody();
  if (fresh === found.body || (await readStamp()) !== found.stamp) return;
  throw new Error(`A kept first page differs from the page read afresh:\n${found.body}\n${fresh}`);
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
