/**
 * Reads and writes of the `bookings` collection shared by the routes. Every function takes the
 * app it runs on, so inside `runInTransaction` it is given the transaction's app.
 */
import { BookingStatus, lifecycleOf, type LifecycleState, PaymentStatus } from '@domain/booking/lifecycle';
import { parseTimestamp } from '@domain/schedule/calendar';
import { slotHasConflict, type BookingSchedule } from '@domain/schedule/overlap';
import { findPackage, isTreeSize, LUXE_KEEP_OPTIONS, type AddonId, type LuxeKeepCount } from '@domain/catalog';
import { removalIsOptional, type BookingChoices } from '@domain/money/pricing';
import type { SelfServiceBooking } from '@domain/booking/self-service';
import { parseSlotId } from '@domain/schedule/slots';
import { kept } from '../kept';
import { bookingField, bookingFieldsOf, bookingRowOf } from '../booking-row';
import { OfferStatus } from '@domain/waitlist/waitlist-status';
import { findRecord, findRecordBy } from '../records';

/** The schedule fields of a booking record, as the domain's overlap check reads them. */
export function toSchedule(r: core.Record): BookingSchedule {
  return bookingFieldsOf(r, ['id', 'status', 'payment_status', 'hold_expires_at', 'install_date', 'install_time_slot', 'removal_date', 'removal_time_slot', 'customer_address']);
}

// The schedule columns of the non-cancelled bookings with a visit on any of the dates bound as
// {:d0}, {:d1}…, as one JSON array in one row: loading whole records and reading each field
// through the JSVM cost more than the rest of an availability answer (docs/decisions/018).
// The OR of the two date columns is answered from their indexes.
// An open waitlist offer holds its slot as an unpaid checkout hold does, until its expires_at
// (the waitlist contract; domain/waitlist/waitlist.ts offerSchedule has the same shape), so
// every reader of the schedules counts it with no other change; its id is 'offer:<id>'.
const SCHEDULES_SQL = (dates: string) => `
  SELECT json_group_array(json_object(
    'id', id, 'status', status, 'payment_status', payment_status, 'hold_expires_at', hold_expires_at,
    'install_date', install_date, 'install_time_slot', install_time_slot,
    'removal_date', removal_date, 'removal_time_slot', removal_time_slot,
    'customer_address', customer_address)) AS schedules
  FROM (
    SELECT id, status, payment_status, hold_expires_at, install_date, install_time_slot, removal_date, removal_time_slot, customer_address
    FROM bookings
    WHERE (install_date IN (${dates}) OR removal_date IN (${dates})) AND status != '${BookingStatus.Cancelled}'
    UNION ALL
    SELECT 'offer:' || id, '${BookingStatus.PendingPayment}', '${PaymentStatus.Pending}', expires_at,
      CASE WHEN kind = 'install' THEN date ELSE '' END, CASE WHEN kind = 'install' THEN time_slot ELSE '' END,
      CASE WHEN kind = 'removal' THEN date ELSE '' END, CASE WHEN kind = 'removal' THEN time_slot ELSE '' END, ''
    FROM waitlist_offers
    WHERE date IN (${dates}) AND status = '${OfferStatus.Open}'
  )`;

/** Non-cancelled bookings with an install or removal visit on any of `dates`, and the open waitlist offers of those dates as holds. */
export function bookingsOnDates(app: CoreApp, dates: string[]): BookingSchedule[] {
  const unique = dates.filter((d, i) => d && dates.indexOf(d) === i);
  if (unique.length === 0) return [];
  const params: Record<string, string> = {};
  unique.forEach((d, i) => (params[`d${i}`] = d));
  const row = new DynamicModel({ schedules: '' }) as unknown as { schedules: string };
  app
    .db()
    .newQuery(SCHEDULES_SQL(unique.map((_, i) => `{:d${i}}`).join(', ')))
    .bind(params as unknown as dbx.Params)
    .one(row);
  return JSON.parse(row.schedules || '[]') as BookingSchedule[];
}

/**
 * bookingsOnDates for one date, kept between calls until a booking changes (lib/kept.ts): for
 * answers that only inform, such as availability; a check before a write reads afresh, in its
 * transaction. Shared: never change the list.
 */
export function keptBookingsOn(app: CoreApp, date: string): readonly BookingSchedule[] {
  return kept(app, 'bookings', date, () => bookingsOnDates(app, [date]));
}

/**
 * Whether the install and removal visits of booking `rec` are free of every other active
 * booking at `now` (epoch ms) with `crews` crews. Give it the transaction's app so the answer
 * holds for the write that follows (docs/architecture.md reading 15).
 */
export function visitsFreeFor(app: CoreApp, rec: core.Record, now: number, crews: number): boolean {
  const own = toSchedule(rec);
  const others = bookingsOnDates(app, [own.install_date, own.removal_date ?? '']).filter((b) => b.id !== rec.id);
  const visits: [string, string][] = [[own.install_date, own.install_time_slot]];
  if (own.removal_date && own.removal_time_slot) visits.push([own.removal_date, own.removal_time_slot]);
  return visits.every(([date, slotId]) => {
    const slot = parseSlotId(slotId);
    return !slot || !slotHasConflict(date, slot, others, now, crews);
  });
}

/** The booking with record id `id`, or null when there is none (deleted meanwhile). */
export function findBooking(app: CoreApp, id: string): core.Record | null {
  return findRecord(app, 'bookings', id);
}

/** The booking created for a checkout session, or null. */
export function findBySession(app: CoreApp, sessionId: string): core.Record | null {
  if (!sessionId || sessionId.length > 255) return null;
  return findRecordBy(app, 'bookings', 'checkout_session_id', sessionId);
}

/** The row's fields the self-service rules read (domain/booking/self-service.ts SelfServiceBooking), with its id. */
const SELF_SERVICE_FIELDS = ['id', 'status', 'payment_status', 'install_date', 'install_time_slot', 'removal_date', 'removal_time_slot', 'install_done_at', 'removal_done_at', 'removal_hold'] as const;

/** The booking record as the self-service and reminder rules read it (with its id). */
export function selfServiceBookingOf(r: core.Record): SelfServiceBooking & { id: string } {
  const pkg = findPackage(bookingField(r, 'package_type'));
  return {
    ...bookingFieldsOf(r, SELF_SERVICE_FIELDS),
    depositPaidAtMs: parseTimestamp(bookingField(r, 'deposit_paid_at')),
    removalOptional: !!pkg && removalIsOptional(pkg.slug, bookingField(r, 'keep_ornaments')),
  };
}

/**
 * The price-relevant choices stored on booking `r`, as pricing.ts reads them (add-on
 * quantities from the stored `[{ id, quantity, price }]`), or null for a package or size no
 * longer sold.
 */
export function choicesOfBooking(r: core.Record): BookingChoices | null {
  const b = bookingRowOf(r);
  const pkg = findPackage(b.package_type);
  const size = b.tree_size;
  if (!pkg || !isTreeSize(size)) return null;
  const addons: BookingChoices['addons'] = {};
  for (const a of b.selected_addons) {
    if (typeof a.id === 'string') addons[a.id as AddonId] = typeof a.quantity === 'number' && a.quantity > 0 ? a.quantity : 1;
  }
  const luxeKeep = b.luxe_keep_ornaments;
  return {
    packageSlug: pkg.slug,
    treeSize: size,
    addons,
    luxeFinish: b.luxe_finish,
    removalRequested: b.removal_service,
    extraTree: b.extra_tree,
    keepOrnaments: b.keep_ornaments,
    luxeKeepOrnaments: ((LUXE_KEEP_OPTIONS as readonly number[]).includes(luxeKeep) ? luxeKeep : 0) as LuxeKeepCount,
    distanceMiles: b.distance_miles,
  };
}

/** The lifecycle state of booking record `b` (domain/booking/lifecycle.ts, docs/decisions/045). */
export function lifecycleOfRecord(b: core.Record): LifecycleState {
  return lifecycleOf(bookingRowOf(b));
}

/** The refusal of a route whose booking id names no booking. */
export const BOOKING_NOT_FOUND = { status: 404, message: 'Booking not found.' } as const;
