/**
 * A booking row as the checkout's and the webhook's commands read it, and its `payment_status`
 * as the ledger reads it (docs/decisions/045: `payment_status` is the ledger's summary, never
 * written by hand). The same derivation as pb_hooks/src/lib/payments/ledger-records.ts
 * syncPaymentStatus, on plain rows, so a pure command can state the value it writes. Pure; cents.
 */
import { keptOfRows } from '../money/booking-money';
import { moneyOf, movementsOf, paymentStatusOf, type BookingMoneyRow, type ChargeMoneyRow } from '../money/ledger';
import { isLive, type PaymentStatus } from '../booking/lifecycle';

/** The booking fields the payment commands read (PocketBase names; cents; PocketBase datetimes). */
export interface PaymentBookingRow extends BookingMoneyRow {
  id: string;
  install_done_at: string;
  removal_done_at: string;
  removal_date: string;
  removal_time_slot: string;
  removal_hold: string;
}

/**
 * `payment_status` of booking `row` with `charges`, as its ledger reads it: what a cancelled
 * booking keeps follows `deposit_refund` and its amount (or, on rows older than it, the stored
 * status): domain/money/booking-money.ts keptOfRows, as ledger-records.ts keptOf.
 */
export function ledgerPaymentStatus(row: BookingMoneyRow, charges: readonly ChargeMoneyRow[]): PaymentStatus {
  const movements = movementsOf(row, charges);
  const kept = keptOfRows(row, charges);
  const book = { totalCents: row.total_price, depositCents: row.deposit_amount, cancelled: !isLive(row), kept } as const;
  return paymentStatusOf(
    moneyOf(movements, book),
    book,
    movements.some((m) => m.direction === 'refund'),
  );
}
