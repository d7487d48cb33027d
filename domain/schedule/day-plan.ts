/**
 * The owner's day (docs/decisions/031): which day the dashboard opens on (today, or the next
 * day with work when today has none), the next seven days after it, and what the owner needs at
 * each door: the arrival window, whom to call, where to drive, what to bring, parking and notes,
 * the balance to collect. Pure over the rows the admin mirrors; dates `YYYY-MM-DD` in
 * America/New_York, amounts in cents.
 */
import { addDays, type Ymd } from './calendar';
import { ADDONS, isAddonId, TREE_SIZE_INFO } from '../catalog';
import { packageTitle } from '../booking/display';
import { visitWindowText } from '../mail/letter';
import type { BookingSchedule } from './overlap';
import { scheduleItemsOn, type ConsultationSchedule, type ScheduleItem } from './schedule';
import type { BookingRow } from '../booking/booking-row';

/** How far ahead the dashboard looks for the next day with work when today has none (days). */
export const NEXT_WORK_LOOKAHEAD_DAYS = 90;
/** The days listed after the day shown. */
export const UPCOMING_DAYS = 7;

/** Dates `from`..`to` (inclusive, `YYYY-MM-DD`) whose visits and consultations the device holds in full. */
export interface DateWindow {
  from: Ymd;
  to: Ymd;
}

/**
 * True when the day plan of `today` (`day` shown, holding work or not, then UPCOMING_DAYS after
 * it) reads only dates inside `window`, so a plan made from the window's records alone is the
 * plan the whole mirror would give: every date from today to the day shown held no work, and the
 * day and the week after it are complete. A `day` found outside the window may not be the first
 * day with work, and a day without work says nothing is scheduled for the whole lookahead.
 */
export function dayPlanCovered(window: DateWindow, today: Ymd, day: Ymd, dayHasWork: boolean): boolean {
  return dayHasWork && window.from <= today && day >= today && addDays(day, UPCOMING_DAYS) <= window.to;
}

/** The day the dashboard opens on: `today` when it holds work, else the next day that does (within the lookahead), else `today`. */
export function dayToShow(today: Ymd, bookings: readonly (BookingSchedule & { id: string })[], consultations: readonly ConsultationSchedule[], nowMs: number): Ymd {
  for (let i = 0; i <= NEXT_WORK_LOOKAHEAD_DAYS; i++) {
    const d = addDays(today, i);
    if (scheduleItemsOn(d, bookings, consultations, nowMs).length > 0) return d;
  }
  return today;
}

/** The UPCOMING_DAYS days after `day` that hold work, each with its items in slot order. */
export function upcomingDays(day: Ymd, bookings: readonly (BookingSchedule & { id: string })[], consultations: readonly ConsultationSchedule[], nowMs: number): { date: Ymd; items: ScheduleItem[] }[] {
  const out: { date: Ymd; items: ScheduleItem[] }[] = [];
  for (let i = 1; i <= UPCOMING_DAYS; i++) {
    const date = addDays(day, i);
    const items = scheduleItemsOn(date, bookings, consultations, nowMs);
    if (items.length > 0) out.push({ date, items });
  }
  return out;
}

/** The booking fields a visit card reads. */
export type VisitBooking = Pick<BookingRow, 'package_type' | 'tree_size' | 'luxe_finish' | 'keep_ornaments' | 'extra_tree' | 'install_time_slot' | 'removal_time_slot'> &
  Partial<Pick<BookingRow, 'selected_addons'>>;

/** What to bring to a visit: the package and size, each add-on (with its quantity), the Luxe Finish, keep-ornaments, an extra tree. */
export function bringList(b: VisitBooking): string[] {
  const size = TREE_SIZE_INFO[b.tree_size as keyof typeof TREE_SIZE_INFO]?.label ?? b.tree_size;
  const out = [`${packageTitle(b.package_type)}, ${size}`];
  for (const a of b.selected_addons ?? []) {
    if (!a || typeof a.id !== 'string') continue;
    const title = isAddonId(a.id) ? ADDONS[a.id].title : a.id;
    out.push(a.quantity && a.quantity > 1 ? `${title} × ${a.quantity}` : title);
  }
  if (b.luxe_finish) out.push('Luxe Finish');
  if (b.keep_ornaments) out.push('Customer keeps the tree and ornaments');
  if (b.extra_tree) out.push('Extra tree');
  return out;
}

/** The visit's slot and arrival window: "9 AM - 3 PM, arriving between 9 AM and 10 AM". */
export function visitWindow(b: VisitBooking, kind: 'install' | 'removal'): string {
  return visitWindowText(kind === 'install' ? b.install_time_slot : b.removal_time_slot);
}

/** A phone number as a tel: link (digits and a leading +). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** A maps search for `address` (opens the phone's maps app). */
export function mapsHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/**
 * Driving directions through `addresses` in order, from where the phone is: the last one the
 * destination, the others waypoints. Null when there are none.
 */
export function directionsHref(addresses: readonly string[]): string | null {
  const stops = addresses.filter((a) => a.trim());
  if (stops.length === 0) return null;
  const waypoints = stops.length > 1 ? `&waypoints=${encodeURIComponent(stops.slice(0, -1).join('|'))}` : '';
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(stops[stops.length - 1]!)}${waypoints}&travelmode=driving`;
}
