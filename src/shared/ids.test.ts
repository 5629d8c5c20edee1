import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdSchema, MAX_ID, parseId } from './ids';

describe('IdSchema', () => {
  it.each(['1', '42', String(MAX_ID)])('accepts %s', (raw) => {
    expect(IdSchema.parse(raw)).toBe(Number(raw));
  });

  it.each(['0', '-1', '0x10', '1e3', '3.0', ' 3', '%203', '3 ', '+3', '03', String(MAX_ID + 1), '', 'abc'])(
    'refuses %j',
    (raw) => {
      expect(IdSchema.safeParse(raw).success).toBe(false);
      expect(parseId(raw)).toBeNull();
    },
  );

  it('refuses anything that is not a string', () => {
    expect(IdSchema.safeParse(3).success).toBe(false);
    expect(parseId(undefined)).toBeNull();
  });

  it('round-trips every valid id', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: MAX_ID }), (id) => parseId(String(id)) === id));
  });
});
