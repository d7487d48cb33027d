/**
 * "Close the books" (the owner's exports from the admin): the bookings, payments and customers
 * of a season or a date range as CSV tables, the totals by method, and the season summary by
 * month, all from the rows the admin mirrors (docs/architecture.md "Admin data and sync": the
 * `bookings` and `charges` rows as PocketBase sends them), so they work on the phone with no
 * signal. Every amount comes from the booking's ledger (domain/money/booking-money.ts
 * `bookingLedger`, domain/money/ledger.ts `moneyOf`, docs/decisions/045); nothing here re-derives
 * money. Integer cents inside, plain dollars in the CSV (csv.ts `dollarsCell`), never negative:
 * a refund is a row of its own.
 *
 * What puts a row in the range (dates YYYY-MM-DD in America/New_York, both ends included):
 * - a booking (bookings CSV, customers CSV, the summary's bookings and outstanding): its install
 *   date. Unpaid checkouts that ran out (domain/booking/display.ts `isAbandonedCheckout`) are
 *   left out, as the Bookings list and the insights leave them out.
 * - a money movement (payments CSV, the summary's collected and refunded): the day it happened
 *   (`movementDate`), whatever the install date of its booking.
 * A season Y runs from Y-07-01 to (Y+1)-06-30, the rule of domain/schedule/season.ts
 * `seasonOfInstall` (a January removal belongs to the season before).
 *
 * Pure: "now" is passed in.
 */
import { packageTitle, bookingStatusLabel, isAbandonedCheckout } from '../booking/display';
import { balanceOf, bookingLedger, groupByBooking, type BookingLedger } from '../money/booking-money';
import { chargeRefundRowsOf, collectionOf, isCardMethod, receiptFor, type Movement, type MovementMethod } from '../money/ledger';
import { businessToday, isYmd, parseTimestamp, type Ymd } from '../schedule/calendar';
import { seasonOfInstall } from '../schedule/season';
import { dollarsCell, type Cell } from './csv';
import type { BookingRow } from '../booking/booking-row';
import type { ChargeRow } from '../money/charge-row';

/** A season (its year: the season of November Y) or a from/to range of New York dates, both included. */
export type BooksRange = { season: number } | { from: Ymd; to: Ymd };

/** A mirrored `bookings` row's fields the exports read (AdminBooking fits it). Cents; PocketBase datetimes. */
export type BooksBookingRow = Pick<
  BookingRow,
  | 'id'
  | 'created_at'
  | 'customer_name'
  | 'customer_email'
  | 'customer_phone'
  | 'customer_address'
  | 'package_type'
  | 'tree_size'
  | 'install_date'
  | 'install_time_slot'
  | 'removal_date'
  | 'removal_time_slot'
  | 'status'
  | 'payment_status'
  | 'total_price'
  | 'deposit_amount'
  | 'refunded_at'
  | 'disputed_at'
> &
  Partial<Pick<BookingRow, 'updated_at' | 'hold_expires_at' | 'deposit_paid_at'>>;

/** A mirrored `charges` row's fields the exports read, besides those the ledger reads (AdminCharge fits it); `refunds`: the charge's later refunds (ledger.ts ChargeRefundRow), each with its `refunded_at`. */
export type BooksChargeRow = Pick<ChargeRow, 'id' | 'booking' | 'created_at' | 'requested_at' | 'refunded_at' | 'voided_at' | 'refunds'> & Partial<Pick<ChargeRow, 'updated_at'>>;

/** The first and last New York date of `range`, both included, and its name in file names ('2026', '2026-11-01_2026-11-30'). */
export function rangeDates(range: BooksRange): { from: Ymd; to: Ymd; label: string } {
  if ('season' in range) return { from: `${range.season}-07-01`, to: `${range.season + 1}-06-30`, label: String(range.season) };
  return { from: range.from, to: range.to, label: `${range.from}_${range.to}` };
}

/** The file name of an export: 'bookings-2026.csv', 'payments-2026-11-01_2026-11-30.csv'. */
export function exportFileName(kind: 'bookings' | 'payments' | 'customers', range: BooksRange): string {
  return `${kind}-${rangeDates(range).label}.csv`;
}

/** The season (its year) a valid install date belongs to (domain/schedule/season.ts `seasonOfInstall`); null for no date. */
export function seasonOfDate(date: string): number | null {
  return isYmd(date) ? seasonOfInstall(date, date).year : null;
}

/** The seasons the bookings were installed in, newest first: the choices of the season picker. */
export function seasonsIn(bookings: readonly Pick<BooksBookingRow, 'install_date'>[]): number[] {
  const years = new Set<number>();
  for (const b of bookings) {
    const y = seasonOfDate(b.install_date);
    if (y !== null) years.add(y);
  }
  return [...years].sort((a, b) => b - a);
}

/** The New York date of a PocketBase datetime ('2026-11-21 03:00:00.000Z' → '2026-11-20'); '' when empty or unreadable. */
export function newYorkDateOf(timestamp: string | null | undefined): Ymd | '' {
  const ms = parseTimestamp(timestamp);
  return Number.isFinite(ms) ? businessToday(new Date(ms)) : '';
}

const inRange = (date: string, from: Ymd, to: Ymd) => isYmd(date) && date >= from && date <= to;
const first = (...values: (string | undefined)[]) => values.find((v) => !!v) ?? '';

/**
 * Whether movement `m` moved money: a payment that succeeded, a refund made or handed back, a
 * void, a dispute lost. Exactly what `moneyOf`'s `paidCents` adds and takes off (ledger.ts), so
 * the payments of a booking less its other moved movements are its money held.
 */
export function movedMoney(m: Movement): boolean {
  return receiptFor(m) !== null || ((m.direction === 'void' || m.direction === 'dispute') && m.status === 'succeeded');
}

/**
 * The PocketBase datetime a movement of `booking` happened at: the deposit at `deposit_paid_at`,
 * its refund at the booking's `refunded_at`, a dispute at `disputed_at`; a charge's payment at its
 * `requested_at` (as the Overview's chart), its void at `voided_at`, its first refund at its
 * `refunded_at`, a later refund at that entry's `refunded_at`. Each falls back to the row's
 * `updated_at`, then `created_at`, so a row older than a field still lands somewhere.
 */
export function movementAt(m: Movement, booking: BooksBookingRow, charges: ReadonlyMap<string, BooksChargeRow>): string {
  const [payment = '', suffix = ''] = m.id.split(':');
  if (payment === 'deposit') {
    if (m.direction === 'payment') return first(booking.deposit_paid_at, booking.created_at);
    if (m.direction === 'dispute') return first(booking.disputed_at, booking.updated_at, booking.created_at);
    return first(booking.refunded_at, booking.updated_at, booking.created_at);
  }
  const c = charges.get(collectionOf(payment));
  if (!c) return '';
  if (m.direction === 'payment') return first(c.requested_at, c.created_at);
  if (m.direction === 'void') return first(c.voided_at, c.updated_at, c.created_at);
  const n = Number(suffix.replace('refund', '') || '1');
  const later = n > 1 ? chargeRefundRowsOf(c.refunds).find((r) => r.n === n)?.refunded_at : undefined;
  return first(later, c.refunded_at, c.updated_at, c.created_at);
}

/** How the exports name a method: every card way (Checkout, a saved card, a payment link) is 'card' (Stripe pays it out). */
export type MethodLabel = 'card' | 'cash' | 'check' | 'other';
export const METHOD_LABELS: readonly MethodLabel[] = ['card', 'cash', 'check', 'other'];
export function methodLabel(method: MovementMethod): MethodLabel {
  return isCardMethod(method) ? 'card' : method === 'cash' || method === 'check' ? method : 'other';
}

/** One movement of money in the range, as the payments CSV writes it. Cents, always positive. */
export interface PaymentLine {
  date: Ymd;
  bookingId: string;
  customer: string;
  /** deposit, balance, removal, damages, tip. */
  what: Movement['kind'];
  method: MethodLabel;
  /** payment brings money in; refund, void and dispute (lost) take it out. */
  direction: 'payment' | 'refund' | 'void' | 'dispute';
  amountCents: number;
}

/** Money in and out of one method over the range, cents; `netCents` = in − out (may be negative). */
export interface MethodTotal {
  method: MethodLabel;
  inCents: number;
  outCents: number;
  netCents: number;
}

/** One month of the season summary ('YYYY-MM', New York). Cents. */
export interface SummaryMonth {
  month: string;
  /** Live bookings (not cancelled, not a payment conflict) installed that month. */
  bookings: number;
  /** Payments that came in that month. */
  collectedCents: number;
  /** Refunds made, voids and disputes lost that month. */
  refundedCents: number;
  /** What the bookings installed that month still owe (booking-money.ts `balanceOf`). */
  outstandingCents: number;
}

/** The summary's months and their sum ('Total'). */
export interface SeasonSummary {
  months: SummaryMonth[];
  total: SummaryMonth;
}

/** Everything "Close the books" shows and writes for one range. */
export interface Books {
  from: Ymd;
  to: Ymd;
  /** The bookings installed in the range (abandoned checkouts left out), by install date then creation. */
  bookings: { row: BooksBookingRow; ledger: BookingLedger }[];
  /** The movements of money in the range, by date then booking. */
  payments: PaymentLine[];
  /** Per method present among `payments`, in METHOD_LABELS order. */
  totals: MethodTotal[];
  summary: SeasonSummary;
}

const emptyMonth = (month: string): SummaryMonth => ({ month, bookings: 0, collectedCents: 0, refundedCents: 0, outstandingCents: 0 });

/**
 * The books of `range` from the mirror's `bookings` and `charges` rows (any order; charges of
 * bookings not given are ignored). `nowMs` (epoch ms) tells which unpaid checkouts ran out.
 * What the range selects is in the module's docstring. Cents.
 */
export function booksOf(bookings: readonly BooksBookingRow[], charges: readonly BooksChargeRow[], range: BooksRange, nowMs: number): Books {
  const { from, to } = rangeDates(range);
  const byBooking = groupByBooking(charges);
  const inBooks: Books['bookings'] = [];
  const payments: PaymentLine[] = [];
  const months = new Map<string, SummaryMonth>();
  const monthOf = (date: Ymd) => {
    const key = date.slice(0, 7);
    let m = months.get(key);
    if (!m) months.set(key, (m = emptyMonth(key)));
    return m;
  };

  for (const row of bookings) {
    const cs = byBooking.get(row.id) ?? [];
    const ledger = bookingLedger(row, cs);
    if (inRange(row.install_date, from, to) && !isAbandonedCheckout(row, nowMs)) {
      inBooks.push({ row, ledger });
      const month = monthOf(row.install_date);
      if (!ledger.booking.cancelled) month.bookings += 1;
      month.outstandingCents += balanceOf(ledger);
    }
    const chargesById = new Map(cs.map((c) => [c.id, c]));
    for (const m of ledger.movements) {
      if (!movedMoney(m) || m.amountCents <= 0) continue;
      const date = newYorkDateOf(movementAt(m, row, chargesById));
      if (!date || !inRange(date, from, to)) continue;
      const direction = m.direction;
      payments.push({ date, bookingId: row.id, customer: row.customer_name, what: m.kind, method: methodLabel(m.method), direction, amountCents: m.amountCents });
      const month = monthOf(date);
      if (direction === 'payment') month.collectedCents += m.amountCents;
      else month.refundedCents += m.amountCents;
    }
  }

  inBooks.sort((a, b) => cmp(a.row.install_date, b.row.install_date) || cmp(a.row.created_at, b.row.created_at) || cmp(a.row.id, b.row.id));
  payments.sort((a, b) => cmp(a.date, b.date) || cmp(a.bookingId, b.bookingId));
  const sorted = [...months.values()].sort((a, b) => cmp(a.month, b.month));
  const total = sorted.reduce(
    (t, m) => ({
      ...t,
      bookings: t.bookings + m.bookings,
      collectedCents: t.collectedCents + m.collectedCents,
      refundedCents: t.refundedCents + m.refundedCents,
      outstandingCents: t.outstandingCents + m.outstandingCents,
    }),
    emptyMonth('Total'),
  );
  return { from, to, bookings: inBooks, payments, totals: totalsByMethod(payments), summary: { months: sorted, total } };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Money in, out and net per method among `lines`, only the methods present, in METHOD_LABELS order. Cents. */
export function totalsByMethod(lines: readonly PaymentLine[]): MethodTotal[] {
  return METHOD_LABELS.flatMap((method) => {
    const of = lines.filter((l) => l.method === method);
    if (of.length === 0) return [];
    const inCents = of.filter((l) => l.direction === 'payment').reduce((t, l) => t + l.amountCents, 0);
    const outCents = of.filter((l) => l.direction !== 'payment').reduce((t, l) => t + l.amountCents, 0);
    return [{ method, inCents, outCents, netCents: inCents - outCents }];
  });
}

/** Money in (payments) and out (refunds made, voids, disputes lost) of one booking's moved movements. Cents. */
function inOut(movements: readonly Movement[]): { inCents: number; outCents: number } {
  let inCents = 0;
  let outCents = 0;
  for (const m of movements) {
    if (!movedMoney(m)) continue;
    if (m.direction === 'payment') inCents += m.amountCents;
    else outCents += m.amountCents;
  }
  return { inCents, outCents };
}

export const BOOKINGS_HEADER = [
  'Booking ID',
  'Created',
  'Customer',
  'Email',
  'Phone',
  'Address',
  'Package',
  'Size',
  'Install date',
  'Install slot',
  'Removal date',
  'Removal slot',
  'Status',
  'Total',
  'Deposit',
  'Paid',
  'Refunded',
  'Balance due',
] as const;

/**
 * The bookings CSV's rows, header first: one per booking of `books`. Paid is every payment that
 * came in, Refunded what went back (refunds made, voids, disputes lost), so Paid − Refunded is
 * the ledger's money held (`moneyOf`'s `paidCents`); Balance due is booking-money.ts `balanceOf`.
 * Created is the New York date. Dollars.
 */
export function bookingsTable(books: Books): Cell[][] {
  return [
    [...BOOKINGS_HEADER],
    ...books.bookings.map(({ row, ledger }) => {
      const { inCents, outCents } = inOut(ledger.movements);
      return [
        row.id,
        newYorkDateOf(row.created_at),
        row.customer_name,
        row.customer_email,
        row.customer_phone,
        row.customer_address,
        packageTitle(row.package_type),
        row.tree_size,
        row.install_date,
        row.install_time_slot,
        row.removal_date,
        row.removal_time_slot,
        bookingStatusLabel(row.status),
        dollarsCell(Math.max(0, row.total_price)),
        dollarsCell(Math.max(0, row.deposit_amount)),
        dollarsCell(inCents),
        dollarsCell(outCents),
        dollarsCell(balanceOf(ledger)),
      ];
    }),
  ];
}

/** The Direction of a payments CSV's Total row: its net is what came in less the refunds, or the refunds less what came in. */
export const TOTAL_IN = 'total (net of refunds)';
export const TOTAL_OUT = 'total refunded (net of payments)';

export const PAYMENTS_HEADER = ['Date', 'Booking ID', 'Customer', 'What', 'Method', 'Direction', 'Amount'] as const;

/**
 * The payments CSV's rows, header first: one per movement of money in the range, then one row
 * per method, 'Total' in the Date column, with its net: direction 'total (net of refunds)' when
 * more came in than went out, else 'total refunded (net of payments)', and the amount always
 * positive, so no Total reads as one more payment. Dollars; cells pass toCsv's formula guard.
 */
export function paymentsTable(books: Books): Cell[][] {
  return [
    [...PAYMENTS_HEADER],
    ...books.payments.map((p) => [p.date, p.bookingId, p.customer, p.what, p.method, p.direction, dollarsCell(p.amountCents)]),
    ...books.totals.map((t) => ['Total', '', '', '', t.method, t.netCents >= 0 ? TOTAL_IN : TOTAL_OUT, dollarsCell(Math.abs(t.netCents))]),
  ];
}

/** The key customers are grouped by: the e-mail trimmed and lower-cased ('' when none). */
export function customerKey(email: string): string {
  return email.trim().toLowerCase();
}

/** One customer of the customers CSV. Cents. */
export interface CustomerLine {
  name: string;
  email: string;
  phone: string;
  address: string;
  bookings: number;
  /** Every season they booked, among all the rows given, oldest first. */
  seasons: number[];
  /** Money held from their bookings in the range (`moneyOf`'s `paidCents`). */
  paidCents: number;
}

/**
 * The customers of the range: one per normalised e-mail (`customerKey`) among the bookings of
 * `books` (a booking with no e-mail is a customer of its own). Name, phone and address are those
 * of their latest booking (by `created_at`); Bookings and Paid count the range's bookings;
 * Seasons lists every season they booked among `allBookings` (repeat customers show). By name.
 */
export function customersOf(books: Books, allBookings: readonly BooksBookingRow[]): CustomerLine[] {
  const seasonsByKey = new Map<string, Set<number>>();
  for (const b of allBookings) {
    const key = customerKey(b.customer_email);
    const y = seasonOfDate(b.install_date);
    if (!key || y === null) continue;
    const set = seasonsByKey.get(key) ?? new Set<number>();
    set.add(y);
    seasonsByKey.set(key, set);
  }
  const groups = new Map<string, Books['bookings']>();
  for (const entry of books.bookings) {
    const key = customerKey(entry.row.customer_email) || `booking:${entry.row.id}`;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return [...groups.entries()]
    .map(([key, entries]) => {
      const latest = entries.reduce((a, b) => (b.row.created_at > a.row.created_at ? b : a)).row;
      const own = entries.map((e) => seasonOfDate(e.row.install_date)).filter((y): y is number => y !== null);
      return {
        name: latest.customer_name,
        email: key.startsWith('booking:') ? '' : key,
        phone: latest.customer_phone,
        address: latest.customer_address,
        bookings: entries.length,
        seasons: [...new Set([...(seasonsByKey.get(key) ?? []), ...own])].sort((a, b) => a - b),
        paidCents: entries.reduce((t, e) => t + e.ledger.money.paidCents, 0),
      };
    })
    .sort((a, b) => cmp(a.name.toLowerCase(), b.name.toLowerCase()) || cmp(a.email, b.email));
}

export const CUSTOMERS_HEADER = ['Customer', 'Email', 'Phone', 'Address', 'Bookings', 'Seasons', 'Total paid'] as const;

/** The customers CSV's rows, header first (`customersOf`); Seasons space-separated ('2025 2026'). Dollars. */
export function customersTable(customers: readonly CustomerLine[]): Cell[][] {
  return [[...CUSTOMERS_HEADER], ...customers.map((c) => [c.name, c.email, c.phone, c.address, c.bookings, c.seasons.join(' '), dollarsCell(Math.max(0, c.paidCents))])];
}
