/**
 * How often each kind of kept answer was answered from memory (a hit) or read from the database (a miss),
 * counted in this process since it started. The metrics report them (`referbridge_kept_answers_total`), and
 * the crowd bench reads them to judge whether a kept answer pays under a crowd (issue 47): kept answers that
 * rarely hit cost code and traps for nothing.
 *
 * Process-wide, as the open streams' count is: one app per process in production. Tests that build several
 * apps in one process add up into the same counts, which no test reads.
 */
export interface KeptCount {
  hit(): void;
  miss(): void;
}

const counts = new Map<string, { hits: number; misses: number }>();

/** The counter of the kept answers named `name` ('unread count', 'list', …), made on first use. */
export function keptCount(name: string): KeptCount {
  let count = counts.get(name);
  if (!count) {
    count = { hits: 0, misses: 0 };
    counts.set(name, count);
  }
  const counted = count;
  return {
    hit: () => {
      counted.hits += 1;
    },
    miss: () => {
      counted.misses += 1;
    },
  };
}

/** Every kind's hits and misses so far. */
export function keptCounts(): ReadonlyMap<string, { readonly hits: number; readonly misses: number }> {
  return counts;
}
