/**
 * A booking's money as a command's state carries it (docs/decisions/045): the plain rows the
 * ledger reads (domain/money/ledger.ts `movementsOf`), so a command decides its writes and the
 * `payment_status` they lead to without a server. The server reads the rows with
 * pb_hooks/src/lib/ledger-records.ts (`bookingMoneyRowOf`, `chargeMoneyRowOf`,
 * `ledgerBookingOf`), whose `syncPaymentStatus` is the same derivation on records. Pure.
 */
import { balanceOf } from '../money/booking-money';
import { moneyOf, movementsOf, paymentStatusOf, type BookingMoneyRow, type ChargeMoneyRow, type LedgerBooking, type Movement } from '../money/ledger';

/** The booking's row, its charges' rows (oldest first) and the booking as the ledger reads it. */
export interface MoneyRows {
  booking: BookingMoneyRow;
  charges: readonly ChargeMoneyRow[];
  ledger: LedgerBooking;
}

export type PaymentStatus = ReturnType<typeof paymentStatusOf>;

/**
 * The `payment_status` the ledger reads for `rows` once `bookingPatch` and `chargePatches` (by
 * charge id; a charge not among the rows is added) are applied, as the runner derives it after the writes.
 */
export function paymentStatusAfter(rows: MoneyRows, bookingPatch: Partial<BookingMoneyRow> = {}, chargePatches: readonly ChargeMoneyRow[] = []): PaymentStatus {
  const movements = movementsAfter(rows, bookingPatch, chargePatches);
  return paymentStatusOf(
    moneyOf(movements, rows.ledger),
    rows.ledger,
    movements.some((m) => m.direction === 'refund'),
  );
}

/**
 * What the booking still has to pay once the same patches are applied, in cents: domain/money/
 * booking-money.ts `balanceOf` over the rows as changed (docs/decisions/045), so a command stores
 * as `balance_remaining` what every reader derives, never a subtraction.
 */
export function balanceAfter(rows: MoneyRows, bookingPatch: Partial<BookingMoneyRow> = {}, chargePatches: readonly ChargeMoneyRow[] = []): number {
  const movements = movementsAfter(rows, bookingPatch, chargePatches);
  return balanceOf({ movements, booking: rows.ledger, money: moneyOf(movements, rows.ledger) });
}

/** The movements of `rows` with `bookingPatch` and `chargePatches` applied (see paymentStatusAfter). */
function movementsAfter(rows: MoneyRows, bookingPatch: Partial<BookingMoneyRow>, chargePatches: readonly ChargeMoneyRow[]): Movement[] {
  const patched = rows.charges.map((c) => chargePatches.find((p) => p.id === c.id) ?? c);
  const added = chargePatches.filter((p) => !rows.charges.some((c) => c.id === p.id));
  return movementsOf({ ...rows.booking, ...bookingPatch }, [...patched, ...added]);
}
