import type { BookingSummary } from '@domain/booking/summary';
import { paths } from '@/lib/paths';
import { pb } from '@/lib/pb';

export type { BookingSummary };

/**
 * POST /api/fn/verify-booking-payment { sessionId } → { success, conflict, booking, manageToken }
 * (docs/product.md §7). `conflict`: the payment arrived after the slot was gone and was refunded
 * (docs/decisions/010); booking is null a day after the checkout closed; `manageToken` the paid
 * booking's stable manage link's token (docs/decisions/051), '' when none is shown.
 */
export function verifyBookingPayment(sessionId: string): Promise<{ success: boolean; conflict?: boolean; booking?: BookingSummary | null; manageToken?: string }> {
  return pb.send('/api/fn/verify-booking-payment', { method: 'POST', body: { sessionId } });
}

/** The manage page of the booking whose link's token is `token`. */
export function manageLinkOf(token: string): string {
  return `${paths.myBooking}?token=${encodeURIComponent(token)}`;
}

/** 'Add to calendar': the booking's visits as an .ics download (GET /api/fn/visits.ics, the same file as its e-mails' calendar button). */
export function calendarLinkOf(token: string): string {
  return pb.buildURL(`/api/fn/visits.ics?token=${encodeURIComponent(token)}`);
}
