/**
 * Slot overlap and booking activity (docs/product.md §7 check_slot_overlap; docs/architecture.md reading 4).
 * A slot is unavailable when it overlaps, on the same date, the install or removal visit of
 * as many active bookings as there are crews.
 */
import { parseTimestamp, type Ymd } from './calendar';
import type { TreeSize } from '../catalog';
import { parseSlotId, slotsFor, type ClosingHours, type TimeSlot, type VisitKind } from './slots';
import { parseZip } from '../place/distance';
import { insideNotice } from './notice';
import { slotBlocked, type PlacedVisit, type TravelCheck } from './travel-buffer';
import { BookingStatus, wentAhead } from '../booking/lifecycle';
import type { BookingRow } from '../booking/booking-row';

/** The stored booking fields the overlap check reads (PocketBase record shape). */
export type BookingSchedule = Pick<BookingRow, 'status' | 'payment_status' | 'install_date' | 'install_time_slot'> &
  Partial<Pick<BookingRow, 'id' | 'hold_expires_at' | 'removal_date' | 'removal_time_slot' | 'customer_address'>>;

/** Minutes a pending checkout holds its slots (Stripe's minimum session life). */
export const HOLD_MINUTES = 30;

/** Half-open hour ranges [start, end) overlap. Back-to-back slots (9-12, 12-15) do not. */
export function hoursOverlap(a: { startHour: number; endHour: number }, b: { startHour: number; endHour: number }): boolean {
  return a.startHour < b.endHour && b.startHour < a.endHour;
}

/**
 * Whether a booking holds its slots at `nowMs` (epoch ms): deposit paid or paid, confirmed or
 * completed, or awaiting payment with an unexpired hold. Cancelled bookings never do.
 */
export function isActiveBooking(b: BookingSchedule, nowMs: number): boolean {
  if (b.status === BookingStatus.Cancelled) return false;
  if (wentAhead(b)) return true;
  if (b.status === BookingStatus.PendingPayment) {
    const expires = parseTimestamp(b.hold_expires_at);
    return Number.isFinite(expires) && expires > nowMs;
  }
  return false;
}

/** The visits (install, removal) a booking has on `date`, as hour ranges. */
export function visitsOn(b: BookingSchedule, date: Ymd): { startHour: number; endHour: number }[] {
  const out: { startHour: number; endHour: number }[] = [];
  if (b.install_date === date) {
    const s = parseSlotId(b.install_time_slot);
    if (s) out.push(s);
  }
  if (b.removal_date === date) {
    const s = parseSlotId(b.removal_time_slot);
    if (s) out.push(s);
  }
  return out;
}

/** An hour range [startHour, endHour) of a slot or visit. */
type Hours = { startHour: number; endHour: number };

/**
 * The visits on `date` of each booking active at `nowMs`, one list per booking: what every
 * slot of that date is checked against (slotTaken), worked out once for all of them.
 */
export function activeVisitsOn(date: Ymd, bookings: readonly BookingSchedule[], nowMs: number): Hours[][] {
  const out: Hours[][] = [];
  for (const b of bookings) {
    if (!isActiveBooking(b, nowMs)) continue;
    const visits = visitsOn(b, date);
    if (visits.length > 0) out.push(visits);
  }
  return out;
}

/**
 * True when `slot` overlaps a visit of at least `crews` of the bookings whose visits are
 * listed (activeVisitsOn); a booking counts once however many of its visits overlap.
 */
export function slotTaken(slot: Hours, visitsByBooking: readonly (readonly Hours[])[], crews = 1): boolean {
  let overlapping = 0;
  for (const visits of visitsByBooking) {
    if (visits.some((v) => hoursOverlap(v, slot))) overlapping++;
    if (overlapping >= Math.max(1, crews)) return true;
  }
  return false;
}

/**
 * True when `slot` on `date` overlaps the visits of at least `crews` active bookings (so the
 * slot is unavailable). `bookings` may include any bookings; inactive ones are ignored.
 */
export function slotHasConflict(date: Ymd, slot: Hours, bookings: readonly BookingSchedule[], nowMs: number, crews = 1): boolean {
  return slotTaken(slot, activeVisitsOn(date, bookings, nowMs), crews);
}

/**
 * The visits on `date` of each booking active at `nowMs`, one list per booking, with the ZIP
 * of the booking's address (`customer_address`): what each slot's travel check reads.
 */
export function placedVisitsOn(date: Ymd, bookings: readonly BookingSchedule[], nowMs: number): PlacedVisit[][] {
  const out: PlacedVisit[][] = [];
  for (const b of bookings) {
    if (!isActiveBooking(b, nowMs)) continue;
    const zip = b.customer_address ? parseZip(b.customer_address) : null;
    const visits = visitsOn(b, date).map((v) => ({ start: v.startHour * 60, end: v.endHour * 60, zip }));
    if (visits.length > 0) out.push(visits);
  }
  return out;
}

/** A slot offered on a date, and whether fewer than `crews` other bookings hold it. */
export type SlotChoice = TimeSlot & { available: boolean };

/**
 * What a customer's slot choices are held to besides the overlap: the notice and the travel
 * buffer; and, for anyone's choices, the season's closing hours.
 */
export interface CustomerRules {
  /** Hours of notice (domain/schedule/notice.ts): slots starting sooner are left out. */
  noticeHours?: number | null;
  /** The new visit's ZIP and the owner's buffer (domain/schedule/travel-buffer.ts); null when the address is not known yet. */
  travel?: TravelCheck | null;
  /** The booking's season's closing hours (slots.ts closingHour); the pattern when absent. */
  closingHours?: ClosingHours | null | undefined;
}

/**
 * The slots a `kind` visit of a `size` tree may take on `date` (domain/schedule/slots.ts), each marked
 * available unless `bookings` active at `nowMs` fill it for `crews` crews: the booking
 * calendar's answer (GET /api/fn/availability) and the admin's move, offline too. Leave the
 * booking being moved out of `bookings`. For a customer (`rules`), slots starting inside the
 * notice are left out, and a slot whose drive from or to another visit does not fit counts that
 * visit's booking as if it overlapped (travel-buffer.ts slotBlocked).
 */
/**
 * Whether `slot` on `date` is open to a customer's new visit at `travel.zip`: fewer than `crews`
 * bookings active at `nowMs` overlap it or leave no time to drive (travel-buffer.ts slotBlocked).
 * One slot's answer of slotChoices, without working out the day's others (the checkout's hot path).
 */
export function slotOpenForTravel(date: Ymd, slot: Pick<TimeSlot, 'startHour' | 'endHour'>, bookings: readonly BookingSchedule[], nowMs: number, crews: number, travel: TravelCheck): boolean {
  return !slotBlocked({ start: slot.startHour * 60, end: slot.endHour * 60 }, placedVisitsOn(date, bookings, nowMs), crews, travel);
}

export function slotChoices(size: TreeSize, date: Ymd, kind: VisitKind, bookings: readonly BookingSchedule[], nowMs: number, crews = 1, rules: CustomerRules = {}): SlotChoice[] {
  const { noticeHours, travel, closingHours } = rules;
  const offered = slotsFor(size, date, kind, closingHours).filter((s) => noticeHours == null || !insideNotice(date, s.startHour * 60, nowMs, noticeHours));
  if (!travel) {
    const busy = activeVisitsOn(date, bookings, nowMs);
    return offered.map((s) => ({ ...s, available: !slotTaken(s, busy, crews) }));
  }
  const placed = placedVisitsOn(date, bookings, nowMs);
  return offered.map((s) => ({ ...s, available: !slotBlocked({ start: s.startHour * 60, end: s.endHour * 60 }, placed, crews, travel) }));
}
