/**
 * The booking half of the admin's Overview (docs/product.md §4 booking status, §9 Revenue and
 * insights):
 * - tiles, counted in SQL over `bookings`: total; Pending = pending + pending_payment; Completed =
 *   the bookings whose visits are done (status completed, or confirmed with the installation
 *   done and the removal done or none): a confirmed booking still to be visited is neither;
 *   This Month = created since the first of the current month in New York;
 * - revenue (cents) and the weekly chart from each booking's ledger (docs/decisions/045:
 *   domain/money/booking-money.ts `bookingLedger`, `moneyOf`), read in four queries, never one
 *   per booking (the bookings without charges grouped by the fields their ledger reads, their
 *   deposits by hour band, the bookings with charges, every charge), each distinct ledger
 *   derived once (the JSVM is slow over a season's rows one by one): Collected = money
 *   held (deposits, balances, removals, damages, tips, recorded cash and checks, less refunds
 *   made, voids and disputes lost); Pending = owed less paid of the bookings that count;
 *   Expected = both (domain/admin/insights.ts `revenueOf`);
 * - weekly: the money held per week of the season, the deposit at `deposit_paid_at`, every
 *   other payment at its charge's `requested_at` (domain/admin/insights.ts `paymentHoursOf`,
 *   `mergePaymentHours`, `weeklyCollected`).
 * Cancelled bookings, payment conflicts and checkout holds that ran out count in no tile and owe
 * nothing; what a cancelled booking kept stays collected.
 */
import { businessMidnightMs, mergePaymentHours, paymentHoursOf, revenueOf, weeklyCollected, type PaymentHour, type Revenue, type RevenueBooking, type WeeklyPoint } from '@domain/admin/insights';
import { bookingLedger, chargeMoneyRow, groupByBooking, type BookingLedger } from '@domain/money/booking-money';
import { heldOf } from '@domain/money/ledger';
import type { Ymd } from '@domain/schedule/calendar';
import { toPbDate } from '../clock';
import { AWAITING_DEPOSIT_STATUSES, BookingStatus, GONE_STATUSES, PaymentStatus, sqlIn, sqlNotIn } from '@domain/booking/lifecycle';
import type { BookingFields } from '@domain/booking/booking-row';
import type { ChargeFields } from '@domain/money/charge-row';

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
const COUNTED = `${sqlNotIn('status', GONE_STATUSES)}
  AND NOT (status = '${BookingStatus.PendingPayment}' AND payment_status = '${PaymentStatus.Pending}' AND hold_expires_at <= {:now})`;

const TOTALS_SQL = `
  SELECT
    COUNT(*) AS total,
    COALESCE(SUM(${sqlIn('status', AWAITING_DEPOSIT_STATUSES)}), 0) AS pending,
    COALESCE(SUM(status = '${BookingStatus.Completed}' OR (status = '${BookingStatus.Confirmed}' AND install_done_at != '' AND (removal_date = '' OR removal_done_at != ''))), 0) AS completed,
    COALESCE(SUM(created_at >= {:monthStart}), 0) AS thisMonth
  FROM bookings WHERE ${COUNTED}`;

// A PocketBase datetime's UTC date and a band of UTC hours that falls on one New York date, as
// 'YYYY-MM-DD HH' (domain/admin/insights.ts mergePaymentHours names the same bands); '' when unset.
const HOUR_BAND = (column: string) =>
  `CASE WHEN ${column} = '' THEN '' ELSE substr(${column}, 1, 11) || CASE WHEN substr(${column}, 12, 2) < '04' THEN '00' WHEN substr(${column}, 12, 2) = '04' THEN '04' ELSE '05' END END`;

// The bookings whose ledger can hold or owe money (those that count, and any other with a deposit
// in or a payment status past pending: an abandoned checkout has neither) and no charge.
const PLAIN = `NOT EXISTS (SELECT 1 FROM charges c WHERE c.booking = b.id) AND ((${COUNTED}) OR deposit_paid_at != '' OR payment_status != 'pending')`;

// Those bookings grouped by every field their ledger reads (movementsOf reads `deposit_paid_at` and
// `dispute_id` only as set or not): a season is a few dozen groups, each read through the ledger once.
const PLAIN_BOOKINGS_SQL = `
  SELECT '' AS id, status, payment_status, total_price, deposit_amount, deposit_method, deposit_paid_at != '' AS paid,
    dispute_id != '' AS disputed, deposit_refund, deposit_refund_amount, (${COUNTED}) AS counted, COUNT(*) AS n
  FROM bookings b WHERE ${PLAIN}
  GROUP BY 2, 3, 4, 5, 6, 7, 8, 9, 10, 11`;

// Their deposits by the hour band they came in and the fields that decide whether a deposit is
// held (not the amounts: a deposit without charges is held whole or not at all, so the ledger of
// a one-cent deposit says which, and the sum of the deposits is what is held), and whether its
// refund gave back only part of it (`part`): once made, such deposits hold `kept_cents`, the rest.
const PLAIN_DEPOSITS_SQL = `
  SELECT status, payment_status, deposit_method, dispute_id != '' AS disputed, deposit_refund, deposit_refund_amount > 0 AS part, ${HOUR_BAND('deposit_paid_at')} AS band,
    SUM(deposit_amount) AS cents, SUM(CASE WHEN deposit_refund_amount < deposit_amount THEN deposit_amount - deposit_refund_amount ELSE 0 END) AS kept_cents
  FROM bookings b WHERE ${PLAIN} AND deposit_paid_at != '' AND deposit_amount > 0
  GROUP BY 1, 2, 3, 4, 5, 6, 7`;

// The bookings with charges, one row each, and every charge (oldest first).
const CHARGED_BOOKINGS_SQL = `
  SELECT id, status, payment_status, total_price, deposit_amount, deposit_method, deposit_paid_at != '' AS paid, ${HOUR_BAND('deposit_paid_at')} AS paid_band,
    dispute_id != '' AS disputed, deposit_refund, deposit_refund_amount, (${COUNTED}) AS counted, 1 AS n
  FROM bookings WHERE id IN (SELECT booking FROM charges)`;

const CHARGES_SQL = `
  SELECT booking, kind, amount, balance_amount, damages_amount, status, method, stripe_checkout_session_id != '' AS link, refund_status, refund_amount, refunds,
    ${HOUR_BAND("CASE WHEN requested_at != '' THEN requested_at ELSE created_at END")} AS band
  FROM charges ORDER BY created_at, id`;

/**
 * A group of alike bookings as the insights query answers it (one SQL row, not a record: read
 * without bookingRowOf for speed, docs/architecture.md "One typed booking"): the row's money
 * fields, and what the query derives.
 */
type BookingGroup = BookingFields<'id' | 'status' | 'payment_status' | 'total_price' | 'deposit_amount' | 'deposit_method' | 'deposit_refund' | 'deposit_refund_amount'> & {
  paid: number | boolean;
  paid_band: string;
  disputed: number | boolean;
  counted: number | boolean;
  n: number;
};

/** A charge's SQL row: the typed row's fields (domain/money/charge-row.ts), its later refunds as their JSON text, and the row's own bands. */
type ChargeSqlRow = ChargeFields<'booking' | 'kind' | 'amount' | 'balance_amount' | 'damages_amount' | 'status' | 'method' | 'refund_status' | 'refund_amount'> & {
  link: number | boolean;
  refunds: string;
  band: string;
};

const truthy = (v: unknown) => v === true || Number(v) === 1;

/**
 * The ledger rows of a group (JSVM models hold Go values: plain JS copies) and the key of its
 * ledger: bookings with the same key have the same movements and money, whatever their ids and
 * times. Charges get ids by position ('c0', 'c1'…) so one ledger serves every booking of the key.
 */
function ledgerInput(b: Omit<BookingGroup, 'id' | 'paid_band' | 'counted' | 'n'>, charges: readonly ChargeSqlRow[]) {
  const booking = {
    status: String(b.status),
    payment_status: String(b.payment_status),
    total_price: Number(b.total_price),
    deposit_amount: Number(b.deposit_amount),
    deposit_method: String(b.deposit_method),
    // movementsOf reads these two as set or not.
    deposit_paid_at: truthy(b.paid) ? 'set' : '',
    dispute_id: truthy(b.disputed) ? 'set' : '',
    cancel_reason: '',
    deposit_refund: String(b.deposit_refund),
    deposit_refund_amount: Number(b.deposit_refund_amount),
  };
  const rows = charges.map((c, i) => ({
    id: `c${i}`,
    kind: String(c.kind),
    amount: Number(c.amount),
    balance_amount: Number(c.balance_amount),
    damages_amount: Number(c.damages_amount),
    status: String(c.status),
    method: String(c.method),
    stripe_checkout_session_id: truthy(c.link) ? 'set' : '',
    refund_status: String(c.refund_status),
    refund_amount: Number(c.refund_amount),
    refunds: chargeMoneyRow({ refunds: String(c.refunds ?? '') }).refunds,
  }));
  const key = JSON.stringify([booking, rows]);
  return { booking, charges: rows, key };
}

const groupModel = () =>
  new DynamicModel({
    id: '',
    status: '',
    payment_status: '',
    total_price: 0,
    deposit_amount: 0,
    deposit_method: '',
    paid: 0,
    paid_band: '',
    disputed: 0,
    deposit_refund: '',
    deposit_refund_amount: 0,
    counted: 0,
    n: 0,
  });

/**
 * Tiles, revenue and the weekly chart at `now` (epoch ms) on `today` (New York), in cents. Five
 * queries whatever the number of bookings; the ledger is read once per distinct ledger.
 */
export function bookingInsights(app: CoreApp, now: number, today: Ymd): BookingInsights {
  const monthStart = toPbDate(businessMidnightMs(`${today.slice(0, 8)}01`));
  const params = { now: toPbDate(now), monthStart } as unknown as dbx.Params;

  const t = new DynamicModel({ total: 0, pending: 0, completed: 0, thisMonth: 0 }) as unknown as Record<string, number>;
  app.db().newQuery(TOTALS_SQL).bind(params).one(t);

  const plain = arrayOf(groupModel()) as unknown as BookingGroup[];
  app.db().newQuery(PLAIN_BOOKINGS_SQL).bind(params).all(plain);
  const deposits = arrayOf(new DynamicModel({ status: '', payment_status: '', deposit_method: '', disputed: 0, deposit_refund: '', part: 0, band: '', cents: 0, kept_cents: 0 })) as unknown as (Omit<
    BookingGroup,
    'id' | 'total_price' | 'deposit_amount' | 'deposit_refund_amount' | 'paid' | 'paid_band' | 'counted' | 'n'
  > & { part: number | boolean; band: string; cents: number; kept_cents: number })[];
  app.db().newQuery(PLAIN_DEPOSITS_SQL).bind(params).all(deposits);
  const charged = arrayOf(groupModel()) as unknown as BookingGroup[];
  app.db().newQuery(CHARGED_BOOKINGS_SQL).bind(params).all(charged);
  const chargeRows = arrayOf(
    new DynamicModel({ booking: '', kind: '', amount: 0, balance_amount: 0, damages_amount: 0, status: '', method: '', link: 0, refund_status: '', refund_amount: 0, band: '' }),
  ) as unknown as ChargeSqlRow[];
  app.db().newQuery(CHARGES_SQL).all(chargeRows);

  const ledgers = new Map<string, BookingLedger>();
  const ledgerOf = (input: ReturnType<typeof ledgerInput>) => {
    let ledger = ledgers.get(input.key);
    if (!ledger) {
      ledger = bookingLedger(input.booking, input.charges);
      ledgers.set(input.key, ledger);
    }
    return ledger;
  };
  const revenue: RevenueBooking[] = [];
  const hours: PaymentHour[] = [];
  for (const g of plain) revenue.push({ money: ledgerOf(ledgerInput(g, [])).money, counted: truthy(g.counted), count: Number(g.n) });
  for (const d of deposits) {
    const unit = ledgerOf(ledgerInput({ ...d, total_price: 1, deposit_amount: 1, deposit_refund_amount: 0, paid: true }, []));
    const held = heldOf(unit.movements, 'deposit');
    // The unit deposit's refund is read whole: once made, a deposit refunded in part still holds the rest.
    const cents = held > 0 ? Number(d.cents) * held : truthy(d.part) ? Number(d.kept_cents) : 0;
    if (cents > 0) hours.push({ hourUtc: String(d.band), deposits: cents, balances: 0 });
  }
  const chargesOf = groupByBooking(chargeRows.map((c) => ({ ...c, booking: String(c.booking), band: String(c.band) })));
  for (const g of charged) {
    const charges = chargesOf.get(String(g.id)) ?? [];
    const ledger = ledgerOf(ledgerInput(g, charges));
    revenue.push({ money: ledger.money, counted: truthy(g.counted) });
    const times = new Map(charges.map((c, i) => [`c${i}`, c.band]));
    hours.push(...paymentHoursOf(ledger.movements, String(g.paid_band), times));
  }

  return {
    bookings: { total: Number(t.total), pending: Number(t.pending), completed: Number(t.completed), thisMonth: Number(t.thisMonth) },
    revenue: revenueOf(revenue),
    weekly: weeklyCollected(mergePaymentHours(hours), today),
  };
}
