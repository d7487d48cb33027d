/**
 * A `bookings` record as PocketBase returns it (docs/product.md §3; pb_migrations): snake_case
 * fields, money in integer cents, dates `YYYY-MM-DD` (America/New_York), timestamps as PocketBase
 * datetimes ('2026-11-20 17:00:00.123Z', '' when unset). Its statuses are the lifecycle's unions
 * (domain/booking/lifecycle.ts), so a misspelt status does not compile. The server reads it from
 * a record with one mapper (pb_hooks/src/lib/booking-row.ts bookingRowOf); the admin mirrors it
 * unchanged (web/src/admin/core/model/records.ts AdminBooking).
 */
import type { BookingStatus, CancelReason, PaymentStatus } from './lifecycle';
import type { RefundStatus } from '../money/charge-lifecycle';

/** One add-on as stored on a booking: id and the cents charged for it. */
export interface StoredAddon {
  id: string;
  price: number;
  quantity?: number;
}

export interface BookingRow {
  id: string;
  /** PocketBase autodates of the record. */
  created_at: string;
  updated_at: string;

  customer_name: string;
  customer_email: string;
  customer_phone: string;
  customer_address: string;
  package_type: string;
  tree_size: string;
  luxe_finish: boolean;
  /** The ornaments kept with a Luxe Finish: 0, 50 or 75 (domain/catalog.ts LUXE_KEEP_OPTIONS). */
  luxe_keep_ornaments?: number;
  extra_tree?: boolean;
  keep_ornaments?: boolean;
  removal_service?: boolean;
  selected_addons: StoredAddon[] | null;
  install_date: string;
  install_time_slot: string;
  removal_date: string;
  removal_time_slot: string;
  style_color_palette: string;
  style_theme: string;
  style_topper?: string;
  style_special_requests: string;
  style_inspiration_images: string[] | null;
  notes: string;
  parking_instructions: string;
  distance_miles?: number;
  travel_fee: number;
  /** The priced lines of the checkout ({ code, label, amountCents }). */
  price_lines?: { code: string; label: string; amountCents: number }[] | null;
  total_price: number;
  deposit_amount: number;
  balance_remaining: number;
  payment_status: PaymentStatus;
  status: BookingStatus;
  payment_mode: string;
  payment_intent_id: string;
  hold_expires_at: string;
  cancel_reason?: CancelReason | '';
  deposit_paid_at: string;
  balance_paid_at: string;
  /** Done marks (docs/decisions/016): set by the server from the first job event of each kind. */
  install_done_at?: string;
  removal_done_at?: string;
  /** The `charges` row of a removal the customer is paying for (docs/decisions/029): not a visit yet. */
  removal_hold?: string;
  /** The admin's own note (the later edit wins on the server) and the device time of that edit. */
  admin_notes?: string;
  admin_notes_updated_at?: string;
  /** Set by the webhook when the customer's bank disputes a payment (docs/decisions/021). */
  dispute_id?: string;
  disputed_at?: string;
  /** The last e-mail about the booking the mail outbox gave up on, in a sentence. */
  mail_problem?: string;
  /** A deposit the owner took by hand (phone booking): cash, check or other ('' for a card). */
  deposit_method?: string;
  /** The deposit's refund (docs/decisions/045): pending, succeeded, failed, to_return, returned. */
  deposit_refund?: RefundStatus | '';
  /** The cents of the deposit that refund gives back; 0 or absent: the whole deposit. */
  deposit_refund_amount?: number;
  /** The owner's personal message in the customer's cancellation e-mail (her cancel from the admin), '' none. */
  cancel_message?: string;
  /** The owner's choice for each visit on a day she blocked: { 'YYYY-MM-DD': 'keep' | 'emailed' }. */
  blocked_day_choices?: Record<string, string> | null;
  /** The card on file: its brand as Stripe names it ('visa', …) and last 4 digits, '' when unknown. */
  card_brand?: string;
  card_last4?: string;
  /** The staff member who took the booking by phone ('' for the wizard's checkout). */
  booked_by?: string;
  /** The Stripe Checkout session of the deposit ('' before the checkout). */
  checkout_session_id?: string;
  /** The SEQUENCE of the visits' calendar events, raised by every change (docs/decisions/027). */
  ics_sequence?: number;
  /** When the deposit's refund was made (PocketBase datetime, '' none). */
  refunded_at?: string;
}

/**
 * The fields `K` of the row, each required: a projection whose reader needs them present
 * (bookingRowOf answers every field; a test's or the mirror's row may leave an optional one out).
 */
export type BookingFields<K extends keyof BookingRow> = Required<Pick<BookingRow, K>>;
