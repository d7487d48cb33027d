/**
 * The booking details shown to whoever holds a checkout session id (the demo payment page and
 * the success page): what was booked and the amounts, never the customer's name, e-mail,
 * address or phone, and only for a day after the checkout closed (domain/booking/summary.ts).
 */
import { summaryIsShown, type BookingSummary } from '@domain/booking/summary';
import { parseTimestamp } from '@domain/schedule/calendar';
import { findPackage, TREE_SIZE_INFO, isTreeSize } from '@domain/catalog';
import { bookingField } from '../booking-row';

export type { BookingSummary };

/**
 * The summary a checkout session id shows at `now` (epoch ms, lib/clock.ts `nowMs()`), or null
 * once a day has passed since the booking's checkout closed (`hold_expires_at`, written on our
 * clock when the checkout opens; PocketBase's `created_at` is stamped by the wall clock, not
 * APP_NOW's, so it cannot be compared with `now`).
 */
export function bookingSummary(r: core.Record, now: number): BookingSummary | null {
  return summaryIsShown(parseTimestamp(bookingField(r, 'hold_expires_at')), now) ? bookingDetails(r) : null;
}

/** What was booked and the amounts (cents), with display labels; for any caller, at any age. */
export function bookingDetails(r: core.Record): BookingSummary {
  const size = r.getString('tree_size');
  return {
    packageTitle: findPackage(r.getString('package_type'))?.title ?? r.getString('package_type'),
    treeSize: isTreeSize(size) ? TREE_SIZE_INFO[size].label : size,
    installDate: bookingField(r, 'install_date'),
    installTimeSlot: bookingField(r, 'install_time_slot'),
    removalDate: bookingField(r, 'removal_date') || null,
    removalTimeSlot: bookingField(r, 'removal_time_slot') || null,
    totalCents: bookingField(r, 'total_price'),
    depositCents: bookingField(r, 'deposit_amount'),
    balanceCents: bookingField(r, 'total_price') - bookingField(r, 'deposit_amount'),
  };
}
