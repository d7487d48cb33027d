/**
 * The booking's ledger read from and written to its records (docs/decisions/045; the rules are
 * domain/money/ledger.ts): the booking row's deposit and refund fields and its `charges` rows
 * become movements; the refunds the ledger asks for are written back as the deposit's
 * `deposit_refund` (and `deposit_refund_amount` for part of it) and each charge's `refund_status`/`refund_amount`; `payment_status` and
 * `balance_remaining` are the ledger's summary, written only by deriveBookingMoney. Every function takes the transaction it runs in.
 */
import type { Kept } from '@domain/booking/policy';
import { balanceOf, bookingLedger, derivedMoneyOf, keptOfRows, ledgerBookingOfRows } from '@domain/money/booking-money';
import { BOOKING_MONEY_FIELDS, CHARGE_MONEY_FIELDS, moneyOf, movementsOf, type BookingMoneyRow, type ChargeMoneyRow, type LedgerBooking, type Money, type Movement } from '@domain/money/ledger';
import { bookingField, bookingFieldsOf } from './booking-row';
import { chargeFieldsOf } from './charge-row';

/** The charges of booking `bookingId`, oldest first. */
export function chargesOfBooking(tx: CoreApp, bookingId: string): core.Record[] {
  return tx.findRecordsByFilter('charges', 'booking = {:b}', 'created_at,id', 0, 0, { b: bookingId } as unknown as dbx.Params) as core.Record[];
}

/** The booking row's ledger fields (domain/money/booking-money.ts reads them the same way on every side). */
export function bookingMoneyRowOf(b: core.Record): BookingMoneyRow {
  return bookingFieldsOf(b, BOOKING_MONEY_FIELDS);
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
  return chargeFieldsOf(c, CHARGE_MONEY_FIELDS);
}

/**
 * What booking `b` with its `charges` still has to pay, in cents: booking-money.ts `balanceOf`
 * over its rows (docs/decisions/045), the figure the admin's screens derive from the mirror's
 * same rows; the stored `balance_remaining` is a copy of it, never read for money.
 */
export function ledgerBalanceOf(b: core.Record, charges: core.Record[]): number {
  return balanceOf(bookingLedger(bookingMoneyRowOf(b), charges.map(chargeMoneyRowOf)));
}

/** What booking `b` still has to pay (cents), its charges read in `tx`: ledgerBalanceOf, for readers that hold only the booking. */
export function bookingBalanceOf(tx: CoreApp, b: core.Record): number {
  return ledgerBalanceOf(b, chargesOfBooking(tx, b.id));
}

/** The money of booking `b` (read in `tx`). */
export function moneyOfRecord(tx: CoreApp, b: core.Record, kept?: Kept): Money {
  const charges = chargesOfBooking(tx, b.id);
  return moneyOf(movementsOfRecords(b, charges), ledgerBookingOf(b, charges, kept));
}

/**
 * The one home of a booking's derived money (docs/decisions/045 and 060): sets booking `b`'s
 * stored `balance_remaining` (cents) and `payment_status` to domain/money/booking-money.ts
 * `derivedMoneyOf` its row and `charges` (its charges in `tx` when
 * omitted; `[]` for a booking being made) read as. The two fields are a mirror for the admin and
 * the collections API, never read for money. Does not save `b`; true when either field changed.
 */
export function deriveBookingMoney(tx: CoreApp, b: core.Record, charges: core.Record[] = chargesOfBooking(tx, b.id)): boolean {
  const money = derivedMoneyOf(bookingMoneyRowOf(b), charges.map(chargeMoneyRowOf));
  if (bookingField(b, 'balance_remaining') === money.balance_remaining && bookingField(b, 'payment_status') === money.payment_status) return false;
  b.set('balance_remaining', money.balance_remaining);
  b.set('payment_status', money.payment_status);
  return true;
}

/**
 * Inside transaction `tx`: booking `bookingId`'s derived money recomputed (deriveBookingMoney)
 * and saved when it changed; nothing when the booking is gone. The command runner calls it after
 * every command for each booking whose row or charges the command wrote (run-command.ts), and
 * so does every path that writes money outside the runner (the checkout's own transaction).
 */
export function recomputeBookingMoney(tx: CoreApp, bookingId: string): void {
  let b: core.Record;
  try {
    b = tx.findRecordById('bookings', bookingId);
  } catch {
    return;
  }
  if (deriveBookingMoney(tx, b)) tx.save(b);
}

/** The refunds of booking `b` still to give back by hand (cash, a check, another way): what the owner must return. */
export function refundsToReturn(tx: CoreApp, b: core.Record): Movement[] {
  return movementsOfRecords(b, chargesOfBooking(tx, b.id)).filter((m) => m.direction === 'refund' && m.status === 'to_return');
}
