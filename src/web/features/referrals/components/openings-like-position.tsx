import { OPENINGS_MAX_PAGE_SIZE, type Opening } from '@shared/openings';
import { ENDED_REQUEST_STATUSES } from '@shared/referral-status';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { myRequestsQuery } from '../api/get-my-requests';
import { useNewestOpenings } from '../api/get-openings';
import { AskThroughOpeningLink } from './opening-card';

/** The most openings a waiting request's card offers. */
export const MAX_OPENINGS_LIKE = 3;

// Words that say nothing of the role: two titles sharing only these share no word.
const FILLER = new Set(['a', 'an', 'and', 'at', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

/** The words of a job title, lower-cased: 'Senior Software Engineer, Payments' → senior, software, engineer, payments. */
export function titleWords(title: string): Set<string> {
  return new Set(
    title
      .toLowerCase()
      .split(/[^\p{L}\p{N}+#]+/u)
      .filter((word) => word.length > 0 && !FILLER.has(word)),
  );
}

/**
 * Up to MAX_OPENINGS_LIKE of `openings`, newest first, at another company than `companyId`, whose title
 * shares a word with `position`, leaving out the postings the seeker asks for already (`asked`).
 */
export function openingsLike(
  position: string,
  companyId: number,
  openings: readonly Opening[],
  asked: ReadonlySet<string> = new Set(),
): Opening[] {
  const words = titleWords(position);
  return openings
    .filter(
      (o) =>
        o.company.id !== companyId &&
        !asked.has(o.jobUrl) &&
        [...titleWords(o.title)].some((w) => words.has(w)),
    )
    .slice(0, MAX_OPENINGS_LIKE);
}

/** The postings of the seeker's open requests the page has loaded (My Requests reads them; nothing more is asked). */
function useAskedPostings(): ReadonlySet<string> {
  const mine = useInfiniteQuery({ ...myRequestsQuery, enabled: false });
  const open = (mine.data?.pages.flat() ?? []).filter(
    (r) => !ENDED_REQUEST_STATUSES.some((ended) => ended === r.status),
  );
  return new Set(open.map((r) => r.jobUrl));
}

/**
 * Issue 49 item 5: a request waiting with nobody at its company is not a dead end; the card offers openings
 * at other companies whose titles share a word with its position, each with 'Ask for a referral' (not those
 * the seeker asks through already).
 *
 * The matching is done here, on the client, over the newest OPENINGS_MAX_PAGE_SIZE (50) openings: one
 * `GET /api/openings?limit=50` that every waiting card on the page shares. The list's `q` finds one piece of
 * text in a title or company name, not titles that share any word, and asking it once per word of every
 * waiting card would be many calls for a suggestion. So an older opening beyond the newest 50 is not
 * offered; the card says 'recent openings' and claims no more.
 */
export function OpeningsLikePosition({ position, companyId }: { position: string; companyId: number }) {
  const newest = useNewestOpenings(OPENINGS_MAX_PAGE_SIZE);
  const headingId = useId();
  const like = openingsLike(position, companyId, newest.data?.items ?? [], useAskedPostings());
  if (like.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="grid gap-2 rounded-md border p-3">
      <h4 id={headingId} className="font-medium">
        Recent openings like this at other companies
      </h4>
      <ul className="grid gap-2">
        {like.map((opening) => (
          <li key={opening.id} className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 break-words">
              <span className="font-medium">{opening.title}</span> at {opening.company.name}
              {opening.location && <span className="text-muted-foreground"> · {opening.location}</span>}
            </span>
            <AskThroughOpeningLink opening={opening} variant="outline" />
          </li>
        ))}
      </ul>
    </section>
  );
}
