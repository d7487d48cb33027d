/**
 * Refunds, each by the way its money came in (docs/decisions/045; the rules are
 * domain/money/ledger.ts): a booking cancelled by its customer (docs/decisions/027) or the owner
 * (032), a payment that could not secure its slot (`payment_conflict`, docs/architecture.md
 * reading 15), or a card payment that arrived for money already collected or a cancelled
 * booking. The refunds were queued in the transaction that decided them
 * (ledger-records.ts queueLedgerRefunds); this runs them:
 * - a card refund goes to Stripe outside any transaction, under a key per thing refunded
 *   (`refund-<booking>` for the deposit, `refund-charge-<charge>` for a charge), then is
 *   recorded with its receipt; demo payments record one without calling anyone; a failed call
 *   stays pending and the hold-expiry job retries it;
 * - cash, a check or another way is 'to return': no Stripe call and no receipt until the owner
 *   marks it given back (POST /api/fn/admin-refunds/returned, refund-returned-route.ts).
 * The customer and the business are e-mailed once (mail outbox keys per booking), with the
 * refunds made or their first failure; `payment_status` follows the ledger.
 */
import { isCardMethod, type Movement } from '@domain/money/ledger';
import { findBooking } from '../bookings/bookings-repo';
import { nowMs, toPbDate } from '../clock';
import { cancellationMails } from '../mail/booking-change';
import { deliverMail, queueMail, sendMailNow, type QueuedMail } from '../mail/mail-outbox';
import { paymentConflictMails } from '../mail/payment-conflict';
import { ledgerRefundReceiptMail } from '../mail/receipts';
import { chargesOfBooking, movementsOfRecords, syncPaymentStatus } from './ledger-records';
import { createRefund } from './stripe';
import { logError } from '../log';

/** What the customer and the owner are told about the refunds of booking `r`. */
function refundMails(app: CoreApp, r: core.Record, refunded: boolean): QueuedMail[] {
  return r.getString('status') === 'cancelled' ? cancellationMails(r, refunded, movementsOfRecords(r, chargesOfBooking(app, r.id))) : paymentConflictMails(r, refunded);
}

/** A card refund to ask Stripe for. */
interface CardRefund {
  /** '' for the deposit, else the charge's id. */
  chargeId: string;
  paymentIntentId: string;
  key: string;
  /** The amount when it is less than the whole payment, else 0. */
  partCents: number;
  amountCents: number;
}

/** The card refunds booking `b` waits for (one per charge, its parts together). */
function cardRefundsDue(b: core.Record, charges: core.Record[]): CardRefund[] {
  const due = movementsOfRecords(b, charges).filter((m: Movement) => m.direction === 'refund' && m.status === 'pending' && isCardMethod(m.method));
  const out: CardRefund[] = [];
  for (const m of due) {
    const chargeId = m.of === 'deposit' ? '' : m.of!.split('#')[0]!;
    if (out.some((r) => r.chargeId === chargeId)) continue;
    if (!chargeId) {
      out.push({ chargeId, paymentIntentId: b.getString('payment_intent_id'), key: `refund-${b.id}`, partCents: 0, amountCents: b.getInt('deposit_amount') });
      continue;
    }
    const c = charges.find((x) => x.id === chargeId)!;
    const amount = c.getInt('refund_amount') || c.getInt('amount');
    out.push({ chargeId, paymentIntentId: c.getString('stripe_payment_intent_id'), key: `refund-charge-${c.id}`, partCents: amount < c.getInt('amount') ? amount : 0, amountCents: amount });
  }
  return out;
}

/** Whether booking `b` has money waiting to be given back by hand. */
function refundsByHand(b: core.Record, charges: core.Record[]): boolean {
  return movementsOfRecords(b, charges).some((m) => m.direction === 'refund' && m.status === 'to_return');
}

/**
 * Runs the refunds booking `bookingId` waits for. True when everything is refunded (false while a
 * card refund failed or money waits to be given back by hand). Never throws for Stripe.
 */
export function runRefunds(app: CoreApp, bookingId: string): boolean {
  const rec = findBooking(app, bookingId);
  if (!rec) return false;
  const charges = chargesOfBooking(app, bookingId);
  const jobs = cardRefundsDue(rec, charges);
  const byHand = refundsByHand(rec, charges);
  if (jobs.length === 0 && !byHand && rec.getString('payment_status') !== 'refund_pending') return false;
  const made: { job: CardRefund; refundId: string }[] = [];
  let failed = false;
  for (const job of jobs) {
    if (rec.getString('payment_mode') !== 'stripe' || job.paymentIntentId.startsWith('demo_')) {
      made.push({ job, refundId: `demo_re_${$security.randomString(24)}` });
      continue;
    }
    try {
      if (!job.paymentIntentId) throw new Error('no payment intent to refund');
      const metadata: Record<string, string> = job.chargeId ? { booking_id: bookingId, charge_id: job.chargeId } : { booking_id: bookingId };
      made.push({ job, refundId: createRefund(job.paymentIntentId, job.key, metadata, job.partCents || undefined).id });
    } catch (err) {
      logError(`refund: booking ${bookingId}${job.chargeId ? ` charge ${job.chargeId}` : ''}: ${String(err)}`);
      failed = true;
    }
  }
  if (failed && made.length === 0) {
    sendMailNow(app, refundMails(app, rec, false));
    return false;
  }
  let allDone = false;
  let mailIds: string[] = [];
  app.runInTransaction((tx) => {
    const fresh = tx.findRecordById('bookings', bookingId);
    const at = toPbDate(nowMs());
    const receipts: QueuedMail[] = [];
    for (const { job, refundId } of made) {
      if (!job.chargeId) {
        if (fresh.getString('refund_id')) continue;
        fresh.set('deposit_refund', 'succeeded');
        fresh.set('refund_id', refundId);
        fresh.set('refunded_at', at);
      } else {
        const c = tx.findRecordById('charges', job.chargeId);
        if (c.getString('refund_status') !== 'pending') continue;
        c.set('refund_status', 'succeeded');
        c.set('refund_id', refundId);
        c.set('refunded_at', at);
        tx.save(c);
      }
      receipts.push(ledgerRefundReceiptMail(fresh, refundId, job.amountCents, ''));
    }
    syncPaymentStatus(tx, fresh);
    tx.save(fresh);
    const charges = chargesOfBooking(tx, bookingId);
    const cardsMade = cardRefundsDue(fresh, charges).length === 0;
    allDone = cardsMade && !refundsByHand(fresh, charges);
    mailIds = [...refundMails(tx, fresh, cardsMade), ...receipts].map((m) => queueMail(tx, m));
  });
  deliverMail(app, mailIds);
  return allDone && !failed;
}

/** Retries every card refund still pending (cron). Returns how many bookings now have all theirs made. */
export function retryPendingRefunds(app: CoreApp): number {
  const ids = new Set<string>();
  for (const r of app.findRecordsByFilter('bookings', "payment_status = 'refund_pending'", '', 100, 0)) ids.add(r!.id);
  for (const c of app.findRecordsByFilter('charges', "refund_status = 'pending'", '', 100, 0)) ids.add(c!.getString('booking'));
  return [...ids].filter((id) => {
    const b = findBooking(app, id);
    return !!b && cardRefundsDue(b, chargesOfBooking(app, id)).length > 0 && runRefunds(app, id);
  }).length;
}
