import { describe, expect, it } from 'vitest';
import { dayDate, dayYmd } from './calendar-day';

describe('calendar days', () => {
  it('shows a day as that day and gives the same day back, across the season and its DST change', () => {
    for (const ymd of ['2026-11-01', '2026-11-02', '2026-11-23', '2026-12-31', '2027-01-01', '2027-03-14', '2027-03-15']) {
      const date = dayDate(ymd);
      expect(dayYmd(date)).toBe(ymd);
      expect(date.getDate()).toBe(Number(ymd.slice(8)));
    }
  });
});
