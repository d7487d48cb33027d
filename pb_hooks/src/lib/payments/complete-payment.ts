/**
 * The one path every "this checkout was paid" signal takes (demo Pay, verify-booking-payment,
 * the Stripe webhook): settle the payment in one transaction (lib/payments/settle-payment.ts),
 * which also queues the confirmation e-mails, then, only from the call that made the change,
 * the side effects outside it: sending those e-mails; the refund (which queues the conflict
 * e-mails) for a payment that could not secure its slot. A retried signal never e-mails or
 * refunds twice.
 */
import { deliverMail } from '../mail/mail-outbox';
import { runRefunds } from './refund';
import { settlePaidSession, type PaymentIds, type SettleResult } from './settle-payment';

export type { PaymentIds };

/** The settle result (null when no booking has that session). */
export function completePaidSession(app: CoreApp, sessionId: string, ids: PaymentIds): SettleResult | null {
  const result = settlePaidSession(app, sessionId, ids);
  if (!result?.changed) return result;
  if (result.outcome === 'confirmed') deliverMail(app, result.mailIds);
  else runRefunds(app, result.bookingId);
  return result;
}
