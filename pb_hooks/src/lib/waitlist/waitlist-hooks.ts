/**
 * Record hooks of the waitlist (main.ts). On `waitlist_offers`: an open offer holds its slot like a booking's
 * unpaid hold (bookings-repo.ts bookingsOnDates reads both), so every change of an offer makes
 * the kept copies of the bookings' schedules out of date too (lib/kept.ts, docs/decisions/018).
 */
import { forgetKeptOf } from '../kept';
import { offerFreedSlots } from './waitlist-offer-step';
import { bookingField } from '../booking-row';

export function forgetKeptBookings(e: core.RecordEvent): void {
  e.next();
  forgetKeptOf(e.app, 'bookings');
}

/** Record hook (main.ts), after a booking's deletion committed: its visits' dates are offered to the people waiting (best effort). */
export function offerAfterBookingDelete(e: core.RecordEvent): void {
  e.next();
  offerFreedSlots(e.app, [bookingField(e.record!, 'install_date'), bookingField(e.record!, 'removal_date')]);
}

/** Record hook (main.ts), after the owner removed a blocked day: its slots are offered to the people waiting (best effort). */
export function offerAfterBlockRemoved(e: core.RecordEvent): void {
  e.next();
  offerFreedSlots(e.app, [e.record!.getString('blocked_date')]);
}
