import { pb } from '../../../lib/pb';

/** What the server shows about a booking to the holder of its checkout session. */
export interface BookingSummary {
  packageTitle: string;
  treeSize: string;
  installDate: string;
  installTimeSlot: string;
  removalDate: string | null;
  removalTimeSlot: string | null;
  customerName: string;
  customerEmail: string;
  totalCents: number;
  depositCents: number;
  balanceCents: number;
  priceLines: { code: string; label: string; amountCents: number }[];
  paymentStatus: string;
  status: string;
  holdExpiresAt: string;
}

/** POST /api/fn/verify-booking-payment { sessionId } → { success, booking } (SPEC.md §7). */
export function verifyBookingPayment(sessionId: string): Promise<{ success: boolean; booking?: BookingSummary }> {
  return pb.send('/api/fn/verify-booking-payment', { method: 'POST', body: { sessionId } });
}
