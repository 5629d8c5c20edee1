import { describe, expect, it } from 'vitest';
import { rankCandidates } from './matching.js';
import { recordTier, toReferrerRecord, type RecordCounts } from './record.js';

describe('rankCandidates', () => {
  const at = (iso: string) => new Date(iso);
  it('orders verified first, then by fewest open, then longest since last assignment, dropping full ones', () => {
    const candidates = [
      { userId: 1, isVerified: false, lastAssignedAt: null },
      { userId: 2, isVerified: true, lastAssignedAt: at('2026-01-02T00:00:00Z') },
      { userId: 3, isVerified: true, lastAssignedAt: at('2026-01-01T00:00:00Z') },
      { userId: 4, isVerified: true, lastAssignedAt: null },
      { userId: 5, isVerified: true, lastAssignedAt: null },
    ];
    const open = new Map([
      [4, 1],
      [5, 3],
    ]);
    expect(rankCandidates(candidates, open, 3).map((c) => c.userId)).toEqual([3, 2, 4, 1]);
    expect(
      rankCandidates(
        candidates,
        new Map([
          [1, 3],
          [2, 3],
          [3, 3],
          [4, 3],
          [5, 3],
        ]),
        3,
      ),
    ).toEqual([]);
  });

  it('puts fewer open requests first, then the never assigned, then the lower user id', () => {
    const verified = (userId: number, lastAssignedAt: Date | null = null) => ({
      userId,
      isVerified: true,
      lastAssignedAt,
    });
    const ids = (list: { userId: number }[]) => list.map((c) => c.userId);
    const none = new Map<number, number>();
    expect(
      ids(
        rankCandidates(
          [verified(1), verified(2)],
          new Map([
            [1, 2],
            [2, 1],
          ]),
          3,
        ),
      ),
    ).toEqual([2, 1]);
    expect(ids(rankCandidates([verified(2, at('2026-01-01T00:00:00Z')), verified(3)], none, 3))).toEqual([
      3, 2,
    ]);
    expect(ids(rankCandidates([verified(9), verified(4)], none, 3))).toEqual([4, 9]);
  });

  it('puts the better record tier before fewer open referrals, and verified before any record', () => {
    const c = (userId: number, isVerified = true) => ({ userId, isVerified, lastAssignedAt: null });
    const open = new Map([
      [1, 2],
      [2, 0],
      [3, 1],
    ]);
    // 1 good (0), 2 poor (2), 3 new (1, also when missing from the map).
    const tiers = new Map([
      [1, 0],
      [2, 2],
    ]);
    expect(rankCandidates([c(1), c(2), c(3)], open, 3, tiers).map((x) => x.userId)).toEqual([1, 3, 2]);
    expect(rankCandidates([c(1, false), c(2), c(3, false)], open, 3, tiers).map((x) => x.userId)).toEqual([
      2, 1, 3,
    ]);
  });
});

describe('recordTier', () => {
  const DAY = 86_400_000;
  const counts = (over: Partial<RecordCounts>): RecordCounts => ({
    asked: 10,
    answeredInTime: 10,
    medianSecondsToAnswer: 3600,
    submitted: 0,
    confirmed: 0,
    notReceived: 0,
    ...over,
  });
  it('is new below five due, good when quick, in time and arriving, poor otherwise', () => {
    expect(recordTier(counts({ asked: 4, answeredInTime: 0 }), 5 * DAY)).toBe(1);
    expect(recordTier(counts({}), 5 * DAY)).toBe(0);
    expect(recordTier(counts({ answeredInTime: 8 }), 5 * DAY)).toBe(0);
    expect(recordTier(counts({ answeredInTime: 7 }), 5 * DAY)).toBe(2);
    expect(recordTier(counts({ medianSecondsToAnswer: 2.5 * 86_400 }), 5 * DAY)).toBe(0);
    expect(recordTier(counts({ medianSecondsToAnswer: 2.5 * 86_400 + 1 }), 5 * DAY)).toBe(2);
    expect(recordTier(counts({ answeredInTime: 5, asked: 5, medianSecondsToAnswer: null }), 5 * DAY)).toBe(2);
    expect(recordTier(counts({ notReceived: 1 }), 5 * DAY)).toBe(0);
    expect(recordTier(counts({ notReceived: 2, confirmed: 2 }), 5 * DAY)).toBe(0);
    expect(recordTier(counts({ notReceived: 2, confirmed: 1 }), 5 * DAY)).toBe(2);
  });

  it('gives the referrer counts always, and the median in hours only once not thin', () => {
    expect(toReferrerRecord(counts({ asked: 4, answeredInTime: 4 }))).toMatchObject({
      asked: 4,
      medianHoursToAnswer: null,
      thin: true,
    });
    expect(toReferrerRecord(counts({ medianSecondsToAnswer: 5_400 }))).toMatchObject({
      medianHoursToAnswer: 1.5,
      thin: false,
    });
  });
});
