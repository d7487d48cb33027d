/**
 * A booking row as the checkout's and the webhook's commands read it. Its `payment_status` is
 * the ledger's summary, written only by the runner (pb_hooks/src/lib/ledger-records.ts
 * deriveBookingMoney; docs/decisions/045 and 061). Pure; cents.
 */
import type { BookingMoneyRow } from '../money/ledger';
import type { BookingFields } from '../booking/booking-row';

/** The booking fields the payment commands read (PocketBase names; cents; PocketBase datetimes). */
export type PaymentBookingRow = BookingMoneyRow & BookingFields<'id' | 'install_done_at' | 'removal_done_at' | 'removal_date' | 'removal_time_slot' | 'removal_hold'>;
