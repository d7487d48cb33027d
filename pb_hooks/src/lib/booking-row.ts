/**
 * The one mapper from a `bookings` record to the domain's typed row (domain/booking/booking-row.ts),
 * below every topic folder so each of them (bookings, admin, payments, reviews) reads a booking
 * the same way (docs/architecture.md "Layers", "One typed booking").
 */
import { asBookingStatus, asCancelReason, asPaymentStatus } from '@domain/booking/lifecycle';
import type { BookingRow, StoredAddon } from '@domain/booking/booking-row';
import { asRefundStatus } from '@domain/money/charge-lifecycle';
import { jsonObject, jsonObjects } from './json-fields';
import { rowReader, type ReadTable } from './row-reader';

/**
 * The row as the server reads it from a record: every field present, a JSON field [] or {} when
 * unset or unreadable (never null).
 */
export type ReadBookingRow = { [K in keyof BookingRow]-?: NonNullable<BookingRow[K]> };

/** How each field of the row is read from a record: the one place that spells a booking field's reading. */
const READ: ReadTable<ReadBookingRow> = {
  id: (r) => r.id,
  created_at: (r) => r.getString('created_at'),
  updated_at: (r) => r.getString('updated_at'),
  customer_name: (r) => r.getString('customer_name'),
  customer_email: (r) => r.getString('customer_email'),
  customer_phone: (r) => r.getString('customer_phone'),
  customer_address: (r) => r.getString('customer_address'),
  package_type: (r) => r.getString('package_type'),
  tree_size: (r) => r.getString('tree_size'),
  luxe_finish: (r) => r.getBool('luxe_finish'),
  luxe_keep_ornaments: (r) => r.getInt('luxe_keep_ornaments'),
  extra_tree: (r) => r.getBool('extra_tree'),
  keep_ornaments: (r) => r.getBool('keep_ornaments'),
  removal_service: (r) => r.getBool('removal_service'),
  selected_addons: (r) => jsonObjects(r, 'selected_addons') as unknown as StoredAddon[],
  install_date: (r) => r.getString('install_date'),
  install_time_slot: (r) => r.getString('install_time_slot'),
  removal_date: (r) => r.getString('removal_date'),
  removal_time_slot: (r) => r.getString('removal_time_slot'),
  style_color_palette: (r) => r.getString('style_color_palette'),
  style_theme: (r) => r.getString('style_theme'),
  style_topper: (r) => r.getString('style_topper'),
  style_special_requests: (r) => r.getString('style_special_requests'),
  style_inspiration_images: (r) => jsonStrings(r, 'style_inspiration_images'),
  notes: (r) => r.getString('notes'),
  parking_instructions: (r) => r.getString('parking_instructions'),
  distance_miles: (r) => r.getFloat('distance_miles'),
  travel_fee: (r) => r.getInt('travel_fee'),
  price_lines: (r) => jsonObjects(r, 'price_lines') as unknown as ReadBookingRow['price_lines'],
  total_price: (r) => r.getInt('total_price'),
  deposit_amount: (r) => r.getInt('deposit_amount'),
  balance_remaining: (r) => r.getInt('balance_remaining'),
  payment_status: (r) => asPaymentStatus(r.getString('payment_status')),
  status: (r) => asBookingStatus(r.getString('status')),
  payment_mode: (r) => r.getString('payment_mode'),
  payment_intent_id: (r) => r.getString('payment_intent_id'),
  hold_expires_at: (r) => r.getString('hold_expires_at'),
  cancel_reason: (r) => asCancelReason(r.getString('cancel_reason')),
  deposit_paid_at: (r) => r.getString('deposit_paid_at'),
  balance_paid_at: (r) => r.getString('balance_paid_at'),
  install_done_at: (r) => r.getString('install_done_at'),
  removal_done_at: (r) => r.getString('removal_done_at'),
  removal_hold: (r) => r.getString('removal_hold'),
  admin_notes: (r) => r.getString('admin_notes'),
  admin_notes_updated_at: (r) => r.getString('admin_notes_updated_at'),
  dispute_id: (r) => r.getString('dispute_id'),
  disputed_at: (r) => r.getString('disputed_at'),
  mail_problem: (r) => r.getString('mail_problem'),
  deposit_method: (r) => r.getString('deposit_method'),
  deposit_refund: (r) => asRefundStatus(r.getString('deposit_refund')),
  deposit_refund_amount: (r) => r.getInt('deposit_refund_amount'),
  cancel_message: (r) => r.getString('cancel_message'),
  blocked_day_choices: (r) => jsonObject(r, 'blocked_day_choices') as Record<string, string>,
  card_brand: (r) => r.getString('card_brand'),
  card_last4: (r) => r.getString('card_last4'),
  booked_by: (r) => r.getString('booked_by'),
  checkout_session_id: (r) => r.getString('checkout_session_id'),
  ics_sequence: (r) => r.getInt('ics_sequence'),
  refunded_at: (r) => r.getString('refunded_at'),
};
const BOOKINGS = rowReader(READ);

/**
 * The `bookings` record `r` as the domain's typed row (domain/booking/booking-row.ts): the one
 * mapper from a record, so its statuses are the lifecycle's unions (a stored value the
 * migrations do not allow reads as the lifecycle's fallback, asBookingStatus). JSON fields that
 * cannot be read are [] (or {}).
 * bookingFieldsOf reads only the fields `keys` (for a projection), bookingField one field, each as
 * bookingRowOf reads it (row-reader.ts).
 */
export const { rowOf: bookingRowOf, fieldsOf: bookingFieldsOf, field: bookingField } = BOOKINGS;

/** A record's JSON field read as an array of strings (anything else dropped). */
function jsonStrings(r: core.Record, field: string): string[] {
  try {
    const value = JSON.parse(r.getString(field) || '[]') as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}
