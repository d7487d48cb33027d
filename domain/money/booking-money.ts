/**
 * The ledger of a booking read from its plain rows (docs/decisions/045): the booking row and its
 * `charges` rows as PocketBase stores them, whether they come from the server's records, a SQL
 * batch (the Overview's Revenue) or the admin's offline mirror (Dexie), become the movements of
 * domain/money/ledger.ts and their `moneyOf`. One adapter, so the server, the admin's screens and
 * the manage page derive the same paid, due, pending and credit. Rows may miss fields (the
 * mirror keeps what the server sent; older rows lack the ledger's fields): numbers default to 0,
 * text to ''. Pure; integer cents.
 */
import type { Kept } from '../booking/policy';
import { chargeRefundRowsOf, moneyOf, movementsOf, paymentStatusOf, type BookingMoneyRow, type ChargeMoneyRow, type LedgerBooking, type Money, type Movement } from './ledger';
import { asChargeStatus, asRefundStatus, QUEUED_ON_DEVICE } from './charge-lifecycle';
import { asBookingStatus, asCancelReason, asPaymentStatus, isLive, isRefunded } from '../booking/lifecycle';

/** A row as it comes (a PocketBase JSON record, a Dexie row, a SQL row): any of the fields the ledger reads. */
export type LooseRow = object;

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const int = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : 0);

/** The booking fields `movementsOf` reads, from a row that may miss some ('' and 0 for those). */
export function bookingMoneyRow(row: LooseRow): BookingMoneyRow {
  const r = row as Readonly<Record<string, unknown>>;
  return {
    status: asBookingStatus(text(r.status)),
    payment_status: asPaymentStatus(text(r.payment_status)),
    total_price: int(r.total_price),
    deposit_amount: int(r.deposit_amount),
    deposit_method: text(r.deposit_method),
    deposit_paid_at: text(r.deposit_paid_at),
    dispute_id: text(r.dispute_id),
    cancel_reason: asCancelReason(text(r.cancel_reason)),
    deposit_refund: asRefundStatus(text(r.deposit_refund)),
    deposit_refund_amount: int(r.deposit_refund_amount),
  };
}

/** A `charges` row's fields `movementsOf` reads, from a row that may miss some. */
export function chargeMoneyRow(row: LooseRow): ChargeMoneyRow {
  const r = row as Readonly<Record<string, unknown>>;
  return {
    id: text(r.id),
    kind: text(r.kind),
    amount: int(r.amount),
    balance_amount: int(r.balance_amount),
    damages_amount: int(r.damages_amount),
    status: asChargeStatus(text(r.status)),
    method: text(r.method),
    stripe_checkout_session_id: text(r.stripe_checkout_session_id),
    refund_status: asRefundStatus(text(r.refund_status)),
    refund_amount: int(r.refund_amount),
    refunds: chargeRefundRowsOf(jsonValue(r.refunds)),
  };
}

/** A JSON field as it comes: parsed already (a record, the mirror) or as its text (a SQL row); null when unreadable. */
function jsonValue(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return null;
  }
}

/**
 * What a cancelled booking keeps: the deposit unless its whole refund was asked for
 * (`deposit_refund` with no `deposit_refund_amount`; on rows older than it, a `payment_status` of
 * refund_pending or refunded with no charge refunded the ledger's way). A refund of part of the
 * deposit keeps 'deposit': moneyOf then keeps the deposit less that part.
 */
export function keptOfRows(b: BookingMoneyRow, charges: readonly ChargeMoneyRow[]): Kept {
  if (b.deposit_refund) return (b.deposit_refund_amount ?? 0) > 0 && (b.deposit_refund_amount ?? 0) < b.deposit_amount ? 'deposit' : 'nothing';
  const ledgerEra = charges.some((c) => !!c.refund_status);
  return !ledgerEra && isRefunded(b) ? 'nothing' : 'deposit';
}

/** The booking as the ledger reads it: `cancelled` for a cancelled booking or a payment conflict; `kept` overrides what a cancelled one keeps. */
export function ledgerBookingOfRows(b: BookingMoneyRow, charges: readonly ChargeMoneyRow[], kept?: Kept): LedgerBooking {
  return {
    totalCents: b.total_price,
    depositCents: b.deposit_amount,
    cancelled: !isLive(b),
    kept: kept ?? keptOfRows(b, charges),
  };
}

/** A booking's ledger: its movements, the booking as the ledger reads it, and `moneyOf` over them. */
export interface BookingLedger {
  movements: Movement[];
  booking: LedgerBooking;
  money: Money;
}

/**
 * The ledger of booking row `booking` with its `charges` rows (any order; loose rows are read
 * with `bookingMoneyRow` / `chargeMoneyRow`). The figures are domain/money/ledger.ts `moneyOf`'s:
 * owed, paid, due, pending (in flight, including a payment queued on the admin's device, which
 * the mirror holds as a charge of status `queued`), refunding, excess, credit.
 */
export function bookingLedger(booking: LooseRow, charges: readonly LooseRow[]): BookingLedger {
  const b = bookingMoneyRow(booking);
  const cs = charges.map(chargeMoneyRow);
  const movements = movementsOf(b, cs);
  const book = ledgerBookingOfRows(b, cs);
  return { movements, booking: book, money: moneyOf(movements, book) };
}

/**
 * What the booking still has to pay, in cents: owed less paid, payments in flight not yet paid
 * (a Checkout open or the bank still processing leaves the balance shown until the money lands,
 * as `balance_remaining` did); 0 once cancelled (a cancelled booking is owed only what it keeps,
 * docs/decisions/045). Of it, `money.pendingCents` may be on its way.
 */
export function balanceOf(ledger: BookingLedger): number {
  return ledger.booking.cancelled ? 0 : Math.max(0, ledger.money.owedCents - ledger.money.paidCents);
}

/**
 * What booking row `booking` with its `charges` rows stores as the mirror of its ledger
 * (docs/decisions/045 and 060): `balance_remaining`, the balance in cents (`balanceOf`), and
 * `payment_status`, the ledger's summary (ledger.ts `paymentStatusOf`). The server writes exactly
 * these after every command (pb_hooks/src/lib/ledger-records.ts deriveBookingMoney);
 * no command writes them. Pure.
 */
export function derivedMoneyOf(booking: LooseRow, charges: readonly LooseRow[]): { balance_remaining: number; payment_status: ReturnType<typeof paymentStatusOf> } {
  const ledger = bookingLedger(booking, charges);
  const everRefunded = ledger.movements.some((m) => m.direction === 'refund');
  return { balance_remaining: balanceOf(ledger), payment_status: paymentStatusOf(ledger.money, ledger.booking, everRefunded) };
}

/**
 * What is left to collect at the door for booking row `booking` with its `charges` rows (the
 * admin's mirror): the ledger's balance (`balanceOf`, never the stored `balance_remaining`) less
 * the payments queued on this device (charges of status `queued`, not yet sent), never below 0,
 * and those queued cents. Cents; docs/decisions/030 and 045.
 */
export function doorBalance(booking: LooseRow, charges: readonly LooseRow[]): { dueCents: number; queuedCents: number } {
  const queuedCents = charges
    .filter((c) => (c as { status?: unknown }).status === QUEUED_ON_DEVICE)
    .map(chargeMoneyRow)
    .reduce((t, c) => t + c.amount, 0);
  return { dueCents: Math.max(0, balanceOf(bookingLedger(booking, charges)) - queuedCents), queuedCents };
}

/** `bookingLedger(booking, charges).money`. */
export function bookingMoney(booking: LooseRow, charges: readonly LooseRow[]): Money {
  return bookingLedger(booking, charges).money;
}

/** Rows grouped by their `booking` id, each group in the order given (for reading every charge of many bookings at once). */
export function groupByBooking<T extends { booking: string }>(rows: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const list = out.get(r.booking);
    if (list) list.push(r);
    else out.set(r.booking, [r]);
  }
  return out;
}

/** One line of a booking's money as the admin shows it, label and cents. */
export interface MoneyLine {
  label: 'Paid' | 'Pending' | 'Balance due';
  cents: number;
}

/**
 * The money lines of the admin's booking dialog, all from `money` (the ledger's moneyOf, never
 * the stored fields), so they add up: Paid (held), Pending (in flight: a link open, a payment
 * queued or with the bank; shown only when some is) and Balance due (still to collect beyond
 * what is in flight). Paid + Pending + Balance due = what is owed, until paid beyond it.
 */
export function moneyLines(money: Pick<Money, 'paidCents' | 'pendingCents' | 'dueCents'>): MoneyLine[] {
  return [{ label: 'Paid', cents: money.paidCents }, ...(money.pendingCents > 0 ? [{ label: 'Pending' as const, cents: money.pendingCents }] : []), { label: 'Balance due', cents: money.dueCents }];
}
