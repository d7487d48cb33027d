import { TZDate } from '@date-fns/tz';
import { eachDayOfInterval } from 'date-fns';
import { formatDay } from 'react-day-picker';
import { describe, expect, it } from 'vitest';
import { formatLongDate } from '@domain/schedule/calendar';
import { dayButtonLabel, dayPickerLabels } from './day-picker-labels';

const words = (label: string) => label.split(/[^\p{L}\p{N}]+/u);

describe('calendar day button labels', () => {
  it('holds the visible day number as a word on every day (WCAG 2.5.3 Label in Name)', () => {
    for (const day of eachDayOfInterval({ start: new Date(2026, 10, 1), end: new Date(2027, 0, 31) })) {
      const label = dayButtonLabel(day, { today: true, selected: true });
      expect(words(label), label).toContain(formatDay(day));
    }
  });

  it('reads as the site writes dates, with Today first and selected last', () => {
    expect(dayButtonLabel(new Date(2026, 10, 1), {})).toBe('Sunday, November 1, 2026');
    expect(dayButtonLabel(new Date(2026, 10, 24), {})).toBe(formatLongDate('2026-11-24'));
    expect(dayButtonLabel(new Date(2026, 10, 20), { today: true, selected: true })).toBe('Today, Friday, November 20, 2026, selected');
    expect(dayButtonLabel(new Date(2026, 10, 23), { disabled: true, outside: false })).toBe('Monday, November 23, 2026');
  });

  it('adds a hint for each modifier the calendar names, before selected', () => {
    const hints = { scheduled: 'has scheduled items' };
    expect(dayButtonLabel(new Date(2026, 11, 4), { scheduled: true, selected: true }, hints)).toBe('Friday, December 4, 2026, has scheduled items, selected');
    expect(dayButtonLabel(new Date(2026, 11, 5), { scheduled: false }, hints)).toBe('Saturday, December 5, 2026');
    expect(dayPickerLabels(hints).labelDayButton(new Date(2026, 11, 4), { scheduled: true, today: true })).toBe('Today, Friday, December 4, 2026, has scheduled items');
  });

  it("names a time-zoned calendar's day in that zone", () => {
    // 11 PM in New York on November 1 is already November 2 in UTC.
    const lateEvening = new TZDate(2026, 10, 1, 23, 'America/New_York');
    expect(dayButtonLabel(lateEvening, {})).toBe('Sunday, November 1, 2026');
    expect(words(dayButtonLabel(lateEvening, {}))).toContain(formatDay(lateEvening));
  });
});
