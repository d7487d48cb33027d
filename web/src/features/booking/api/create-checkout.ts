import type { BookingRequestInput } from '@domain/schemas';
import { pb } from '../../../lib/pb';

export interface CheckoutSession {
  url: string;
  sessionId: string;
  bookingId: string;
}

/** POST /api/fn/create-booking-checkout { bookingData } → the checkout URL (SPEC.md §7). */
export function createBookingCheckout(bookingData: BookingRequestInput): Promise<CheckoutSession> {
  return pb.send<CheckoutSession>('/api/fn/create-booking-checkout', { method: 'POST', body: { bookingData } });
}
