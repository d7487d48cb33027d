/**
 * GET /api/fn/full-days?size=7.5-9ft&kind=install|removal[&installDate=…][&package=<slug>][&notice=off]
 * Which days of the visit kind's season window are full for the tree size, in one read: the
 * calendars mark them 'Full – join the waitlist' and open on the first month with a day that is
 * neither refused nor full (docs/product.md §2 Date picker; domain/schedule/full-days.ts).
 * A day is full exactly when GET /api/fn/availability with the same parameters would answer
 * bookable with every slot taken (the same dayAnswer, without the travel buffer). The window's
 * bookings are read in one query and kept until a booking or an offer changes (lib/kept.ts), as
 * one date's are for the availability.
 *
 * 200 { size, kind, from, to, full: ['YYYY-MM-DD', …] } (`from` the day after today or the
 * window's start, `to` its end; `full` sorted, empty when the window has passed). 400 for
 * malformed parameters, with the availability route's sentences.
 */
import { addDays } from '@domain/schedule/calendar';
import { bookingsByDate, datesBetween, isFullDay } from '@domain/schedule/full-days';
import { dayAnswer } from '@domain/schedule/day-answer';
import type { BookingSchedule } from '@domain/schedule/overlap';
import { bookingsOnDates } from '../booking-store/bookings-repo';
import { dayRulesOf } from './availability-route';
import { kept } from '../kept';

export function fullDaysRoute(e: core.RequestEvent): void {
  const rules = dayRulesOf(e);
  const { ctx, kind, size } = rules;
  const window = kind === 'install' ? ctx.season.install : ctx.season.removal;
  // The owner's phone booking may book today (docs/decisions/059); a customer from tomorrow.
  const first = rules.owner ? ctx.today : addDays(ctx.today, 1);
  const from = window.start > first ? window.start : first;
  const dates = datesBetween(from, window.end);
  const byDate = dates.length ? keptWindow($app, dates[0]!, dates[dates.length - 1]!, dates) : new Map<string, BookingSchedule[]>();
  const full = dates.filter((d) => isFullDay(dayAnswer(d, rules, () => byDate.get(d) ?? [])));
  return e.json(200, { size, kind, from, to: window.end, full });
}

/**
 * The bookings, holds and open offers with a visit on any of `dates` (from `first` to `last`),
 * by date: one query, kept until a booking or an offer changes. Shared: never change it.
 */
function keptWindow(app: CoreApp, first: string, last: string, dates: string[]): ReadonlyMap<string, BookingSchedule[]> {
  return kept(app, 'bookings', `window:${first}|${last}`, () => bookingsByDate(bookingsOnDates(app, dates)));
}
