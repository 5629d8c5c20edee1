import { describe, expect, it } from 'vitest';
import {
  NotificationIdParamsSchema,
  NotificationLinkSchema,
  NotificationListQuerySchema,
  NotificationSchema,
  formatBadgeCount,
  formatNotificationDate,
} from './notifications';

describe('formatBadgeCount', () => {
  it('is empty at 0 (the badge hides)', () => {
    expect(formatBadgeCount(0)).toBe('');
    expect(formatBadgeCount(-3)).toBe('');
    expect(formatBadgeCount(Number.NaN)).toBe('');
  });

  it('shows the number up to 99, then 99+', () => {
    expect(formatBadgeCount(1)).toBe('1');
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('99+');
    expect(formatBadgeCount(12_345)).toBe('99+');
  });
});

describe('formatNotificationDate', () => {
  it("formats like 'Jan 5, 2025 3:04 PM' in local time", () => {
    expect(formatNotificationDate(new Date(2025, 0, 5, 15, 4))).toBe('Jan 5, 2025 3:04 PM');
    expect(formatNotificationDate(new Date(2024, 11, 31, 0, 9))).toBe('Dec 31, 2024 12:09 AM');
  });

  it('accepts the ISO string the API sends', () => {
    const local = new Date(2025, 6, 14, 9, 30);
    expect(formatNotificationDate(local.toISOString())).toBe('Jul 14, 2025 9:30 AM');
  });

  it('gives an empty string for an unreadable date instead of throwing', () => {
    expect(formatNotificationDate('not a date')).toBe('');
  });
});

describe('schemas', () => {
  it('parses a notification from the API', () => {
    const n = {
      id: 1,
      title: 'Welcome to ReferBridge!',
      message: 'Complete your profile.',
      type: 'welcome',
      link: null,
      read: false,
      createdAt: '2025-01-05T15:04:00.000Z',
    };
    expect(NotificationSchema.parse(n)).toEqual(n);
  });

  it('list query: defaults to 50, accepts 1..100 and an id cursor', () => {
    expect(NotificationListQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(NotificationListQuerySchema.parse({ limit: '1', before: '7' })).toEqual({ limit: 1, before: 7 });
    expect(NotificationListQuerySchema.parse({ limit: '100' }).limit).toBe(100);
    for (const limit of ['0', '101', '2.5', 'ten', '-1']) {
      expect(NotificationListQuerySchema.safeParse({ limit }).success).toBe(false);
    }
    for (const before of ['0', 'abc', '99999999999']) {
      expect(NotificationListQuerySchema.safeParse({ before }).success).toBe(false);
    }
  });

  it('id params: positive 32-bit integers only', () => {
    expect(NotificationIdParamsSchema.parse({ id: '42' })).toEqual({ id: 42 });
    for (const id of ['0', '-1', '1.5', 'abc', '2147483648', '']) {
      expect(NotificationIdParamsSchema.safeParse({ id }).success).toBe(false);
    }
  });

  it('links stay inside the app', () => {
    expect(NotificationLinkSchema.safeParse('/profile/edit').success).toBe(true);
    expect(NotificationLinkSchema.safeParse('/my-referrals?tab=incoming').success).toBe(true);
    for (const link of ['https://evil.example', '//evil.example', 'javascript:alert(1)', '/a b', '/\\evil']) {
      expect(NotificationLinkSchema.safeParse(link).success).toBe(false);
    }
  });
});
