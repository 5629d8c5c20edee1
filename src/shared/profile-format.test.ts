import { describe, expect, it } from 'vitest';
import {
  descriptionItems,
  firstOfMonth,
  formatDateRange,
  formatDescriptionBullets,
  formatMonthDayYear,
  formatMonthYear,
  splitIsoDate,
  yearOptions,
} from './profile-format';

describe('profile dates', () => {
  it('formats stored dates as short month and year in en-US', () => {
    expect(formatMonthYear('2024-01-01')).toBe('Jan 2024');
    expect(formatMonthYear(null)).toBe('');
    expect(formatMonthDayYear('2025-01-05T15:04:00Z')).toBe('Jan 5, 2025');
  });

  it('shows Present for a current job', () => {
    expect(formatDateRange('2020-03-01', null, true)).toBe('Mar 2020 - Present');
    expect(formatDateRange('2020-03-01', '2022-12-01', false)).toBe('Mar 2020 - Dec 2022');
    expect(formatDateRange('2020-03-01', null, false)).toBe('Mar 2020');
  });

  it('offers the current year and the 49 before it', () => {
    const years = yearOptions(new Date('2026-06-01T00:00:00Z'));
    expect(years).toHaveLength(50);
    expect(years[0]).toBe(2026);
    expect(years[49]).toBe(1977);
  });

  it('stores the first of the chosen month and reads it back', () => {
    expect(firstOfMonth(2024, 3)).toBe('2024-03-01');
    expect(splitIsoDate('2024-03-01')).toEqual({ year: 2024, month: 3 });
    expect(splitIsoDate('')).toBeNull();
  });
});

describe('description bullets', () => {
  it('turns stars, dash-space and bullet characters into bullet lines', () => {
    expect(formatDescriptionBullets('* Led a team * Shipped it')).toBe('• Led a team\n• Shipped it');
    expect(formatDescriptionBullets('- one - two')).toBe('• one\n• two');
    expect(formatDescriptionBullets('• a • b')).toBe('• a\n• b');
  });

  it('leaves plain text and hyphenated words alone', () => {
    expect(formatDescriptionBullets('Built a well-known tool')).toBe('Built a well-known tool');
  });

  it('splits a description into items', () => {
    expect(descriptionItems('* a\n* b')).toEqual(['a', 'b']);
    expect(descriptionItems('Just text')).toEqual(['Just text']);
    expect(descriptionItems(null)).toEqual([]);
  });
});
