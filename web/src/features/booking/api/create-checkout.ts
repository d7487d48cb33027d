import type { BookingRequestInput } from '@domain/booking/schemas';
import { pb } from '@/lib/pb';
import { renewalToken } from '../renewal-status';

export interface CheckoutSession {
  url: string;
  sessionId: string;
  bookingId: string;
}

/**
 * POST /api/fn/create-booking-checkout { bookingData, wizardId, renewalToken?, waitlistOffer? } (the
 * renewal link this session's wizard was opened with, renewal-prefill.ts) with the attempt's
 * Idempotency-Key header → the checkout URL (docs/product.md §7; docs/decisions/010). Throws the
 * SDK's ClientResponseError (status 0 when the answer was lost). `waitlistOffer`: the token of
 * the waitlist offer whose held time this booking takes (the waitlist contract; 409 'This offer
 * has ended.' or 'This offer has expired.' when it can no longer be taken).
 */
export function createBookingCheckout(bookingData: BookingRequestInput, ids: { idempotencyKey: string; wizardId: string; waitlistOffer?: string }): Promise<CheckoutSession> {
  const token = renewalToken();
  return pb.send<CheckoutSession>('/api/fn/create-booking-checkout', {
    method: 'POST',
    body: { bookingData, wizardId: ids.wizardId, ...(token ? { renewalToken: token } : {}), ...(ids.waitlistOffer ? { waitlistOffer: ids.waitlistOffer } : {}) },
    headers: { 'Idempotency-Key': ids.idempotencyKey },
    // Two taps must both reach the server (the second is answered from the first).
    requestKey: null,
  });
}
