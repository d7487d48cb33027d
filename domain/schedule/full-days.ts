/**
 * Full days (docs/product.md §2 Date picker, the waitlist contract): a date the rules allow
 * whose every offered slot for the tree size is taken. The calendars mark such a day 'Full –
 * join the waitlist' (it can still be picked, to join the waitlist) and open on the first month
 * with a day that is neither refused nor full.
 */
import { addDays, formatMonthDay, type Ymd } from './calendar';
import type { BookingSchedule } from './overlap';
import { firstBookableDate, WORK_DAYS, workDaysText, type SeasonWindows } from './season';
import type { VisitKind } from './slots';

/** A full day's mark in the calendars: its legend entry and the words added to its button's name. */
export const FULL_DAY_LABEL = 'Full – join the waitlist';

/**
 * A full day's mark where a full day cannot be chosen (the consultation calendars: consultations
 * have no waitlist), and the admin Schedule's mark of a day with no time left for any tree.
 */
export const FULL_CLOSED_DAY_LABEL = 'Full';

/** The most dates one month-level read answers (GET /api/fn/full-days): a season window is about 40. */
export const FULL_DAYS_MAX_SPAN = 100;

/**
 * Whether one date's availability answer (GET /api/fn/availability: `bookable` and its `slots`)
 * is a full day: the date can be booked, it offers slots for the size, and every one is taken.
 * A date that cannot be booked at all (past, blocked, out of season, inside the notice) is not
 * full: nobody waits for it.
 */
export function isFullDay(a: { bookable: boolean; slots: readonly { available: boolean }[] } | null | undefined): boolean {
  return !!a && a.bookable && a.slots.length > 0 && a.slots.every((s) => !s.available);
}

/** Every date from `from` to `to` (`YYYY-MM-DD`, both included), at most FULL_DAYS_MAX_SPAN of them; [] when `to` is before `from`. */
export function datesBetween(from: Ymd, to: Ymd): Ymd[] {
  const out: Ymd[] = [];
  for (let d = from; d <= to && out.length < FULL_DAYS_MAX_SPAN; d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * `bookings` by the dates of their visits (`YYYY-MM-DD`): a booking installed and removed on
 * different days is listed under both, once under a day holding both its visits.
 */
export function bookingsByDate<B extends BookingSchedule>(bookings: Iterable<B>): Map<Ymd, B[]> {
  const byDate = new Map<Ymd, B[]>();
  const add = (d: string | null | undefined, b: B) => {
    if (!d) return;
    const list = byDate.get(d);
    if (list) list.push(b);
    else byDate.set(d, [b]);
  };
  for (const b of bookings) {
    add(b.install_date, b);
    if (b.removal_date !== b.install_date) add(b.removal_date, b);
  }
  return byDate;
}

/**
 * The day a calendar opens on (its month is shown): the first date after `today` that
 * `problem` allows and that is not in `full`; when every allowed day is full, the first allowed
 * one (its month shows the full days, to join a waitlist); null when no date is allowed within
 * the next 400 days.
 */
export function firstOpenDate(today: Ymd, problem: (d: Ymd) => string | null, full: ReadonlySet<Ymd>): Ymd | null {
  return firstBookableDate(today, (d) => problem(d) ?? (full.has(d) ? FULL_DAY_LABEL : null)) ?? firstBookableDate(today, problem);
}

/**
 * A visit calendar's legend line of which days can be chosen: installations on the season's
 * work days ('We install on Tuesdays, Fridays, Saturdays and Sundays.'), removals on any day of
 * the removal window ('We remove on any day from December 26 to January 31.').
 */
export function workDaysLegend(kind: VisitKind, season: Pick<SeasonWindows, 'removal' | 'workDays'>): string {
  if (kind === 'install') return `We install on ${workDaysText(season.workDays ?? WORK_DAYS)}.`;
  return `We remove on any day from ${formatMonthDay(season.removal.start)} to ${formatMonthDay(season.removal.end)}.`;
}
