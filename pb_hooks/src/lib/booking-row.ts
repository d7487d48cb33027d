/**
 * The one mapper from a `bookings` record to the domain's typed row (domain/booking/booking-row.ts),
 * below every topic folder so each of them (bookings, admin, payments, reviews) reads a booking
 * the same way (docs/architecture.md "Layers", "One typed booking").
 */
import { asBookingStatus, asCancelReason, asPaymentStatus } from '@domain/booking/lifecycle';
import type { BookingRow, StoredAddon } from '@domain/booking/booking-row';
import { asRefundStatus } from '@domain/money/charge-lifecycle';
import { jsonObject, jsonObjects } from './json-fields';

/**
 * The `bookings` record `r` as the domain's typed row (domain/booking/booking-row.ts): the one
 * mapper from a record, so its statuses are the lifecycle's unions (a stored value the
 * migrations do not allow reads as the lifecycle's fallback, asBookingStatus). JSON fields that
 * cannot be read are [] (or {}).
 */
export function bookingRowOf(r: core.Record): Required<BookingRow> {
  const f = (name: string) => r.getString(name);
  return {
    id: r.id,
    customer_name: f('customer_name'),
    customer_email: f('customer_email'),
    customer_phone: f('customer_phone'),
    customer_address: f('customer_address'),
    package_type: f('package_type'),
    tree_size: f('tree_size'),
    luxe_finish: r.getBool('luxe_finish'),
    extra_tree: r.getBool('extra_tree'),
    keep_ornaments: r.getBool('keep_ornaments'),
    removal_service: r.getBool('removal_service'),
    selected_addons: jsonObjects(r, 'selected_addons') as unknown as StoredAddon[],
    install_date: f('install_date'),
    install_time_slot: f('install_time_slot'),
    removal_date: f('removal_date'),
    removal_time_slot: f('removal_time_slot'),
    style_color_palette: f('style_color_palette'),
    style_theme: f('style_theme'),
    style_topper: f('style_topper'),
    style_special_requests: f('style_special_requests'),
    style_inspiration_images: jsonStrings(r, 'style_inspiration_images'),
    notes: f('notes'),
    parking_instructions: f('parking_instructions'),
    distance_miles: r.getFloat('distance_miles'),
    travel_fee: r.getInt('travel_fee'),
    price_lines: jsonObjects(r, 'price_lines') as unknown as NonNullable<BookingRow['price_lines']>,
    total_price: r.getInt('total_price'),
    deposit_amount: r.getInt('deposit_amount'),
    balance_remaining: r.getInt('balance_remaining'),
    payment_status: asPaymentStatus(f('payment_status')),
    status: asBookingStatus(f('status')),
    payment_mode: f('payment_mode'),
    payment_intent_id: f('payment_intent_id'),
    hold_expires_at: f('hold_expires_at'),
    cancel_reason: asCancelReason(f('cancel_reason')),
    deposit_paid_at: f('deposit_paid_at'),
    balance_paid_at: f('balance_paid_at'),
    install_done_at: f('install_done_at'),
    removal_done_at: f('removal_done_at'),
    removal_hold: f('removal_hold'),
    admin_notes: f('admin_notes'),
    admin_notes_updated_at: f('admin_notes_updated_at'),
    dispute_id: f('dispute_id'),
    disputed_at: f('disputed_at'),
    mail_problem: f('mail_problem'),
    deposit_method: f('deposit_method'),
    deposit_refund: asRefundStatus(f('deposit_refund')),
    deposit_refund_amount: r.getInt('deposit_refund_amount'),
    cancel_message: f('cancel_message'),
    blocked_day_choices: jsonObject(r, 'blocked_day_choices') as Record<string, string>,
    card_brand: f('card_brand'),
    card_last4: f('card_last4'),
  };
}

/** A record's JSON field read as an array of strings (anything else dropped). */
function jsonStrings(r: core.Record, field: string): string[] {
  try {
    const value = JSON.parse(r.getString(field) || '[]') as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}
