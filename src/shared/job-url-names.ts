import type { CompanySummary } from './companies.js';

// How a name read from a job URL is cleaned up and matched to the company list (docs/product.md, Job postings).

/** Lower case, letters and digits only: 'Bank of America', 'bank-of-america' and 'BankOfAmerica' agree. */
export function compactName(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** docs/product.md, Job postings names fb, meta, msft, goog and tcs; facebook is the social-media company's former name. */
const ALIASES: Readonly<Record<string, string>> = {
  fb: 'Meta',
  facebook: 'Meta',
  meta: 'Meta',
  metaplatforms: 'Meta',
  msft: 'Microsoft',
  goog: 'Google',
  googl: 'Google',
  alphabet: 'Google',
  tcs: 'Tata Consultancy Services',
};

export function expandAlias(name: string): string {
  return ALIASES[compactName(name)] ?? name;
}

const SMALL_WORDS = new Set(['of', 'and', 'the', 'for', 'de', 'la', 'du', 'von', 'van']);

/**
 * 'bank-of-america' → 'Bank of America'; 'google' → 'Google'. Words that already carry capitals keep them,
 * so 'JPMorgan Chase' and 'BoschGroup' stay as written.
 */
export function displayName(token: string): string {
  return token
    .split(/[-_+\s]+/)
    .filter((w) => w !== '')
    .map((w, i) => {
      if (w !== w.toLowerCase()) return w;
      return i > 0 && SMALL_WORDS.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1);
    })
    .join(' ');
}

/** docs/product.md, Limits thresholds. */
const PARTIAL_MATCH_MIN_HOST = 11;
const PARTIAL_MATCH_MIN_NAME = 4;

export function exactMatch(name: string, companies: readonly CompanySummary[]): CompanySummary | undefined {
  const key = compactName(name);
  return key === '' ? undefined : companies.find((c) => compactName(c.name) === key);
}

/**
 * docs/product.md, Job postings: the list name contains the detected name or the reverse, only for hosts longer than 10
 * characters and names longer than 3. The listed name must be longer than 3 too, or Box would match every
 * name containing 'box'. The closest in length wins, then the lowest id, so the answer is stable.
 */
export function partialMatch(
  name: string,
  host: string,
  companies: readonly CompanySummary[],
): CompanySummary | undefined {
  const key = compactName(name);
  if (host.length < PARTIAL_MATCH_MIN_HOST || key.length < PARTIAL_MATCH_MIN_NAME) return undefined;
  const candidates = companies.filter((c) => {
    const listed = compactName(c.name);
    return listed.length >= PARTIAL_MATCH_MIN_NAME && (listed.includes(key) || key.includes(listed));
  });
  const distance = (c: CompanySummary) => Math.abs(compactName(c.name).length - key.length);
  return candidates.sort((a, b) => distance(a) - distance(b) || a.id - b.id)[0];
}
