/**
 * A `timestamp with time zone` as PostgreSQL writes it (DateStyle ISO: `2026-11-28 07:40:07.123456+00`), read
 * into the Date drizzle's own mapping makes of it (`new Date(text)`), many times faster: V8 parsed that
 * form slowly on Node 20, and a list of cards reads hundreds of them (docs/performance.md, What the decisions measured).
 *
 * Only the form PostgreSQL writes for years 1000–9999 is read here, to the millisecond (further digits
 * dropped, as V8 drops them), with an offset of hours or of hours and minutes. Anything else (other years,
 * BC, infinity, an offset with seconds) goes to `new Date(text)`, so the answer is always V8's own.
 */
export function parseTimestamptz(text: string): Date {
  const time = timestamptzMs(text);
  return new Date(Number.isNaN(time) ? text : time);
}

const DASH = 45;
const COLON = 58;
const SPACE = 32;
const DOT = 46;
const PLUS = 43;
const MINUS = 45;

/** The instant in ms, or NaN when the text is not in the form read here (parseTimestamptz then asks V8). */
export function timestamptzMs(text: string): number {
  const n = text.length;
  // The shortest: `2026-11-28 07:40:07+00`.
  if (
    n < 22 ||
    text.charCodeAt(4) !== DASH ||
    text.charCodeAt(7) !== DASH ||
    text.charCodeAt(10) !== SPACE ||
    text.charCodeAt(13) !== COLON ||
    text.charCodeAt(16) !== COLON
  ) {
    return Number.NaN;
  }
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 7);
  const day = digits(text, 8, 10);
  const hour = digits(text, 11, 13);
  const minute = digits(text, 14, 16);
  const second = digits(text, 17, 19);
  if (
    !(year >= 1000 && month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month)) ||
    !(hour <= 23 && minute <= 59 && second <= 59)
  ) {
    return Number.NaN;
  }
  let i = 19;
  let ms = 0;
  if (text.charCodeAt(i) === DOT) {
    const start = ++i;
    while (i < n && isDigit(text.charCodeAt(i))) i++;
    if (i === start) return Number.NaN;
    // The first three digits, as milliseconds: `.5` is 500, `.123456` is 123.
    for (let k = start; k < start + 3; k++) ms = ms * 10 + (k < i ? text.charCodeAt(k) - 48 : 0);
  }
  const sign = text.charCodeAt(i);
  if (sign !== PLUS && sign !== MINUS) return Number.NaN;
  const offsetHours = digits(text, i + 1, i + 3);
  let offsetMinutes = 0;
  if (n === i + 6 && text.charCodeAt(i + 3) === COLON) offsetMinutes = digits(text, i + 4, i + 6);
  else if (n !== i + 3) return Number.NaN;
  if (!(offsetMinutes <= 59)) return Number.NaN;
  const offsetMs = (offsetHours * 60 + offsetMinutes) * 60_000;
  const local = (((daysSinceEpoch(year, month, day) * 24 + hour) * 60 + minute) * 60 + second) * 1000 + ms;
  return sign === PLUS ? local - offsetMs : local + offsetMs;
}

/** The decimal number written in text[from, to), or NaN if anything there is not a digit. */
function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (!isDigit(code)) return Number.NaN;
    value = value * 10 + code - 48;
  }
  return value;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Days from 1970-01-01 to the date (proleptic Gregorian), as Date.UTC counts them, in a fifth of its time. */
function daysSinceEpoch(year: number, month: number, day: number): number {
  // Counted from 1 March of year 0, so that the leap day ends a year.
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
