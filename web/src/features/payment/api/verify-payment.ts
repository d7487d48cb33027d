import type { BookingSummary } from '@domain/booking/summary';
import { paths } from '@/lib/paths';
import { postJson } from '@/lib/api/get-json';

export type { BookingSummary };

/**
 * POST /api/fn/verify-booking-payment { sessionId } → { success, conflict, booking, manageToken }
 * (docs/product.md §7). `conflict`: the payment arrived after the slot was gone and was refunded
 * (docs/decisions/010); booking is null a day after the checkout closed; `manageToken` the paid
 * booking's stable manage link's token (docs/decisions/051), '' when none is shown. A plain
 * fetch (web/src/lib/api/get-json.ts): the page loads no SDK. Rejects with a ReadError.
 */
export function verifyBookingPayment(sessionId: string): Promise<{ success: boolean; conflict?: boolean; booking?: BookingSummary | null; manageToken?: string }> {
  return postJson('/api/fn/verify-booking-payment', { sessionId });
}

/** The manage page of the booking whose link's token is `token`. */
export function manageLinkOf(token: string): string {
  return `${paths.myBooking}?token=${encodeURIComponent(token)}`;
}

/** 'Add to calendar': the booking's visits as an .ics download (GET /api/fn/visits.ics, the same file as its e-mails' calendar button), on this origin. */
export function calendarLinkOf(token: string): string {
  return `/api/fn/visits.ics?token=${encodeURIComponent(token)}`;
}
