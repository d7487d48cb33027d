/**
 * Moves a booking to deposit paid and confirmed once its checkout session is paid, from
 * whichever path learns it first (demo page, verify call, webhook). Idempotent: a booking
 * already paid is left untouched.
 */
import { findBySession } from '../bookings-repo';
import { nowMs, toPbDate } from '../clock';

export interface ConfirmResult {
  bookingId: string;
  /** True only for the call that made the change (so side effects like e-mail run once). */
  changed: boolean;
}

/** What the payment provider tells about the paid session. */
export interface PaymentIds {
  paymentIntentId: string;
  customerId?: string;
  paymentMethodId?: string;
}

/**
 * Confirms the deposit of the booking with `sessionId`, recording the payment ids.
 * Returns null when no booking has that session.
 */
export function confirmDeposit(app: CoreApp, sessionId: string, ids: PaymentIds): ConfirmResult | null {
  let result: ConfirmResult | null = null;
  app.runInTransaction((tx) => {
    const rec = findBySession(tx, sessionId);
    if (!rec) return;
    const paid = rec.getString('payment_status');
    if (paid === 'deposit_paid' || paid === 'paid') {
      result = { bookingId: rec.id, changed: false };
      return;
    }
    rec.set('payment_status', 'deposit_paid');
    rec.set('status', 'confirmed');
    rec.set('payment_intent_id', ids.paymentIntentId);
    if (ids.customerId) rec.set('stripe_customer_id', ids.customerId);
    if (ids.paymentMethodId) rec.set('payment_method_id', ids.paymentMethodId);
    rec.set('deposit_paid_at', toPbDate(nowMs()));
    rec.set('balance_remaining', rec.getInt('total_price') - rec.getInt('deposit_amount'));
    tx.save(rec);
    result = { bookingId: rec.id, changed: true };
  });
  return result;
}
