/**
 * The booking half of the admin's Overview (docs/product.md §4 booking status, §9 Revenue and
 * insights):
 * - tiles, counted in SQL over `bookings`: total; Pending = pending + pending_payment; Completed =
 *   the bookings whose visits are done (status completed, or confirmed with the installation
 *   done and the removal done or none): a confirmed booking still to be visited is neither;
 *   This Month = created since the first of the current month in New York;
 * - revenue (cents) and the weekly chart from each booking's ledger (docs/decisions/045:
 *   domain/money/booking-money.ts `bookingLedger`, `moneyOf`), read in two queries (the bookings
 *   with money or still counted, and every charge), never one per booking: Collected = money
 *   held (deposits, balances, removals, damages, tips, recorded cash and checks, less refunds
 *   made, voids and disputes lost); Pending = owed less paid of the bookings that count;
 *   Expected = both (domain/insights.ts `revenueOf`);
 * - weekly: the money held per week of the season, the deposit at `deposit_paid_at`, every
 *   other payment at its charge's `requested_at` (domain/insights.ts `paymentHoursOf`,
 *   `weeklyCollected`).
 * Cancelled bookings, payment conflicts and checkout holds that ran out count in no tile and owe
 * nothing; what a cancelled booking kept stays collected.
 */
import { businessMidnightMs, paymentHoursOf, revenueOf, weeklyCollected, type PaymentHour, type Revenue, type RevenueBooking, type WeeklyPoint } from '@domain/insights';
import { bookingLedger, groupByBooking } from '@domain/money/booking-money';
import type { Ymd } from '@domain/calendar';
import { toPbDate } from '../clock';

export interface BookingTiles {
  total: number;
  pending: number;
  completed: number;
  thisMonth: number;
}

export type { Revenue };

export interface BookingInsights {
  bookings: BookingTiles;
  revenue: Revenue;
  weekly: WeeklyPoint[];
}

/** Bookings that count: not cancelled, not a payment conflict, not an unpaid hold that ran out. */
const COUNTED = `status NOT IN ('cancelled', 'payment_conflict')
  AND NOT (status = 'pending_payment' AND payment_status = 'pending' AND hold_expires_at <= {:now})`;

const TOTALS_SQL = `
  SELECT
    COUNT(*) AS total,
    COALESCE(SUM(status IN ('pending', 'pending_payment')), 0) AS pending,
    COALESCE(SUM(status = 'completed' OR (status = 'confirmed' AND install_done_at != '' AND (removal_date = '' OR removal_done_at != ''))), 0) AS completed,
    COALESCE(SUM(created_at >= {:monthStart}), 0) AS thisMonth
  FROM bookings WHERE ${COUNTED}`;

// The bookings whose ledger can hold or owe money: those that count, and any other with a
// deposit in, a payment status past pending or a charge (an abandoned checkout has none).
const LEDGER_BOOKINGS_SQL = `
  SELECT id, status, payment_status, total_price, deposit_amount, deposit_method, deposit_paid_at, dispute_id, cancel_reason, deposit_refund,
    (${COUNTED}) AS counted
  FROM bookings
  WHERE (${COUNTED}) OR deposit_paid_at != '' OR payment_status != 'pending' OR id IN (SELECT booking FROM charges)`;

const LEDGER_CHARGES_SQL = `
  SELECT id, booking, kind, amount, balance_amount, damages_amount, status, method, stripe_checkout_session_id, refund_status, refund_amount, requested_at, created_at
  FROM charges ORDER BY created_at, id`;

interface BookingRow {
  id: string;
  status: string;
  payment_status: string;
  total_price: number;
  deposit_amount: number;
  deposit_method: string;
  deposit_paid_at: string;
  dispute_id: string;
  cancel_reason: string;
  deposit_refund: string;
  counted: number | boolean;
}

interface ChargeRow {
  id: string;
  booking: string;
  kind: string;
  amount: number;
  balance_amount: number;
  damages_amount: number;
  status: string;
  method: string;
  stripe_checkout_session_id: string;
  refund_status: string;
  refund_amount: number;
  requested_at: string;
  created_at: string;
}

/** JSVM models hold Go values: plain JS copies, so the shared domain code reads ordinary strings and numbers. */
const plainBooking = (r: BookingRow): BookingRow => ({
  id: String(r.id),
  status: String(r.status),
  payment_status: String(r.payment_status),
  total_price: Number(r.total_price),
  deposit_amount: Number(r.deposit_amount),
  deposit_method: String(r.deposit_method),
  deposit_paid_at: String(r.deposit_paid_at),
  dispute_id: String(r.dispute_id),
  cancel_reason: String(r.cancel_reason),
  deposit_refund: String(r.deposit_refund),
  counted: Number(r.counted) === 1 || r.counted === true,
});
const plainCharge = (c: ChargeRow): ChargeRow => ({
  id: String(c.id),
  booking: String(c.booking),
  kind: String(c.kind),
  amount: Number(c.amount),
  balance_amount: Number(c.balance_amount),
  damages_amount: Number(c.damages_amount),
  status: String(c.status),
  method: String(c.method),
  stripe_checkout_session_id: String(c.stripe_checkout_session_id),
  refund_status: String(c.refund_status),
  refund_amount: Number(c.refund_amount),
  requested_at: String(c.requested_at),
  created_at: String(c.created_at),
});

/** Tiles, revenue and the weekly chart at `now` (epoch ms) on `today` (New York), in cents. Three queries whatever the number of bookings. */
export function bookingInsights(app: CoreApp, now: number, today: Ymd): BookingInsights {
  const monthStart = toPbDate(businessMidnightMs(`${today.slice(0, 8)}01`));
  const params = { now: toPbDate(now), monthStart } as unknown as dbx.Params;

  const t = new DynamicModel({ total: 0, pending: 0, completed: 0, thisMonth: 0 }) as unknown as Record<string, number>;
  app.db().newQuery(TOTALS_SQL).bind(params).one(t);

  const bookingRows = arrayOf(
    new DynamicModel({
      id: '',
      status: '',
      payment_status: '',
      total_price: 0,
      deposit_amount: 0,
      deposit_method: '',
      deposit_paid_at: '',
      dispute_id: '',
      cancel_reason: '',
      deposit_refund: '',
      counted: 0,
    }),
  ) as unknown as BookingRow[];
  app.db().newQuery(LEDGER_BOOKINGS_SQL).bind(params).all(bookingRows);
  const chargeRows = arrayOf(
    new DynamicModel({
      id: '',
      booking: '',
      kind: '',
      amount: 0,
      balance_amount: 0,
      damages_amount: 0,
      status: '',
      method: '',
      stripe_checkout_session_id: '',
      refund_status: '',
      refund_amount: 0,
      requested_at: '',
      created_at: '',
    }),
  ) as unknown as ChargeRow[];
  app.db().newQuery(LEDGER_CHARGES_SQL).all(chargeRows);

  const chargesOf = groupByBooking(chargeRows.map(plainCharge));
  const revenue: RevenueBooking[] = [];
  const hours: PaymentHour[] = [];
  for (const b of bookingRows.map(plainBooking)) {
    const charges = chargesOf.get(b.id) ?? [];
    const ledger = bookingLedger(b, charges);
    revenue.push({ money: ledger.money, counted: b.counted === true });
    // requested_at is set on the app's clock by every path that makes a charge; created_at for older rows.
    const times = new Map(charges.map((c) => [c.id, c.requested_at || c.created_at]));
    hours.push(...paymentHoursOf(ledger.movements, b.deposit_paid_at, times));
  }

  return {
    bookings: { total: Number(t.total), pending: Number(t.pending), completed: Number(t.completed), thisMonth: Number(t.thisMonth) },
    revenue: revenueOf(revenue),
    weekly: weeklyCollected(hours, today),
  };
}
