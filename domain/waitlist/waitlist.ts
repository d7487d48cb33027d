/**
 * The waitlist for full days (the waitlist contract; docs/product.md §5 Dates): who is next for
 * a freed slot and which slot fits. A person waits for one date and one visit kind (install or
 * removal) with their tree size; a freed slot goes to the first in line (by `joinedAt`, then id)
 * whose size has a free slot that day, held for them for the owner's offer window (settings key
 * `waitlist`, 12 hours by default), never past the minimum notice before the visit starts
 * (domain/schedule/notice.ts). An open, unexpired offer holds its slot exactly as an unpaid
 * checkout hold does (domain/schedule/overlap.ts isActiveBooking), so offers plus bookings plus
 * holds never exceed the crews. Pure.
 */
import type { TreeSize } from '../catalog';
import { formatMonthDay, newYorkOffsetHours, weekdayOf, type Ymd } from '../schedule/calendar';
import { insideNotice, visitStartMs } from '../schedule/notice';
import { slotHasConflict, type BookingSchedule, type SlotChoice } from '../schedule/overlap';
import { slotsFor, type ClosingHours, type TimeSlot, type VisitKind } from '../schedule/slots';
import { BookingStatus, PaymentStatus, wentAhead } from '../booking/lifecycle';
import type { BookingFields, BookingRow } from '../booking/booking-row';
import { EntryStatus } from './waitlist-status';
import type { WaitlistEntryRow, WaitlistOfferRow } from './waitlist-row';

/** How many dates one e-mail address may wait for at once. */
export const MAX_LIVE_ENTRIES = 5;
/** The offer window when the owner set none (hours). */
export const DEFAULT_OFFER_HOURS = 12;
/** The owner's offer window's bounds (hours). */
export const OFFER_HOURS_RANGE = { min: 1, max: 72 } as const;

/** The statuses live in waitlist-status.ts (their one spelling and transition); named here too for the waitlist's readers. */
export { EntryStatus, LIVE_ENTRY_STATUSES, OfferStatus } from './waitlist-status';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "Saturday, December 12": a waited-for date in the sentences and e-mails. */
export function waitlistDay(date: Ymd): string {
  return `${WEEKDAYS[weekdayOf(date)]}, ${formatMonthDay(date)}`;
}

/** "Jane D.": the first name and the last name's initial (the owner's sentence about an open offer). */
export function shortName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'someone on the waitlist';
  const last = parts.length > 1 ? ` ${parts[parts.length - 1]!.charAt(0).toUpperCase()}.` : '';
  return `${parts[0]}${last}`;
}

/** "8:00 PM": the clock time of instant `ms` (epoch) in New York. */
export function formatNewYorkTime(ms: number): string {
  const local = new Date(ms + newYorkOffsetHours(new Date(ms)) * 3_600_000);
  const h = local.getUTCHours();
  return `${((h + 11) % 12) + 1}:${String(local.getUTCMinutes()).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** The sentences of the waitlist's routes (plain English, the contract's wording). */
export const WAITLIST_MESSAGES = {
  already: (date: Ymd) => `You are already on the waitlist for ${waitlistDay(date)}.`,
  alreadyThisDate: 'You are already on the waitlist for this date.',
  cap: `You can wait for up to ${MAX_LIVE_ENTRIES} dates at once.`,
  free: (date: Ymd) => `${waitlistDay(date)} has a free time for this tree — book it instead.`,
  tooSoon: (date: Ymd) => `${waitlistDay(date)} is too soon to wait for: the times that day are inside our minimum notice.`,
  badInput: 'Please check your name, e-mail, phone, date and tree size.',
  badToken: 'This offer link is not valid.',
  badLeaveToken: 'This waitlist link is not valid.',
  ended: 'This offer has ended.',
  expired: 'This offer has expired.',
  notYours: 'This offer does not match the time you chose.',
  entryNotFound: 'Waitlist entry not found.',
  entryNotWaiting: 'This person is no longer waiting.',
  slotNotFree: 'That time is not free for this tree.',
  movedOffer: 'This offer is to move your booking: use Move my visit.',
  /** The owner's slot picker: a time held only by an open offer, which the phone booking may take after 'Book anyway?'. */
  offerHeldSlot: 'Offered to someone waiting',
  offerOpen: (name: string, untilMs: number) => `An offer for this time is open to ${shortName(name)} until ${formatNewYorkTime(untilMs)}.`,
} as const;

/** The offer window from the `waitlist` setting's value ({ offer_hours }), else the default. */
export function offerHoursFrom(value: unknown): number {
  const h = value && typeof value === 'object' ? (value as { offer_hours?: unknown }).offer_hours : undefined;
  return typeof h === 'number' && Number.isInteger(h) && h >= OFFER_HOURS_RANGE.min && h <= OFFER_HOURS_RANGE.max ? h : DEFAULT_OFFER_HOURS;
}

/** A waitlist entry as the rules read it. `noticeHours`: its package's minimum notice. */
export interface WaitingEntry extends Pick<WaitlistEntryRow, 'id' | 'status'> {
  date: Ymd;
  kind: VisitKind;
  size: TreeSize;
  /** Epoch ms: the order in line. */
  joinedAt: number;
  /** The booking whose visit they wait to move ('' for a new booking): its own visit is not in their way. */
  bookingId: string;
  noticeHours: number;
  /** The closing hours of the season of its date (seasons.ts; absent: the pattern), so no offer ends after closing. */
  closingHours?: ClosingHours;
}

/** An offer as its decline, expiry and acceptance read it: `expiresAtMs` its `expires_at` (epoch ms), `entryId` its `entry`. */
export type OfferState = Pick<WaitlistOfferRow, 'id' | 'status' | 'date'> & { expiresAtMs: number; entryId: string };

/** One offer to make: the entry, the slot, and until when it is held (epoch ms). */
export interface PlannedOffer {
  entry: WaitingEntry;
  slot: TimeSlot;
  expiresAt: number;
}

/**
 * Until when an offer of `slot` on `date` made at `nowMs` is held: `offerHours` from now, but
 * never past the start of the visit less `noticeHours`; null when that is not in the future
 * (the date is past or inside the notice: no offer).
 */
export function offerExpiry(date: Ymd, slot: Pick<TimeSlot, 'startHour'>, nowMs: number, noticeHours: number, offerHours: number): number | null {
  if (insideNotice(date, slot.startHour * 60, nowMs, noticeHours)) return null;
  const last = visitStartMs(date, slot.startHour * 60) - noticeHours * 3_600_000;
  const expiresAt = Math.min(nowMs + offerHours * 3_600_000, last);
  return expiresAt > nowMs ? expiresAt : null;
}

/** The first slot of `entry`'s size and kind on its date free of `schedules` at `nowMs` with its expiry, or null. */
export function freeSlotFor(entry: WaitingEntry, schedules: readonly BookingSchedule[], nowMs: number, offerHours: number, crews: number): { slot: TimeSlot; expiresAt: number } | null {
  const others = entry.bookingId ? schedules.filter((s) => s.id !== entry.bookingId) : schedules;
  for (const slot of slotsFor(entry.size, entry.date, entry.kind, entry.closingHours)) {
    const expiresAt = offerExpiry(entry.date, slot, nowMs, entry.noticeHours, offerHours);
    if (expiresAt === null) continue;
    if (!slotHasConflict(entry.date, slot, others, nowMs, crews)) return { slot, expiresAt };
  }
  return null;
}

/** The schedule entry an offer holds: an unpaid hold of its slot until `expiresAt` (as bookings-repo.ts reads offers). */
export function offerSchedule(id: string, date: Ymd, kind: VisitKind, slotId: string, expiresAtIso: string): BookingSchedule {
  return {
    id: `offer:${id}`,
    status: BookingStatus.PendingPayment,
    payment_status: PaymentStatus.Pending,
    hold_expires_at: expiresAtIso,
    install_date: kind === 'install' ? date : '',
    install_time_slot: kind === 'install' ? slotId : '',
    removal_date: kind === 'removal' ? date : '',
    removal_time_slot: kind === 'removal' ? slotId : '',
  };
}

/** A booking of the entry's customer (same `email_key`) with a visit on the entry's date, as the closing of entries reads it. */
export type CustomerBookingOnDate = Pick<BookingRow, 'id' | 'status' | 'payment_status' | 'install_date' | 'removal_date'> & BookingFields<'booked_by'>;

/**
 * Why a live entry leaves the line by itself (the waitlist issue: a move whose booking is gone,
 * a customer booked another way), or null when it stays: 'left' when it waits to move booking
 * `entry.bookingId` and `moving` is that booking's status ('' when it no longer exists) and
 * it is cancelled or gone; 'booked' when one of `bookings` (the customer's, on the entry's date)
 * has a visit of the entry's kind on that date and is taken: its deposit paid, confirmed or
 * done, or a phone booking (`booked_by`); an unpaid checkout hold does not close it. For a move
 * entry only its own booking counts (another booking of theirs that day moves nothing).
 */
export function entryClosure(entry: Pick<WaitingEntry, 'date' | 'kind' | 'bookingId'>, moving: string | null, bookings: readonly CustomerBookingOnDate[]): 'left' | 'booked' | null {
  if (entry.bookingId && (moving === '' || moving === BookingStatus.Cancelled)) return 'left';
  const taken = bookings.some(
    (b) =>
      (!entry.bookingId || b.id === entry.bookingId) &&
      b.status !== BookingStatus.Cancelled &&
      (entry.kind === 'install' ? b.install_date : b.removal_date) === entry.date &&
      (wentAhead(b) || !!b.booked_by),
  );
  return taken ? EntryStatus.Booked : null;
}

/** Whether schedule `s` is an open offer's hold (id 'offer:<id>', as `offerSchedule` and bookings-repo.ts bookingsOnDates write it). */
export function isOfferHold(s: Pick<BookingSchedule, 'id'>): boolean {
  return !!s.id && s.id.startsWith('offer:');
}

/** A slot of the owner's picker: `offerHeld` when only open waitlist offers hold it. */
export type OwnerSlotChoice<S extends SlotChoice = SlotChoice> = S & { offerHeld?: true };

/**
 * The owner's phone-booking slots (the waitlist issue: "the owner's phone booking takes it only
 * after answering that an offer is open"): `withOffers`, the slots as every booking, hold and
 * open offer leaves them, and `withoutOffers`, the same slots (same ids) worked out without the
 * offers' holds (`isOfferHold`). A slot taken only by offers becomes available with
 * `offerHeld: true`; the phone booking then answers 409 offer_open until the owner books anyway
 * (pb_hooks/src/lib/bookings/phone-booking-route.ts). Never for a customer's answer: the public
 * calendar says only 'not available'.
 */
export function markOfferHeld<S extends SlotChoice>(withOffers: readonly S[], withoutOffers: readonly SlotChoice[]): OwnerSlotChoice<S>[] {
  const freeWithout = new Set(withoutOffers.filter((s) => s.available).map((s) => s.id));
  return withOffers.map((s) => (!s.available && freeWithout.has(s.id) ? { ...s, available: true, offerHeld: true as const } : s));
}

/** Entries in line order: joined first, then by id (two joins at one millisecond). */
export function inLineOrder<E extends { joinedAt: number; id: string }>(entries: readonly E[]): E[] {
  return [...entries].sort((a, b) => a.joinedAt - b.joinedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The offers to make on `date` at `nowMs`: for each entry `waiting` for that date, in line
 * order, the first slot of its size and kind that `schedules` (the bookings, holds and open
 * offers of the date) leave free for `crews` crews, outside the entry's notice, counting the
 * offers already planned here. An entry whose size finds nothing free is passed over (a smaller
 * tree behind it may fit). `offerHours`: the owner's window.
 */
export function nextOffers(entries: readonly WaitingEntry[], schedules: readonly BookingSchedule[], date: Ymd, nowMs: number, offerHours: number, crews: number): PlannedOffer[] {
  const held: BookingSchedule[] = [...schedules];
  const out: PlannedOffer[] = [];
  for (const entry of inLineOrder(entries.filter((e) => e.date === date && e.status === EntryStatus.Waiting))) {
    const free = freeSlotFor(entry, held, nowMs, offerHours, crews);
    if (!free) continue;
    out.push({ entry, slot: free.slot, expiresAt: free.expiresAt });
    held.push(offerSchedule(`planned-${entry.id}`, date, entry.kind, free.slot.id, new Date(free.expiresAt).toISOString()));
  }
  return out;
}

/** Whether a `size` tree has any slot of `kind` free on `date` at `nowMs` outside the notice (joining is refused then: book it). */
export function hasFreeSlot(date: Ymd, size: TreeSize, kind: VisitKind, schedules: readonly BookingSchedule[], nowMs: number, noticeHours: number, crews: number, closing?: ClosingHours): boolean {
  return slotsFor(size, date, kind, closing).some((s) => !insideNotice(date, s.startHour * 60, nowMs, noticeHours) && !slotHasConflict(date, s, schedules, nowMs, crews));
}

/** Whether any slot of a `size` tree on `date` starts outside the notice at `nowMs` (else the date cannot be waited for). */
export function dateOutsideNotice(date: Ymd, size: TreeSize, kind: VisitKind, nowMs: number, noticeHours: number, closing?: ClosingHours): boolean {
  return slotsFor(size, date, kind, closing).some((s) => !insideNotice(date, s.startHour * 60, nowMs, noticeHours));
}
