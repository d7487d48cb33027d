/**
 * The Overview's booking tiles from a running tally (docs/product.md §9 Revenue and insights;
 * docs/decisions/060): instead of recounting every booking, a tally keeps how many bookings
 * share each combination of the fields the tiles read, and is changed by each booking written
 * or removed (the admin's mirror does so in the transaction that writes the rows). The tiles
 * are folded from the tally's few groups at a given moment, as GET /api/fn/insights counts
 * them in SQL (pb_hooks/src/lib/admin/booking-insights.ts):
 * - bookings that count: not cancelled, not a payment conflict, not an unpaid hold that ran out
 *   (`hold_expires_at` at or before now, or none);
 * - Pending = pending + pending_payment; Completed = completed, or confirmed with the
 *   installation done and the removal done or none; This Month = created since the first of
 *   the current month in New York.
 * No I/O, no clock: the moment and today are passed in.
 */
import { businessToday, type Ymd } from '../schedule/calendar';
import { awaitsDeposit, BookingStatus, isLive, PaymentStatus } from '../booking/lifecycle';
import type { BookingRow } from '../booking/booking-row';

/** The fields of a booking the tiles read (text dates as PocketBase gives them; '' when unset). */
export type TalliedBooking = Pick<BookingRow, 'status' | 'payment_status' | 'created_at' | 'install_done_at' | 'removal_done_at'> & Partial<Pick<BookingRow, 'hold_expires_at' | 'removal_date'>>;

/** How many bookings share each group key (bookingGroupKey). Groups at zero are left out. */
export type BookingTally = Record<string, number>;

/** The four tiles. */
export interface BookingTiles {
  total: number;
  pending: number;
  completed: number;
  thisMonth: number;
}

/** One group: what a booking's key keeps of it. */
interface Group {
  status: BookingStatus;
  /** `hold_expires_at` of an unpaid hold (pending_payment, payment pending); null otherwise. */
  hold: string | null;
  done: boolean;
  /** The New York month it was created in, `YYYY-MM`. */
  month: string;
}

/** A PocketBase datetime ('YYYY-MM-DD HH:MM:SS.sssZ') as epoch ms. */
const pbMs = (value: string) => Date.parse(value.replace(' ', 'T'));

/**
 * A booking's group: the fields the tiles read, reduced to what tells them apart (a hold's
 * expiry only for an unpaid hold, the visits' done state as one flag, the creation's month).
 */
export function bookingGroupKey(b: TalliedBooking): string {
  const unpaidHold = b.status === BookingStatus.PendingPayment && b.payment_status === PaymentStatus.Pending;
  const done = b.status === BookingStatus.Completed || (b.status === BookingStatus.Confirmed && !!b.install_done_at && (!b.removal_date || !!b.removal_done_at));
  const created = pbMs(b.created_at);
  const group: Group = {
    status: b.status,
    hold: unpaidHold ? (b.hold_expires_at ?? '') : null,
    done,
    month: Number.isNaN(created) ? '' : businessToday(new Date(created)).slice(0, 7),
  };
  return JSON.stringify([group.status, group.hold, group.done, group.month]);
}

/**
 * `tally` changed by `sign` (1 for a booking written, -1 for one removed or replaced) of each
 * of `bookings`; a new object, groups at zero dropped.
 */
export function changeTally(tally: BookingTally, bookings: readonly TalliedBooking[], sign: 1 | -1): BookingTally {
  const next = { ...tally };
  for (const b of bookings) {
    const key = bookingGroupKey(b);
    const n = (next[key] ?? 0) + sign;
    if (n === 0) delete next[key];
    else next[key] = n;
  }
  return next;
}

/** The tally of `bookings`, counted from the start. */
export function tallyOf(bookings: readonly TalliedBooking[]): BookingTally {
  return changeTally({}, bookings, 1);
}

/**
 * The tiles at `nowMs` (epoch ms) on `today` (`YYYY-MM-DD` in New York) from `tally`: the
 * same figures as GET /api/fn/insights' `bookings`.
 */
export function tilesOf(tally: BookingTally, nowMs: number, today: Ymd): BookingTiles {
  const tiles: BookingTiles = { total: 0, pending: 0, completed: 0, thisMonth: 0 };
  const month = today.slice(0, 7);
  for (const [key, count] of Object.entries(tally)) {
    const [status, hold, done, created] = JSON.parse(key) as [BookingStatus, string | null, boolean, string];
    if (!isLive({ status })) continue;
    // An unpaid hold counts until it runs out; one without an expiry never counted.
    if (hold !== null && (hold === '' || pbMs(hold) <= nowMs)) continue;
    tiles.total += count;
    if (awaitsDeposit({ status })) tiles.pending += count;
    if (done) tiles.completed += count;
    if (created >= month) tiles.thisMonth += count;
  }
  return tiles;
}
