/**
 * The Bookings list's filters (docs/product.md §2 Bookings): Upcoming, Balance due, Cancelled and
 * All, each with its count, combined with the search box. Money is the ledger's, as the Balance
 * Due column reads it (domain/money/booking-money.ts bookingLedger and balanceOf over the
 * mirror's charges, docs/decisions/045); dates are `YYYY-MM-DD` in America/New_York, compared
 * with the business's today. Pure: "today" is passed in.
 */
import { balanceOf, bookingLedger, type LooseRow } from '@domain/money/booking-money';
import { BookingStatus, isGoingAhead } from '@domain/booking/lifecycle';

import { BOOKING_FILTERS, BookingFilter } from './booking-filter';
import type { BookingRow } from '@domain/booking/booking-row';

export { BOOKING_FILTERS, BookingFilter };

/** The filter shown when the URL names none (or one it does not know): All, the list as it always was. */
export const DEFAULT_BOOKING_FILTER: BookingFilter = BookingFilter.All;

export const BOOKING_FILTER_LABELS: Record<BookingFilter, string> = {
  upcoming: 'Upcoming',
  balance_due: 'Balance due',
  cancelled: 'Cancelled',
  all: 'All',
};

/** What each filter says when it lists nothing (the search's own sentence comes first when one is typed). */
export const BOOKING_FILTER_EMPTY: Record<BookingFilter, string> = {
  upcoming: 'No upcoming visits.',
  balance_due: 'No balance due: every booking is paid up.',
  cancelled: 'No cancelled bookings.',
  all: 'No bookings yet.',
};

/** The booking fields the filters read (a mirror row has them all; the ledger reads the money fields it needs). */
export type FilterableBooking = LooseRow & Pick<BookingRow, 'id' | 'status' | 'install_date' | 'removal_date'>;

/** `value` as a filter, or the default (a URL's `?filter=` may hold anything). */
export function bookingFilterOf(value: string | null | undefined): BookingFilter {
  return (BOOKING_FILTERS as readonly string[]).includes(value ?? '') ? (value as BookingFilter) : DEFAULT_BOOKING_FILTER;
}

/**
 * Which filters booking `b` (with its `charges` rows) falls under on `today` (YYYY-MM-DD, New
 * York): every booking under All; a cancelled one under Cancelled only; one whose payment lost
 * its slot (`payment_conflict`) under All only; another under Upcoming while its installation or
 * removal is today or later, and, once its deposit is in (confirmed or completed), under Balance
 * due while its ledger says it still owes money (balanceOf > 0: the Balance Due column's amount;
 * a checkout still open is not a balance).
 */
export function filtersOf(b: FilterableBooking, charges: readonly LooseRow[], today: string): Set<BookingFilter> {
  const out = new Set<BookingFilter>([BookingFilter.All]);
  if (b.status === BookingStatus.Cancelled) {
    out.add(BookingFilter.Cancelled);
    return out;
  }
  if (b.status === BookingStatus.PaymentConflict) return out;
  if ((b.install_date && b.install_date >= today) || (b.removal_date && b.removal_date >= today)) out.add(BookingFilter.Upcoming);
  if (isGoingAhead(b) && balanceOf(bookingLedger(b, charges)) > 0) out.add(BookingFilter.BalanceDue);
  return out;
}

/** A filtered list with each filter's count over the same bookings. */
export interface FilteredBookings<B> {
  listed: B[];
  counts: Record<BookingFilter, number>;
}

/**
 * `bookings` (already searched, in the order to show) under `filter`, and how many fall under
 * each filter, so a tab's count is what choosing it lists. `chargesOf` gives a booking's charges
 * (none when absent). Order kept.
 */
export function filterBookings<B extends FilterableBooking>(bookings: readonly B[], chargesOf: (bookingId: string) => readonly LooseRow[], filter: BookingFilter, today: string): FilteredBookings<B> {
  const counts: Record<BookingFilter, number> = { upcoming: 0, balance_due: 0, cancelled: 0, all: 0 };
  const listed: B[] = [];
  for (const b of bookings) {
    const under = filtersOf(b, chargesOf(b.id), today);
    for (const f of under) counts[f] += 1;
    if (under.has(filter)) listed.push(b);
  }
  return { listed, counts };
}
