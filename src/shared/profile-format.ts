/** Display helpers for profile dates and descriptions (spec section 5). */

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthDayYear = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

function parseIsoDate(value: string): Date | null {
  const d = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 'Jan 2024' for a stored YYYY-MM-DD. */
export function formatMonthYear(value: string | null | undefined): string {
  const d = value ? parseIsoDate(value) : null;
  return d ? monthYear.format(d) : '';
}

/** 'Jan 5, 2024' (referral dates). */
export function formatMonthDayYear(value: string | null | undefined): string {
  const d = value ? parseIsoDate(value) : null;
  return d ? monthDayYear.format(d) : '';
}

/** 'Jan 2020 - Present', 'Jan 2020 - Mar 2022', or just the start. */
export function formatDateRange(start: string | null, end: string | null, current: boolean): string {
  const from = formatMonthYear(start);
  const to = current ? 'Present' : formatMonthYear(end);
  if (from && to) return `${from} - ${to}`;
  return from || to;
}

/** The year dropdown: the current year and the 49 before it, newest first. */
export function yearOptions(now = new Date()): number[] {
  const year = now.getFullYear();
  return Array.from({ length: 50 }, (_, i) => year - i);
}

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The stored value of a month/year choice: the first of that month. month is 1-12. */
export function firstOfMonth(year: number, month: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
}

/** Year and month (1-12) of a stored date, for filling the dropdowns. */
export function splitIsoDate(value: string | null | undefined): { year: number; month: number } | null {
  const m = value ? /^(\d{4})-(\d{2})/.exec(value) : null;
  return m ? { year: Number(m[1]), month: Number(m[2]) } : null;
}

/**
 * Description boxes: a star, a dash followed by a space, or a bullet character starts a bullet point on its
 * own line ('• '). Text without markers is returned unchanged.
 */
export function formatDescriptionBullets(text: string): string {
  return text
    .replace(
      /(^|\s)(?:\*|•|-(?= ))\s*/g,
      (_match, lead: string) => `${lead.includes('\n') || lead === '' ? lead : '\n'}• `,
    )
    .replace(/[ \t]+\n/g, '\n');
}

/** Items of a description, one per bullet or line, for rendering as a list. */
export function descriptionItems(text: string | null | undefined): string[] {
  if (!text) return [];
  return formatDescriptionBullets(text)
    .split('\n')
    .map((line) => line.replace(/^•\s*/, '').trim())
    .filter(Boolean);
}
