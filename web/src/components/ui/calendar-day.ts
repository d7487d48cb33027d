/**
 * Calendar days for react-day-picker: a `YYYY-MM-DD` day (docs/product.md dates are New York calendar
 * days) as the local-midnight Date the calendar shows as that day, and back. No time zone is
 * involved: a calendar day is the same day on any device, and only "today" depends on where
 * one is, which callers pass in as a day of New York (domain/schedule/calendar businessToday or the
 * server's season). DayPicker's own `timeZone` mode does every date step through Intl and was
 * the slowest part of opening the admin schedule.
 */
import { format } from 'date-fns';
import type { Ymd } from '@domain/schedule/calendar';

/** The Date a calendar shows as `ymd`. */
export function dayDate(ymd: Ymd): Date {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** The `YYYY-MM-DD` of a day a calendar gave back (from dayDate or a click). */
export function dayYmd(date: Date): Ymd {
  return format(date, 'yyyy-MM-dd');
}
