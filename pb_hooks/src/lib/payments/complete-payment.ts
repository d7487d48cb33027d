/**
 * The one path every "this checkout was paid" signal takes (demo Pay, verify-booking-payment,
 * the Stripe webhook): settle the payment in one transaction (lib/payments/settle-payment.ts),
 * then, only from the call that made the change, the side effects outside it: the confirmation
 * e-mails for a confirmed booking; the refund and the conflict e-mails for a payment that could
 * not secure its slot. A retried signal never e-mails or refunds twice.
 */
import { sendBookingConfirmation } from '../mail/booking-confirmation';
import { sendPaymentConflictNotice } from '../mail/payment-conflict';
import { refundConflictPayment } from './refund';
import { settlePaidSession, type PaymentIds, type SettleResult } from './settle-payment';

export type { PaymentIds };

/** The settle result (null when no booking has that session). */
export function completePaidSession(app: CoreApp, sessionId: string, ids: PaymentIds): SettleResult | null {
  const result = settlePaidSession(app, sessionId, ids);
  if (!result?.changed) return result;
  if (result.outcome === 'confirmed') {
    sendBookingConfirmation(app, result.bookingId);
  } else {
    const refunded = refundConflictPayment(app, result.bookingId);
    sendPaymentConflictNotice(app, result.bookingId, refunded);
  }
  return result;
}
