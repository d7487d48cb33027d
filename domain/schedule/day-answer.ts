/**
 * One date's answer of the booking calendar (docs/product.md §2 Date picker, §5 Dates): why the
 * date cannot be booked, or every slot offered for a tree size and visit kind with its
 * availability. The server's GET /api/fn/availability and GET /api/fn/full-days answer with it
 * (pb_hooks/src/lib/bookings/availability-route.ts), and the admin's Schedule marks its full
 * days with it from the bookings on the phone (web/src/admin/features/schedule/), so a day one
 * calls full is one the others call full. Pure.
 */
import { TREE_SIZES, type TreeSize } from '../catalog';
import type { Ymd } from './calendar';
import { isFullDay } from './full-days';
import { isOfferHold, markOfferHeld, type OwnerSlotChoice } from '../waitlist/waitlist';
import { noticeHint, visitDayNoticeProblem, visitDayStartedProblem } from './notice';
import { slotChoices, type BookingSchedule } from './overlap';
import { installDateProblem, removalDateProblem, type DateContext } from './season';
import { slotsFor, type VisitKind } from './slots';
import type { TravelCheck } from './travel-buffer';

/** What one date's answer depends on besides the date and the day's bookings. */
export interface DayRules {
  size: TreeSize;
  kind: VisitKind;
  /** The booking's installation date (a removal after it; its season), or null. */
  installDate: string | null;
  ctx: DateContext;
  /** The clock (epoch ms). */
  nowMs: number;
  /** The package's notice in hours, or null when the notice is off (the owner's phone booking). */
  noticeHours: number | null;
  /** Crews working at the same time: a slot is taken when this many active bookings overlap it. */
  crews: number;
  /**
   * The signed-in owner's phone booking (the notice off): today's times not yet started are
   * offered (docs/decisions/059), and a slot held only by open waitlist offers is available, `offerHeld`.
   */
  owner: boolean;
}

/** One date's answer: `reason` and no slots when it cannot be booked, else every offered slot. */
export interface DayAnswer {
  bookable: boolean;
  reason: string | null;
  /** "Bookings need 48 hours' notice." when slots were left out for the notice, else null. */
  noticeHint: string | null;
  slots: OwnerSlotChoice[];
}

/**
 * One date's answer: `reason` (why it cannot be booked) and no slots, or every offered slot
 * with its availability against `day()` (the date's bookings, holds and open offers, read only
 * when the date's rules allow it), checked for the drive when `travel` is given.
 */
export function dayAnswer(date: string, r: DayRules, day: () => readonly BookingSchedule[], travel: TravelCheck | null = null): DayAnswer {
  const closing = r.ctx.season.closingHours;
  const reason =
    (r.kind === 'install' ? installDateProblem(date, r.ctx) : removalDateProblem(date, r.installDate, r.ctx)) ??
    (r.noticeHours === null ? (r.owner ? visitDayStartedProblem(date, r.size, r.kind, r.nowMs, closing) : null) : visitDayNoticeProblem(date, r.size, r.kind, r.nowMs, r.noticeHours, closing));
  if (reason) return { bookable: false, reason, noticeHint: null, slots: [] };
  // The owner's: the times already started are left out (a notice of 0 hours).
  const choose = (schedules: readonly BookingSchedule[]) => slotChoices(r.size, date, r.kind, schedules, r.nowMs, r.crews, { noticeHours: r.owner ? 0 : r.noticeHours, travel, closingHours: closing });
  const schedules = day();
  const all = choose(schedules);
  // Only the owner learns that an offer holds a time (the waitlist contract's phone booking).
  const slots = r.owner ? markOfferHeld(all, choose(schedules.filter((s) => !isOfferHold(s)))) : all;
  const leftOut = slots.length < slotsFor(r.size, date, r.kind, closing).length;
  return { bookable: true, reason: null, noticeHint: leftOut && r.noticeHours !== null ? noticeHint(r.noticeHours) : null, slots };
}

/** The rules of the owner's own view of a day (the admin Schedule): the notice off, today's times not yet started offered. */
export type OwnerDayRules = Pick<DayRules, 'ctx' | 'nowMs' | 'crews'>;

/**
 * The days of `dates` (`YYYY-MM-DD`) with no time left for a visit of any kind or tree size:
 * every slot of every size's answer (dayAnswer, the owner's rules: no notice, no travel buffer)
 * taken by the active bookings of `byDate` (domain/schedule/full-days.ts bookingsByDate). The
 * admin Schedule marks them 'Full' (docs/product.md §2 Schedule), from the bookings on the phone.
 * A day that cannot be booked at all (past, blocked, out of season) is not full.
 */
export function fullForEveryTree(dates: Iterable<Ymd>, byDate: ReadonlyMap<Ymd, readonly BookingSchedule[]>, rules: OwnerDayRules): Set<Ymd> {
  const full = new Set<Ymd>();
  for (const date of dates) {
    const day = () => byDate.get(date) ?? [];
    const kindFull = (kind: VisitKind) => TREE_SIZES.every((size) => isFullDay(dayAnswer(date, { ...rules, size, kind, installDate: null, noticeHours: null, owner: true }, day)));
    if (kindFull('install') || kindFull('removal')) full.add(date);
  }
  return full;
}
