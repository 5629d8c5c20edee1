import { describe, expect, it } from 'vitest';
import { parseTimestamptz, timestamptzMs } from './timestamptz.js';

/** What drizzle's own mapping makes of the text: the answer parseTimestamptz must give. */
const v8 = (text: string) => new Date(text).getTime();

/** `date` as PostgreSQL writes it in a zone `offsetMinutes` east of UTC, with `fraction` after the seconds. */
function postgresText(date: Date, offsetMinutes: number, fraction: string): string {
  const local = new Date(date.getTime() + offsetMinutes * 60_000).toISOString();
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const minutes = Math.abs(offsetMinutes) % 60;
  const zone = `${sign}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
  return `${local.slice(0, 10)} ${local.slice(11, 19)}${fraction}${zone}`;
}

describe('parseTimestamptz', () => {
  it("reads PostgreSQL's text as V8 does, over every field's widths, fractions and zones", () => {
    const fractions = ['', '.5', '.12', '.123', '.1239', '.000001', '.999999'];
    const zones = [0, 60, -480, 330, -570, 345, 840, -720];
    let checked = 0;
    for (let i = 0; i < 3000; i++) {
      const date = new Date(-30_000_000_000_000 + i * 77_003_123_457);
      const text = postgresText(date, zones[i % zones.length]!, fractions[i % fractions.length]!);
      // Read here, not handed on: the same instant as V8's.
      expect(timestamptzMs(text), text).toBe(v8(text));
      expect(parseTimestamptz(text).getTime(), text).toBe(v8(text));
      checked++;
    }
    expect(checked).toBe(3000);
  });

  it('reads the edges of the form: leap days, the last millisecond of a year, years 1000 and 9999', () => {
    for (const text of [
      '2024-02-29 23:59:59.999+00',
      '2023-12-31 23:59:59.999999+00',
      '2000-02-29 00:00:00+00',
      '1000-01-01 00:00:00+00',
      '9999-12-31 23:59:59.999-12',
      '1970-01-01 00:00:00+00',
      '1969-12-31 23:59:59.999+00',
      '2026-04-30 12:00:00+00',
      '2026-06-30 12:00:00+00',
      '2026-09-30 12:00:00+00',
      '2026-11-30 12:00:00+00',
      '2026-12-31 12:00:00+00',
      '2026-05-31 12:00:00+00',
      '1600-02-29 12:00:00+00',
      '2026-11-28 23:59:59+00',
      '2026-11-28 07:40:07.5-09:59',
    ]) {
      expect(timestamptzMs(text), text).toBe(v8(text));
      expect(parseTimestamptz(text).getTime(), text).toBe(v8(text));
    }
    expect(parseTimestamptz('2026-11-28 07:40:07.123456+00').toISOString()).toBe('2026-11-28T07:40:07.123Z');
    expect(parseTimestamptz('2026-11-28 07:40:07.12+05:30').toISOString()).toBe('2026-11-28T02:10:07.120Z');
  });

  it("hands anything else to V8's own parse, whatever V8 makes of it", () => {
    for (const text of [
      'infinity',
      '-infinity',
      '2026-01-01 00:00:00+00 BC',
      '0099-01-01 00:00:00+00',
      '0999-12-31 23:59:59+00',
      '10000-01-01 00:00:00+00',
      '1883-11-18 12:00:00+00:53:28',
      '2026-02-31 00:00:00+00',
      '2023-02-29 00:00:00+00',
      '2026-11-28 24:00:00+00',
      '2026-11-28 07:40:60+00',
      '2026-11-28 07:40:07.+00',
      '2026-11-28 07:40:07+0',
      '2026-11-28 07:40:07+00:',
      '2026-11-28 07:40:07+05:60',
      '2026-11-28T07:40:07.123Z',
      '2026-13-01 00:00:00+00',
      'x026-11-28 07:40:07+00',
      '2026-04-31 00:00:00+00',
      '2026-06-31 00:00:00+00',
      '2026-09-31 00:00:00+00',
      '2026-11-31 00:00:00+00',
      '1900-02-29 00:00:00+00',
      '2026-00-10 00:00:00+00',
      '2026-11-00 00:00:00+00',
      '2026-11-28 07:60:00+00',
      '2026-11-28 07:40:07x+00',
      '2026-11-28 07:40:07.12a+00',
      '2026-11-28 07:40:07+0a',
      '2026-11-28 07:40:07+05:3',
      '2026-11-28 07:40:07+05x30',
      '2026-11-28 07:40:07*00',
      '2026x11-28 07:40:07+00',
      '2026-11-28 07:40:07+05:300',
      '2026-11-28 07:40:07 +00',
      '2026-11-28-07:40:07+00',
      '2026/11/28 07:40:07+00',
      '2026-11/28 07:40:07+00',
      '2026-11-28 07-40:07+00',
      '2026-11-28 07:40-07+00',
      '',
    ]) {
      // Not read here: V8 decides, whatever it makes of it.
      expect(timestamptzMs(text), text).toBeNaN();
      expect(parseTimestamptz(text).getTime(), text).toEqual(v8(text));
    }
  });
});
