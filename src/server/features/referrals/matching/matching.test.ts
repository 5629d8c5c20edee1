import { describe, expect, it } from 'vitest';
import { rankCandidates } from './matching.js';

describe('rankCandidates', () => {
  const at = (iso: string) => new Date(iso);
  it('orders by fewest open, then verified, then longest since last assignment, dropping full ones', () => {
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
    expect(rankCandidates(candidates, open, 3).map((c) => c.userId)).toEqual([3, 2, 1, 4]);
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
});
