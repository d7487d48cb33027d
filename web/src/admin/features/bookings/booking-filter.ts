/**
 * The Bookings list's filters (docs/product.md §2 Bookings) as named values: a filter's id is
 * the `?filter=` of the URL. `cancelled` shares a booking status's spelling, so the ids are spelt
 * here only and named everywhere else (docs/architecture.md "One typed booking").
 */
export const BookingFilter = {
  Upcoming: 'upcoming',
  BalanceDue: 'balance_due',
  Cancelled: 'cancelled',
  All: 'all',
} as const;
export type BookingFilter = (typeof BookingFilter)[keyof typeof BookingFilter];
/** The filters in the order the list shows them. */
export const BOOKING_FILTERS: readonly BookingFilter[] = Object.values(BookingFilter);
