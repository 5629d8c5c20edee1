import { describe, expect, it } from 'vitest';
import { isoTime } from './iso-time.js';

describe('isoTime', () => {
  it('writes what toISOString writes, to the millisecond', () => {
    const edges = [
      '2026-01-01T00:00:00.000Z',
      '2026-12-31T23:59:59.999Z',
      '2024-02-29T09:05:07.010Z',
      '1000-01-01T00:00:00.001Z',
      '9999-12-31T23:59:59.099Z',
      '1970-01-01T00:00:00.000Z',
    ].map((text) => new Date(text));
    // Every field's every width, over seventy years of instants.
    const spread = Array.from({ length: 5000 }, (_, i) => new Date(i * 441_504_123 + 12_345));
    for (const date of [...edges, ...spread]) expect(isoTime(date)).toBe(date.toISOString());
  });

  it("leaves years outside 1000–9999 and invalid dates to V8's own", () => {
    for (const date of [new Date('0999-12-31T23:59:59.999Z'), new Date(8.64e15), new Date(-8.64e15)]) {
      expect(isoTime(date)).toBe(date.toISOString());
    }
    expect(isoTime(new Date(8.64e15))).toBe('+275760-09-13T00:00:00.000Z');
    expect(() => isoTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
