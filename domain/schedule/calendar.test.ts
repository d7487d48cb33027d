import { describe, expect, it } from 'vitest';
import { addDays, businessToday, datesBetween, isYmd, newYorkOffsetHours, parseTimestamp, weekdayOf } from './calendar';

describe('calendar dates', () => {
  it('validates YYYY-MM-DD', () => {
    expect(isYmd('2026-11-24')).toBe(true);
    expect(isYmd('2026-02-30')).toBe(false);
    expect(isYmd('2026-1-5')).toBe(false);
    expect(isYmd(20261124)).toBe(false);
  });
  it('knows weekdays and adds days across months and years', () => {
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(weekdayOf('2026-11-24')).toBe(2);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(datesBetween('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });
  it('computes today in New York across midnight and daylight saving', () => {
    expect(businessToday(new Date('2026-11-21T04:59:00Z'))).toBe('2026-11-20');
    expect(businessToday(new Date('2026-11-21T05:00:00Z'))).toBe('2026-11-21');
    expect(businessToday(new Date('2026-07-01T03:59:00Z'))).toBe('2026-06-30');
    expect(newYorkOffsetHours(new Date('2026-03-08T06:59:00Z'))).toBe(-5);
    expect(newYorkOffsetHours(new Date('2026-03-08T07:00:00Z'))).toBe(-4);
    expect(newYorkOffsetHours(new Date('2026-11-01T05:59:00Z'))).toBe(-4);
    expect(newYorkOffsetHours(new Date('2026-11-01T06:00:00Z'))).toBe(-5);
  });
  it('parses PocketBase timestamps', () => {
    expect(parseTimestamp('2026-11-20 15:00:00.000Z')).toBe(Date.UTC(2026, 10, 20, 15));
    expect(parseTimestamp('')).toBeNaN();
  });
});
