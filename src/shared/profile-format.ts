import { utc } from '@date-fns/utc';
import { format, getMonth, getYear, isValid, parseISO } from 'date-fns';

/** Display helpers for profile dates and descriptions (docs/product.md, Validation). */

/** Stored dates are read in UTC, so a YYYY-MM-DD shows as that day wherever the browser is. */
function parseStoredDate(value: string | null | undefined): Date | null {
  const d = value ? parseISO(value, { in: utc }) : null;
  return d && isValid(d) ? d : null;
}

/** 'Jan 2024' for a stored YYYY-MM-DD. */
export function formatMonthYear(value: string | null | undefined): string {
  const d = parseStoredDate(value);
  return d ? format(d, 'MMM yyyy') : '';
}

/** 'Jan 5, 2024' (referral dates). */
export function formatMonthDayYear(value: string | null | undefined): string {
  const d = parseStoredDate(value);
  return d ? format(d, 'MMM d, yyyy') : '';
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
  const year = getYear(now);
  return Array.from({ length: 50 }, (_, i) => year - i);
}

/** 'January' … 'December'. */
export const MONTHS = Array.from({ length: 12 }, (_, i) => format(new Date(2000, i, 1), 'MMMM'));

/** The stored value of a month/year choice: the first of that month. month is 1-12. */
export function firstOfMonth(year: number, month: number): string {
  return format(new Date(year, month - 1, 1), 'yyyy-MM-dd');
}

/** Year and month (1-12) of a stored date, for filling the dropdowns. */
export function splitIsoDate(value: string | null | undefined): { year: number; month: number } | null {
  const d = parseStoredDate(value);
  return d ? { year: getYear(d), month: getMonth(d) + 1 } : null;
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
