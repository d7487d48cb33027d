import type { BookingSummary } from '@domain/booking/summary';
import { pb } from '@/lib/pb';

export type { BookingSummary };

/**
 * POST /api/fn/verify-booking-payment { sessionId } → { success, conflict, booking } (docs/product.md
 * §7). `conflict`: the payment arrived after the slot was gone and was refunded (docs/decisions/010);
 * booking is null a day after the checkout closed.
 */
export function verifyBookingPayment(sessionId: string): Promise<{ success: boolean; conflict?: boolean; booking?: BookingSummary | null }> {
  return pb.send('/api/fn/verify-booking-payment', { method: 'POST', body: { sessionId } });
}
