import { describe, expect, it } from 'vitest';
import { notificationTime, renderNotificationText } from './notifications.js';
import { TimeZoneSchema, UserSettingsInputSchema } from './settings.js';

describe('times inside notifications', () => {
  const at = new Date('2026-11-26T12:26:00.000Z');

  it('travel as ISO values and are written by the reader', () => {
    const text = `Answer by ${notificationTime(at)}; or by ${notificationTime(new Date(at.getTime() + 3600_000))}.`;
    expect(text).toBe(
      'Answer by {{time:2026-11-26T12:26:00.000Z}}; or by {{time:2026-11-26T13:26:00.000Z}}.',
    );
    expect(renderNotificationText(text, (d) => d.toISOString().slice(11, 16))).toBe(
      'Answer by 12:26; or by 13:26.',
    );
  });

  it('leave text that only looks like a token alone', () => {
    for (const text of [
      '{{time:yesterday}}',
      '{{time:2026-11-26}}',
      'no token',
      '{time:2026-11-26T12:26:00Z}',
    ]) {
      expect(renderNotificationText(text, () => 'X')).toBe(text);
    }
  });
});

describe('TimeZoneSchema', () => {
  it('takes IANA names and answers their canonical spelling', () => {
    expect(TimeZoneSchema.parse('Europe/Berlin')).toBe('Europe/Berlin');
    expect(TimeZoneSchema.parse('America/Argentina/Buenos_Aires')).toMatch(/Buenos_Aires$/);
    expect(TimeZoneSchema.parse('UTC')).toBe('UTC');
    expect(TimeZoneSchema.parse('europe/berlin')).toBe('Europe/Berlin');
  });

  it('refuses what no runtime knows, and anything that is not a zone name', () => {
    for (const bad of [
      'Mars/Olympus',
      '',
      'Europe/Berlin; drop table',
      '../../etc/passwd',
      'x'.repeat(65),
      42,
    ]) {
      expect(TimeZoneSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('settings input needs at least one setting, and no others', () => {
    expect(UserSettingsInputSchema.safeParse({}).success).toBe(false);
    expect(UserSettingsInputSchema.safeParse({ timeZone: 'Asia/Tokyo', role: 'admin' }).success).toBe(false);
    expect(UserSettingsInputSchema.parse({ timeZone: 'Asia/Tokyo' })).toEqual({ timeZone: 'Asia/Tokyo' });
  });
});
