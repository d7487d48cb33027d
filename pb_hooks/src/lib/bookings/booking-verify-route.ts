/**
 * POST /api/fn/verify-booking-payment (docs/product.md §7). Body { sessionId }.
 * 200 { success: boolean, conflict: boolean, open: boolean, booking: BookingSummary | null }:
 * success once the deposit is paid; conflict when the payment came too late for its slot and
 * was refunded; open while the checkout still holds its slots unpaid (the wizard then offers to
 * continue to that payment rather than start a second one);
 * booking null a day after the checkout closed (lib/mail/booking-summary.ts);
 * `manageToken` the booking's stable manage link's token (docs/decisions/051, the same as in its
 * e-mails) while the booking is paid and shown, else absent (a closed checkout answers its state
 * only), for 'Manage my booking' and 'Add to calendar' on the success page. For a
 * Stripe session not yet confirmed by the webhook, asks Stripe and confirms it if paid (the
 * second, idempotent path of docs/architecture.md reading 6). 400 without a session id; 404 unknown.
 */
import { parseTimestamp } from '@domain/schedule/calendar';
import { bookingSummary } from '../mail/booking-summary';
import { findBySession } from '../booking-store/bookings-repo';
import { nowMs } from '../clock';
import { apiError } from '../http';
import { runOutsideCall, type OutsideCall } from '../commands/run-outside-call';
import { completePaidSession } from '../payments/complete-payment';
import { paymentIdsOf, retrieveCheckoutSession, withCard } from '../payments/stripe';
import { logError } from '../log';
import { issueManageToken } from '../booking-store/manage-links';
import { asPaymentStatus, BookingStatus, isPaid, PaymentStatus } from '@domain/booking/lifecycle';
import { bookingField } from '../booking-row';

const paid = (r: core.Record) => isPaid({ payment_status: asPaymentStatus(bookingField(r, 'payment_status')) });

/** The request: the Checkout session's id. */
interface VerifyInput {
  sessionId: string;
}

/**
 * Verifying a payment around Stripe (docs/decisions/048 and 063): the session read from Stripe
 * outside any transaction, then the settle-deposit command (complete-payment.ts) when it is
 * paid; settling twice changes nothing, so no key.
 */
export const verifyPaymentCall: OutsideCall<VerifyInput> = {
  path: '/api/fn/verify-booking-payment',
  request: {
    name: 'verify-booking-payment',
    parse: (body) => {
      const sessionId = typeof body.sessionId === 'string' ? body.sessionId.trim() : '';
      return sessionId ? { ok: true, value: { sessionId } } : { ok: false, message: 'No payment session found.' };
    },
    idempotency: { by: 'natural', header: 'none', why: 'a paid session is settled once; asking again reads it as it is' },
  },
  steps({ input: { sessionId } }) {
    let rec = findBySession($app, sessionId);
    if (!rec) throw apiError(404, 'Payment session not found.');

    if (!paid(rec) && bookingField(rec, 'payment_mode') === 'stripe') {
      let session;
      try {
        session = retrieveCheckoutSession(sessionId);
      } catch (err) {
        logError(`verify-booking-payment: ${String(err)}`);
        throw apiError(502, 'Payment verification failed');
      }
      if (session.payment_status === PaymentStatus.Paid) {
        completePaidSession($app, sessionId, withCard(paymentIdsOf(session)));
        rec = findBySession($app, sessionId)!;
      }
    }
    // `conflict`: the payment arrived after the booking lost its slot and was refunded.
    const open =
      bookingField(rec, 'status') === BookingStatus.PendingPayment && bookingField(rec, 'payment_status') === PaymentStatus.Pending && parseTimestamp(bookingField(rec, 'hold_expires_at')) > nowMs();
    const booking = bookingSummary(rec, nowMs());
    // The session id is the payer's secret (in Stripe's redirect), like the summary it already shows.
    const manageToken = paid(rec) && rec.getString('status') === BookingStatus.Confirmed && booking ? issueManageToken($app, rec) : '';
    return { success: paid(rec), conflict: rec.getString('status') === BookingStatus.PaymentConflict, open, booking, ...(manageToken ? { manageToken } : {}) };
  },
};

export function verifyBookingPaymentRoute(e: core.RequestEvent): void {
  runOutsideCall(e, verifyPaymentCall);
}
