import { LRUCache } from 'lru-cache';
import { keptCount } from '../../kept/counts.js';
import type { ResponseNumbers } from './stats-repo.js';

/**
 * How long a company's response numbers are kept: they sum 90 days of answers, so a minute-old figure
 * reads the same, and the directory and the stats stop re-counting thousands of requests per view.
 */
export const RESPONSE_NUMBERS_KEEP_MS = 60_000;
/** Companies whose numbers are kept at most (a few dozen bytes each). */
const MAX_COMPANIES = 20_000;
const NONE = 'none';

/** How referrers answered each company's requests since `since`; a company without any is missing. */
export type ReadResponseNumbers = (
  companyIds: readonly number[],
  since: Date,
) => Promise<Map<number, ResponseNumbers>>;

/** ReadResponseNumbers with its answers kept a while. */
export interface KeptResponseNumbers extends ReadResponseNumbers {
  /** How long (ms) the numbers of these companies, all read just now, are still kept: the least of them. */
  keptFor(companyIds: readonly number[]): number;
}

/**
 * `read` (stats-repo's responseNumbers), each company's answer kept for RESPONSE_NUMBERS_KEEP_MS
 * ([decision 041](../../../../docs/decisions/041-company-numbers-kept-a-minute.md)): the companies not kept
 * are read in one query. Who can take a request now is read afresh on every call
 * ([decision 070](../../../../docs/decisions/070-kept-answers-that-pay-under-a-crowd.md)).
 */
export function createResponseNumbersCache(
  read: ReadResponseNumbers,
  { keepMs = RESPONSE_NUMBERS_KEEP_MS, now }: { keepMs?: number; now?: () => number } = {},
): KeptResponseNumbers {
  const kept = new LRUCache<number, ResponseNumbers | typeof NONE>({
    max: MAX_COMPANIES,
    ttl: keepMs,
    // A clock of the caller's (tests) is read at every check, not once a millisecond.
    ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
  });
  const count = keptCount('company numbers');
  const readKept = async (companyIds: readonly number[], since: Date) => {
    const answers = new Map<number, ResponseNumbers>();
    const missing: number[] = [];
    for (const id of companyIds) {
      const numbers = kept.get(id);
      if (numbers === undefined) {
        count.miss();
        missing.push(id);
      } else {
        count.hit();
        if (numbers !== NONE) answers.set(id, numbers);
      }
    }
    if (missing.length === 0) return answers;
    const fresh = await read(missing, since);
    for (const id of missing) {
      const numbers = fresh.get(id);
      kept.set(id, numbers ?? NONE);
      if (numbers) answers.set(id, numbers);
    }
    return answers;
  };
  return Object.assign(readKept, {
    keptFor: (companyIds: readonly number[]) =>
      Math.min(keepMs, ...companyIds.map((id) => kept.getRemainingTTL(id))),
  });
}
