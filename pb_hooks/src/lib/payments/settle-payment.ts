/**
 * Applies a paid checkout session to its booking, from whichever path learns of it first (demo
 * Pay, verify-booking-payment, the Stripe webhook), in ONE transaction that re-reads the booking
 * and its slots (docs/architecture.md reading 15; docs/decisions/010):
 * - a payable booking whose slots are still free is confirmed (deposit paid);
 * - a booking that can no longer own its slots (cancelled, replaced, or its slot resold after
 *   the hold lapsed) becomes `payment_conflict` with `refund_pending`: the caller refunds it
 *   outside the transaction (lib/payments/refund.ts);
 * - a booking already settled is left untouched, so a redelivered signal changes nothing.
 * A confirmation queues its e-mails (the confirmation, the owner's notice, the deposit's receipt)
 * in the same transaction (lib/mail/mail-outbox.ts), so a
 * crash after the commit cannot lose them, and records the Overview's conversion there too
 * (lib/payments/payment-conversion.ts; docs/decisions/039).
 */
import { paymentDecision } from '@domain/booking-ownership';
import { findBySession, visitsFreeFor } from '../bookings/bookings-repo';
import { nowMs, toPbDate } from '../clock';
import { bookingConfirmationMails } from '../mail/booking-confirmation';
import { queueMail } from '../mail/mail-outbox';
import { depositReceiptMail } from '../mail/receipts';
import { configuredOrigin } from '../http';
import { issueManageToken, manageUrl } from '../my-booking/manage-links';
import { loadCrews } from '../settings';
import { recordPaidConversion } from './payment-conversion';

/** What the payment provider tells about the paid session. */
export interface PaymentIds {
  paymentIntentId: string;
  customerId?: string;
  paymentMethodId?: string;
}

export interface SettleResult {
  bookingId: string;
  /** confirmed: the deposit is recorded; conflict: the payment must be refunded. */
  outcome: 'confirmed' | 'conflict';
  /** True only for the call that made the change (so e-mail and refunds run once). */
  changed: boolean;
  /** The mail outbox rows queued with a confirmation (to send once the transaction commits). */
  mailIds: string[];
}

/**
 * Settles the booking of `sessionId` with the payment `ids`. Returns null when no booking has
 * that session. Never calls out (Stripe, SMTP): safe to run inside the write lock.
 */
export function settlePaidSession(app: CoreApp, sessionId: string, ids: PaymentIds): SettleResult | null {
  let result: SettleResult | null = null;
  const crews = loadCrews(app);
  app.runInTransaction((tx) => {
    const rec = findBySession(tx, sessionId);
    if (!rec) return;
    const now = nowMs();
    const state = { status: rec.getString('status'), payment_status: rec.getString('payment_status'), cancel_reason: rec.getString('cancel_reason') };
    const decision = paymentDecision(state, visitsFreeFor(tx, rec, now, crews));
    if (decision === 'already_settled') {
      result = { bookingId: rec.id, outcome: state.status === 'payment_conflict' ? 'conflict' : 'confirmed', changed: false, mailIds: [] };
      return;
    }
    rec.set('payment_intent_id', ids.paymentIntentId);
    if (ids.customerId) rec.set('stripe_customer_id', ids.customerId);
    if (ids.paymentMethodId) rec.set('payment_method_id', ids.paymentMethodId);
    if (decision === 'confirm') {
      result = { bookingId: rec.id, outcome: 'confirmed', changed: true, mailIds: confirmDeposit(tx, rec, now) };
      return;
    }
    rec.set('payment_status', 'refund_pending');
    rec.set('deposit_refund', 'pending');
    rec.set('status', 'payment_conflict');
    tx.save(rec);
    result = { bookingId: rec.id, outcome: 'conflict', changed: true, mailIds: [] };
  });
  return result;
}

/**
 * Inside transaction `tx`: booking `rec`'s deposit is paid at `now` (epoch ms), by card or, for
 * a phone booking, as its `deposit_method` says: confirmed, the balance due, its e-mails
 * queued (the confirmation, the owner's notice, the deposit's receipt, each with its own manage
 * link, docs/decisions/027) and, for a website booking, its conversion recorded (the only
 * source of conversions, docs/decisions/039). Returns the mail outbox ids to send once the
 * transaction commits.
 */
export function confirmDeposit(tx: CoreApp, rec: core.Record, now: number): string[] {
  rec.set('payment_status', 'deposit_paid');
  rec.set('status', 'confirmed');
  rec.set('cancel_reason', '');
  rec.set('deposit_paid_at', toPbDate(now));
  rec.set('balance_remaining', rec.getInt('total_price') - rec.getInt('deposit_amount'));
  tx.save(rec);
  recordPaidConversion(tx, rec, now);
  const link = () => manageUrl(configuredOrigin(tx), issueManageToken(tx, rec));
  return [...bookingConfirmationMails(rec, link()), depositReceiptMail(rec, link())].map((m) => queueMail(tx, m));
}
