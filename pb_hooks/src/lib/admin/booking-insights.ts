/**
 * The booking half of the admin's Overview (docs/product.md §4 booking status, §9 Revenue and
 * insights), counted in SQL over `bookings`:
 * - tiles: total; Pending = pending + pending_payment; Completed = the bookings whose visits are
 *   done (status completed, or confirmed with the installation done and the removal done or
 *   none): a confirmed booking still to be visited is neither;
 *   This Month = created since the first of the current month in New York;
 * - revenue (cents): Collected = totals of paid bookings + what deposit_paid ones have paid
 *   (the deposit and any part of the balance, e.g. cash recorded at the door);
 *   Pending = balances of deposit_paid bookings + totals of pending ones; Expected = both;
 *   Collected also counts the damages charged (the damages part of succeeded charges, which a
 *   booking's total does not include), usually after the balance was paid;
 * - weekly: deposits (at deposit_paid_at) and balances (total − deposit, at balance_paid_at)
 *   collected per week of the season (domain/insights.ts `weeklyCollected`).
 * Cancelled bookings, payment conflicts and checkout holds that ran out count nowhere.
 */
import { businessMidnightMs, chartSeasonStart, weeklyCollected, type WeeklyPoint } from '@domain/insights';
import type { Ymd } from '@domain/calendar';
import { toPbDate } from '../clock';

export interface BookingTiles {
  total: number;
  pending: number;
  completed: number;
  thisMonth: number;
}

export interface Revenue {
  collected: number;
  pending: number;
  expected: number;
}

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
    COALESCE(SUM(created_at >= {:monthStart}), 0) AS thisMonth,
    COALESCE(SUM(CASE payment_status WHEN 'paid' THEN total_price WHEN 'deposit_paid' THEN total_price - balance_remaining ELSE 0 END), 0) AS collected,
    COALESCE(SUM(CASE payment_status WHEN 'deposit_paid' THEN balance_remaining WHEN 'pending' THEN total_price ELSE 0 END), 0) AS owed
  FROM bookings WHERE ${COUNTED}`;

// The damages part of the succeeded charges of the bookings that count.
const DAMAGES_SQL = `
  SELECT COALESCE(SUM(damages_amount), 0) AS damages FROM charges
  WHERE status = 'succeeded' AND damages_amount > 0 AND booking IN (SELECT id FROM bookings WHERE ${COUNTED})`;

// Payments grouped by UTC date and by three bands of UTC hours that each fall on one New York
// date (before 04:00 the evening before; 04:00, midnight in summer time and 11 PM in winter;
// from 05:00 the same date), each band named by its first hour: a handful of rows per
// payment day for domain/insights.ts `weeklyCollected` to place in New York weeks.
const HOUR_BAND = (column: string) => `substr(${column}, 1, 11) || CASE WHEN substr(${column}, 12, 2) < '04' THEN '00' WHEN substr(${column}, 12, 2) = '04' THEN '04' ELSE '05' END`;

const PAYMENT_HOURS_SQL = `
  SELECT hour, SUM(deposits) AS deposits, SUM(balances) AS balances FROM (
    SELECT ${HOUR_BAND('deposit_paid_at')} AS hour, deposit_amount AS deposits, 0 AS balances
    FROM bookings WHERE ${COUNTED} AND payment_status IN ('deposit_paid', 'paid') AND deposit_paid_at >= {:from}
    UNION ALL
    SELECT ${HOUR_BAND('balance_paid_at')}, 0, total_price - deposit_amount
    FROM bookings WHERE ${COUNTED} AND payment_status = 'paid' AND balance_paid_at >= {:from}
  )
  GROUP BY hour`;

/** Tiles, revenue and the weekly chart at `now` (epoch ms) on `today` (New York), in cents. */
export function bookingInsights(app: CoreApp, now: number, today: Ymd): BookingInsights {
  const monthStart = toPbDate(businessMidnightMs(`${today.slice(0, 8)}01`));
  const params = { now: toPbDate(now), monthStart, from: toPbDate(businessMidnightMs(chartSeasonStart(today))) } as unknown as dbx.Params;

  const t = new DynamicModel({ total: 0, pending: 0, completed: 0, thisMonth: 0, collected: 0, owed: 0 }) as unknown as Record<string, number>;
  app.db().newQuery(TOTALS_SQL).bind(params).one(t);

  const hours = arrayOf(new DynamicModel({ hour: '', deposits: 0, balances: 0 })) as unknown as { hour: string; deposits: number; balances: number }[];
  app.db().newQuery(PAYMENT_HOURS_SQL).bind(params).all(hours);

  const d = new DynamicModel({ damages: 0 }) as unknown as Record<string, number>;
  app.db().newQuery(DAMAGES_SQL).bind(params).one(d);

  const collected = Number(t.collected) + Number(d.damages);
  const owed = Number(t.owed);
  return {
    bookings: { total: Number(t.total), pending: Number(t.pending), completed: Number(t.completed), thisMonth: Number(t.thisMonth) },
    revenue: { collected, pending: owed, expected: collected + owed },
    weekly: weeklyCollected(
      hours.map((h) => ({ hourUtc: String(h.hour), deposits: Number(h.deposits), balances: Number(h.balances) })),
      today,
    ),
  };
}
