/**
 * The one path every "this checkout was paid" signal takes (demo Pay, verify-booking-payment,
 * the Stripe webhook): confirm the deposit idempotently, then send the confirmation e-mails
 * only from the call that made the change, so a retried signal never e-mails twice.
 */
import { sendBookingConfirmation } from '../mail/booking-confirmation';
import { confirmDeposit, type PaymentIds } from './confirm-deposit';

/** Returns true when a booking with that session exists (paid now or before). */
export function completePaidSession(app: CoreApp, sessionId: string, ids: PaymentIds): boolean {
  const result = confirmDeposit(app, sessionId, ids);
  if (result?.changed) sendBookingConfirmation(app, result.bookingId);
  return result !== null;
}
