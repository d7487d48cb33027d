/**
 * The one path every "this checkout was paid" signal takes (demo Pay, verify-booking-payment,
 * the Stripe webhook): settle the payment through the settle-deposit command
 * (lib/payments/settle-payment.ts; its transaction queues the confirmation e-mails and the
 * runner sends them after the commit), then, only from the call that made the change, the
 * refund (which queues the conflict e-mails) for a payment that could not secure its slot:
 * Stripe is called outside any transaction (docs/architecture.md "The path of a command"). A
 * retried signal never e-mails or refunds twice.
 */
import { runRefunds } from './refund';
import { settlePaidSession, type PaymentIds, type SettleResult } from './settle-payment';

export type { PaymentIds };

/** The settle result (null when no booking has that session). */
export function completePaidSession(app: CoreApp, sessionId: string, ids: PaymentIds): SettleResult | null {
  const result = settlePaidSession(app, sessionId, ids);
  if (result?.changed && result.outcome === 'conflict') runRefunds(app, result.bookingId);
  return result;
}
