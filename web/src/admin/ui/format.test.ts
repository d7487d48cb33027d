import { describe, expect, it } from 'vitest';
import { formatDateField, formatShortDate, formatTimeOfDay, formatTimestamp, mapsHref, telHref } from './format';

describe('admin display helpers', () => {
  it('shows timestamps in New York time', () => {
    expect(formatTimestamp('2026-11-20 17:00:00.000Z')).toBe('Nov 20, 2026, 12:00 PM');
    expect(formatTimestamp('2026-07-04 16:30:00.000Z')).toBe('Jul 4, 2026, 12:30 PM');
    expect(formatTimestamp('')).toBe('');
    expect(formatTimeOfDay(Date.parse('2026-11-24T15:42:00Z'))).toBe('10:42 AM');
  });
  it('formats date fields', () => {
    expect(formatDateField('2026-11-24')).toBe('Tuesday, November 24, 2026');
    expect(formatShortDate('2026-11-24')).toBe('Tue, Nov 24, 2026');
    expect(formatDateField('')).toBe('—');
  });
  it('links phones and addresses', () => {
    expect(telHref('(410) 555-0199')).toBe('tel:4105550199');
    expect(telHref('+1 410 555 0199')).toBe('tel:+14105550199');
    expect(mapsHref('42 Evergreen Lane, Ellicott City, MD 21043')).toBe('https://www.google.com/maps/search/?api=1&query=42%20Evergreen%20Lane%2C%20Ellicott%20City%2C%20MD%2021043');
  });
});
