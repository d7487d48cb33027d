/**
 * The booking's ledger read from and written to its records (docs/decisions/045; the rules are
 * domain/money/ledger.ts): the booking row's deposit and refund fields and its `charges` rows
 * become movements; the refunds the ledger asks for are written back as the deposit's
 * `deposit_refund` (and `deposit_refund_amount` for part of it) and each charge's `refund_status`/`refund_amount`, and `payment_status` is
 * the ledger's summary. Every function takes the transaction it runs in.
 */
import type { Kept } from '@domain/booking/policy';
import { balanceOf, bookingLedger, keptOfRows, ledgerBookingOfRows } from '@domain/money/booking-money';
import {
  chargeRefundRowsOf,
  moneyOf,
  movementsOf,
  refundWrites,
  paymentStatusOf,
  refundsToQueue,
  type BookingMoneyRow,
  type ChargeMoneyRow,
  type LedgerBooking,
  type Money,
  type Movement,
} from '@domain/money/ledger';
import { jsonObjects } from '../json-fields';
import { asChargeStatus, asRefundStatus } from '@domain/money/charge-lifecycle';
import { asCancelReason, asPaymentStatus, asBookingStatus } from '@domain/booking/lifecycle';

/** The charges of booking `bookingId`, oldest first. */
export function chargesOfBooking(tx: CoreApp, bookingId: string): core.Record[] {
  return tx.findRecordsByFilter('charges', 'booking = {:b}', 'created_at,id', 0, 0, { b: bookingId } as unknown as dbx.Params) as core.Record[];
}

/** The booking row's ledger fields (domain/money/booking-money.ts reads them the same way on every side). */
export function bookingMoneyRowOf(b: core.Record): BookingMoneyRow {
  return {
    status: asBookingStatus(b.getString('status')),
    payment_status: asPaymentStatus(b.getString('payment_status')),
    total_price: b.getInt('total_price'),
    deposit_amount: b.getInt('deposit_amount'),
    deposit_method: b.getString('deposit_method'),
    deposit_paid_at: b.getString('deposit_paid_at'),
    dispute_id: b.getString('dispute_id'),
    cancel_reason: asCancelReason(b.getString('cancel_reason')),
    deposit_refund: asRefundStatus(b.getString('deposit_refund')),
    deposit_refund_amount: b.getInt('deposit_refund_amount'),
  };
}

/** What a cancelled booking keeps: the deposit unless its refund was asked for (on rows older than `deposit_refund`, by `payment_status`). */
export function keptOf(b: core.Record, charges: core.Record[]): Kept {
  return keptOfRows(bookingMoneyRowOf(b), charges.map(chargeMoneyRowOf));
}

/** The booking as the ledger reads it; `kept` overrides what a cancelled booking keeps. */
export function ledgerBookingOf(b: core.Record, charges: core.Record[], kept?: Kept): LedgerBooking {
  return ledgerBookingOfRows(bookingMoneyRowOf(b), charges.map(chargeMoneyRowOf), kept);
}

/** The movements of booking `b` with `charges`. */
export function movementsOfRecords(b: core.Record, charges: core.Record[]): Movement[] {
  return movementsOf(bookingMoneyRowOf(b), charges.map(chargeMoneyRowOf));
}

/** A `charges` record as the ledger reads it, its later refunds (`refunds`) with it. */
export function chargeMoneyRowOf(c: core.Record): ChargeMoneyRow {
  return {
    id: c.id,
    kind: c.getString('kind'),
    amount: c.getInt('amount'),
    balance_amount: c.getInt('balance_amount'),
    damages_amount: c.getInt('damages_amount'),
    status: asChargeStatus(c.getString('status')),
    method: c.getString('method'),
    stripe_checkout_session_id: c.getString('stripe_checkout_session_id'),
    refund_status: asRefundStatus(c.getString('refund_status')),
    refund_amount: c.getInt('refund_amount'),
    refunds: chargeRefundRowsOf(jsonObjects(c, 'refunds')),
  };
}

/**
 * What booking `b` with its `charges` still has to pay, in cents: booking-money.ts `balanceOf`
 * over its rows (docs/decisions/045), the figure the admin's screens derive from the mirror's
 * same rows; the stored `balance_remaining` is a copy of it, never read for money.
 */
export function ledgerBalanceOf(b: core.Record, charges: core.Record[]): number {
  return balanceOf(bookingLedger(bookingMoneyRowOf(b), charges.map(chargeMoneyRowOf)));
}

/** The money of booking `b` (read in `tx`). */
export function moneyOfRecord(tx: CoreApp, b: core.Record, kept?: Kept): Money {
  const charges = chargesOfBooking(tx, b.id);
  return moneyOf(movementsOfRecords(b, charges), ledgerBookingOf(b, charges, kept));
}

/** The charge id a movement id names ('c1#damages:refund' → 'c1'); '' for the deposit. */
function chargeIdOf(movementId: string): string {
  const id = movementId.split(':')[0]!.split('#')[0]!;
  return id === 'deposit' ? '' : id;
}

/**
 * Queues the refunds booking `b` (saved by the caller, in `tx`) needs so that it holds no more
 * than it is owed, each by its own way, and sets `payment_status` to the ledger's summary.
 * `onlyCharge`: queue only the refund of that charge (a late payment). Returns the refunds queued.
 */
export function queueLedgerRefunds(tx: CoreApp, b: core.Record, opts: { kept?: Kept; onlyCharge?: string } = {}): Movement[] {
  const charges = chargesOfBooking(tx, b.id);
  const book = ledgerBookingOf(b, charges, opts.kept);
  const refunds = refundsToQueue(movementsOfRecords(b, charges), book, opts.onlyCharge).filter((r) => !opts.onlyCharge || chargeIdOf(r.of!) === opts.onlyCharge);
  const writes = refundWrites(charges.map(chargeMoneyRowOf), refunds, b.getInt('deposit_amount'));
  if (writes.depositRefund) b.set('deposit_refund', writes.depositRefund);
  // Only for part of the deposit: 0, as on every older row, is the whole of it.
  if (writes.depositRefundCents > 0) b.set('deposit_refund_amount', writes.depositRefundCents);
  for (const [id, fields] of writes.charges) {
    const c = charges.find((x) => x.id === id)!;
    c.load(fields as Record<string, unknown>);
    tx.save(c);
  }
  syncPaymentStatus(tx, b);
  return refunds;
}

/** Sets `payment_status` of booking `b` (in `tx`, not saved) to what its ledger reads. */
export function syncPaymentStatus(tx: CoreApp, b: core.Record): void {
  const charges = chargesOfBooking(tx, b.id);
  const movements = movementsOfRecords(b, charges);
  const book = ledgerBookingOf(b, charges);
  const everRefunded = movements.some((m) => m.direction === 'refund');
  b.set('payment_status', paymentStatusOf(moneyOf(movements, book), book, everRefunded));
}

/** The refunds of booking `b` still to give back by hand (cash, a check, another way): what the owner must return. */
export function refundsToReturn(tx: CoreApp, b: core.Record): Movement[] {
  return movementsOfRecords(b, chargesOfBooking(tx, b.id)).filter((m) => m.direction === 'refund' && m.status === 'to_return');
}
