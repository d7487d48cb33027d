/**
 * A booking row as the checkout's and the webhook's commands read it. Its `payment_status` is
 * the ledger's summary, written only by the runner (pb_hooks/src/lib/ledger-records.ts
 * deriveBookingMoney; docs/decisions/045 and 061). Pure; cents.
 */
import type { BookingMoneyRow } from '../money/ledger';

/** The booking fields the payment commands read (PocketBase names; cents; PocketBase datetimes). */
export interface PaymentBookingRow extends BookingMoneyRow {
  id: string;
  install_done_at: string;
  removal_done_at: string;
  removal_date: string;
  removal_time_slot: string;
  removal_hold: string;
}
